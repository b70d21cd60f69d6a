import { churnRead } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { pct } from '../../../components/format.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Statistic } from '../../../components/Statistic.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { useCan } from '../../../state/me.ts';
import { churnApi } from './api.ts';
import { bandColor, Drivers } from './drivers.tsx';

/** A customer's churn risk on customer/info: band, probability and what drives it (churn.read). */
export function CustomerChurnCard({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const allowed = can(churnRead.code);
  const score = useQuery({
    queryKey: ['churn', 'customer', customerId],
    queryFn: ({ signal }) => churnApi.customer(customerId, signal),
    enabled: allowed,
    retry: (n, e) => !(e instanceof ApiError && e.code === 'NOT_FOUND') && n < 2,
  });
  if (!allowed) return null;
  const s = score.data;
  return (
    <Panel
      style={{ flex: 2, minWidth: 280 }}
      size="small"
      title={t('analytics.churn.customer.title')}
      data-testid="customer-churn"
    >
      {s ? (
        <Space orientation="vertical">
          <Space>
            <Statistic value={pct(s.score)} />
            <Tag color={bandColor[s.band]}>{t(`analytics.churn.bands.${s.band}`)}</Tag>
            <Typography.Text type="secondary">
              {t('analytics.churn.customer.rank', { rank: s.rank })}
            </Typography.Text>
          </Space>
          <Drivers score={s} />
        </Space>
      ) : (
        <Typography.Text type="secondary">
          {score.isLoading ? '…' : t('analytics.churn.customer.notScored')}
        </Typography.Text>
      )}
    </Panel>
  );
}
