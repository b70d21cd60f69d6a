import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useLangNavigate } from '../../i18n/lang.ts';

/** Placeholder for public screens not built yet (forgot / change password). */
export default function PublicComingSoon() {
  const { t } = useTranslation();
  const navigate = useLangNavigate();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status="info"
        title={t('common.comingSoonTitle')}
        subTitle={t('common.comingSoonText')}
        extra={
          <Flex gap={16} justify="center" align="center">
            <Button type="primary" onClick={() => navigate('/')}>
              {t('common.backToSignIn')}
            </Button>
            <LanguageSwitch />
          </Flex>
        }
      />
    </main>
  );
}
