import type { Import, ImportLineError } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/DataTable.tsx';
import { Ltr } from '../../components/format.tsx';
import { Panel } from '../../components/Panel.tsx';
import { useAppSelector } from '../../state/store.ts';
import { importsApi } from './api.ts';

type FileRow = { line: number; values: string[] };

/**
 * The columns of a file's first rows: its line number, then each of the file's columns (titled by
 * `title`). The file's own column names and values are not translated; values without Arabic read
 * left to right.
 */
export function fileColumns(
  lineTitle: string,
  columns: string[],
  title: (column: string, index: number) => ReactNode,
) {
  return [
    { key: 'line', title: lineTitle, render: (_: unknown, r: FileRow) => r.line },
    ...columns.map((c, i) => ({
      key: `c${i}`,
      title: title(c, i),
      render: (_: unknown, r: FileRow) => {
        const value = r.values[i] ?? '';
        return /[\u0600-\u06FF]/.test(value) ? value : <Ltr>{value}</Ltr>;
      },
    })),
  ] satisfies DataColumn<FileRow>[];
}

/** The first rows of the file as read, and its bad lines with the link to the error file. */
export function ImportLines({ imp }: { imp: Import }) {
  const { t } = useTranslation();
  const token = useAppSelector((s) => s.auth.token);
  const preview = useQuery({
    queryKey: ['imports', 'preview', imp.id],
    queryFn: ({ signal }) => importsApi.preview(imp.id, signal),
  });
  const previewColumns = fileColumns(t('imports.line'), preview.data?.columns ?? [], (c) => (
    <span translate="no">{c}</span>
  ));
  const errorColumns: DataColumn<ImportLineError>[] = [
    { key: 'line', title: t('imports.line'), render: (_, e) => e.line },
    {
      key: 'field',
      title: t('imports.field'),
      render: (_, e) => (e.field ? <span translate="no">{e.field}</span> : '—'),
    },
    { key: 'reason', title: t('imports.reason'), render: (_, e) => t(`imports.reasons.${e.reason}`) },
  ];
  return (
    <Flex vertical gap={16}>
      <Panel title={t('imports.preview')}>
        <DataTable
          size="small"
          rowKey="line"
          columns={previewColumns}
          dataSource={preview.data?.rows}
          loading={preview.isFetching}
          pagination={false}
        />
      </Panel>
      <Panel
        title={t('imports.errors', { count: imp.invalidLines })}
        extra={
          imp.errors.length > 0 && (
            <Button onClick={() => void importsApi.errorFile(imp.id, token)}>
              {t('imports.downloadErrors')}
            </Button>
          )
        }
      >
        <DataTable
          size="small"
          rowKey={(e) => `${e.line}-${e.field ?? ''}-${e.reason}`}
          columns={errorColumns}
          dataSource={imp.errors}
          locale={{ emptyText: t('imports.noErrors') }}
          pagination={false}
        />
      </Panel>
    </Flex>
  );
}
