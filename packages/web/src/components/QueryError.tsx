import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { Alert } from './Alert.tsx';

/** A failed query: the translated error code and a retry button. */
export function QueryError({
  query,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
}) {
  const { t } = useTranslation();
  if (!query.isError) return null;
  const code = query.error instanceof ApiError ? query.error.code : 'INTERNAL';
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={t(`error.${code}`)}
      action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
    />
  );
}
