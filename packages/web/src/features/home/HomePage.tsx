import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../state/me.ts';

/** The dashboard home (spec §2, label "dashboard"). KPIs arrive with the reports work. */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  return (
    <Card>
      <Typography.Title level={3}>{t('home.welcome', { name: me?.fullName ?? '' })}</Typography.Title>
      <Typography.Paragraph>{t('home.intro')}</Typography.Paragraph>
    </Card>
  );
}
