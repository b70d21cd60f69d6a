import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type Query } from '../api/client.ts';
import { downloadFile, type ExportFormat } from '../api/download.ts';
import type { ApiUrl, ExportablePath } from '../api/typed.ts';
import { useAppSelector } from '../state/store.ts';
import { useDataLoading } from '../state/useDataLoading.ts';
import { useToast } from '../state/useToast.ts';

/**
 * Export (CSV / Excel) of a list: every row matching the list's current search, filters and sort,
 * downloaded from `<endpoint>/export` behind the loading overlay; a refusal is toasted.
 */
export function ExportButton({
  endpoint,
  query,
  name,
}: {
  /** A documented list with an export, or a URL made from one (apiUrl, resourceEndpoint). */
  endpoint: ExportablePath | ApiUrl;
  query: Query;
  name: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const withOverlay = useDataLoading();
  const token = useAppSelector((s) => s.auth.token);
  const [busy, setBusy] = useState(false);

  const download = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await withOverlay(() => downloadFile(`${endpoint}/export`, query, token, `${name}.${format}`, format));
    } catch (e) {
      const code = e instanceof ApiError ? e.code : 'INTERNAL';
      toast.error(t('common.exportFailed'), t(`error.${code}`, { defaultValue: '' }) || undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', label: t('common.exportCsv') },
          { key: 'xlsx', label: t('common.exportXlsx') },
        ],
        onClick: ({ key }) => void download(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} data-testid={`${name}-export`}>
        {t('common.export')}
      </Button>
    </Dropdown>
  );
}
