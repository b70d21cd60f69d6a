import { type FileLayout, importFileColumns } from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Select } from '../../components/Select.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { useCan } from '../../state/me.ts';
import { importsApi } from './api.ts';
import { fileColumns } from './ImportErrors.tsx';

/**
 * The preview of a file as its layout reads it, before the upload: its first rows, and above each
 * of its columns the kind's field it fills (the layout's saved mapping, changed here and saved on
 * the layout by `fileLayout.map`, to be reused by every upload with it).
 */
export function MappingPreview({ layout, file }: { layout: FileLayout; file: File }) {
  const { t } = useTranslation();
  const can = useCan();
  const outcome = useWriteOutcome();
  const queryClient = useQueryClient();
  const [mapping, setMapping] = useState<Record<string, string>>(layout.mapping);
  const preview = useQuery({
    queryKey: ['file-layouts', 'preview', layout.id, file.name, file.size, file.lastModified],
    queryFn: () => {
      const body = new FormData();
      body.append('file', file, file.name);
      return importsApi.previewByLayout(layout.id, body);
    },
    retry: false,
  });
  const fieldOf = (column: string) => Object.entries(mapping).find(([, c]) => c === column)?.[0];
  const map = (column: string, field: string | undefined) => {
    const next = Object.fromEntries(Object.entries(mapping).filter(([f, c]) => c !== column && f !== field));
    setMapping(field ? { ...next, [field]: column } : next);
  };
  const fields = importFileColumns[layout.kind].map((f) => ({ value: f, label: f }));
  const columns = fileColumns(t('imports.line'), preview.data?.columns ?? [], (c) => (
    <Flex vertical gap={4}>
      <span translate="no">{c}</span>
      <Select
        allowClear
        aria-label={`${t('imports.mapping')}: ${c}`}
        placeholder={t('imports.notMapped')}
        value={fieldOf(c)}
        options={fields}
        onChange={(v: string | undefined) => map(c, v)}
        style={{ minWidth: 160 }}
      />
    </Flex>
  ));
  const save = async () => {
    await outcome(importsApi.saveMapping(layout.id, mapping), {
      success: 'imports.mappingSaved',
      failure: 'imports.mappingFailed',
    });
    await queryClient.invalidateQueries({ queryKey: ['file-layouts'] });
  };
  const refusal = preview.error instanceof ApiError ? preview.error : undefined;
  return (
    <Panel
      title={t('imports.mapping')}
      extra={
        can('fileLayout.map') && (
          <Button onClick={save} disabled={!preview.data}>
            {t('imports.saveMapping')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('imports.mappingHelp')}</Typography.Paragraph>
      {refusal ? (
        <Flex vertical role="alert">
          <Typography.Text type="danger" strong>
            {t('imports.previewFailed')}
          </Typography.Text>
          {refusal.errors.map((e) => (
            <Typography.Text type="danger" key={`${e.path}-${e.message}`}>
              {t(e.message)}
            </Typography.Text>
          ))}
        </Flex>
      ) : (
        <DataTable
          size="small"
          rowKey="line"
          columns={columns}
          dataSource={preview.data?.rows}
          loading={preview.isFetching}
          pagination={false}
        />
      )}
    </Panel>
  );
}
