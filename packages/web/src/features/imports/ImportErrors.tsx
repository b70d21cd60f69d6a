import type { Import, ImportLineError } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/DataTable.tsx';
import { Ltr } from '../../components/format.tsx';
import { Panel } from '../../components/Panel.tsx';
import { useAppSelector } from '../../state/store.ts';
import { importsApi } from './api.ts';

/** The first rows of the file as read, and its bad lines with the link to the error file. */
export function ImportLines({ imp }: { imp: Import }) {
  const { t } = useTranslation();
  const token = useAppSelector((s) => s.auth.token);
  const preview = useQuery({
    queryKey: ['imports', 'preview', imp.id],
    queryFn: ({ signal }) => importsApi.preview(imp.id, signal),
  });
  const previewColumns: DataColumn<{ line: number; values: string[] }>[] = [
    { key: 'line', title: t('imports.line'), render: (_, r) => r.line },
    ...(preview.data?.columns ?? []).map((c, i) => ({
      key: `c${i}`,
      // The file's own column names and values: not translated; values without Arabic read left to right.
      title: <span translate="no">{c}</span>,
      render: (_: unknown, r: { values: string[] }) => {
        const value = r.values[i] ?? '';
        return /[\u0600-\u06FF]/.test(value) ? value : <Ltr>{value}</Ltr>;
      },
    })),
  ];
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
          scroll={{ x: 'max-content' }}
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
