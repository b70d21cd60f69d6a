import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLangNavigate } from '../../i18n/lang.ts';

/** Placeholder for screens not built yet (and the spec's own `ComingSoon` route). */
export default function ComingSoon() {
  const { t } = useTranslation();
  const navigate = useLangNavigate();
  return (
    <Result
      status="info"
      title={t('common.comingSoonTitle')}
      subTitle={t('common.comingSoonText')}
      extra={<Button onClick={() => navigate('/dashboard')}>{t('common.backToDashboard')}</Button>}
    />
  );
}
