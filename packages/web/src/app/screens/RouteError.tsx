import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown when a page throws while rendering (page-load failures have their own screen). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('msg.somethingWentWrong')}
      subTitle={t('common.unexpectedError')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
