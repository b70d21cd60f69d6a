import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A screen the user's permissions do not open. */
export default function Forbidden() {
  const { t } = useTranslation();
  return <Result status="403" title={t('common.forbiddenTitle')} subTitle={t('common.forbiddenText')} />;
}
