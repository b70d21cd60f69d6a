import type { Referral } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../api/typed.ts';
import { Alert } from '../../components/Alert.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { Descriptions } from '../../components/Descriptions.tsx';
import { Day, formatPoints, Ltr } from '../../components/format.tsx';
import { LocalText } from '../../components/localized.tsx';
import { Tag } from '../../components/Tag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { referralStatusColor } from './status.ts';

/** A referral's status, and why it was refused or not paid. */
function Status({ r }: { r: Referral }) {
  const { t } = useTranslation();
  return (
    <span data-testid="customer-referral-status">
      <Tag color={referralStatusColor[r.status]}>{t(`referrals.statuses.${r.status}`)}</Tag>
      {r.reason && <span>{t(`referrals.reasons.${r.reason}`)}</span>}
    </span>
  );
}

/**
 * customer/info's Referrals tab: the customer's referral code (none until their channel first asks
 * for it), who referred them, and the referrals they made with their status.
 */
export function CustomerReferrals({ customerNumber }: { customerNumber: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['referrals', 'customer', customerNumber],
    queryFn: ({ signal }) => apiGet('/api/admin/customer-referrals', { query: { customerNumber }, signal }),
  });
  if (query.isError) return <Alert type="warning" title={t('referrals.customer.fetchFailed')} />;
  if (!query.data) return <Typography.Text>{t('referrals.customer.loading')}</Typography.Text>;
  const { code, referredBy, referrals } = query.data;
  return (
    <Flex vertical gap={16} data-testid="customer-referrals">
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('referrals.customer.code')}>
          {code ? (
            <span data-testid="customer-referral-code">
              <Ltr>{code}</Ltr>
            </span>
          ) : (
            t('referrals.customer.noCode')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('referrals.customer.referredBy')}>
          {referredBy ? (
            <Flex gap={8} wrap align="center" data-testid="customer-referred-by">
              <Ltr>{referredBy.referrerNumber}</Ltr>
              <Status r={referredBy} />
            </Flex>
          ) : (
            t('referrals.customer.notReferred')
          )}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('referrals.customer.made')}</Typography.Title>
      <DataTable<Referral>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={referrals}
        data-testid="customer-referrals-made"
        locale={{ emptyText: t('referrals.customer.none') }}
        columns={[
          {
            key: 'createdAt',
            title: t('referrals.fields.createdAt'),
            render: (_: never, r: Referral) => <Day iso={r.createdAt} />,
          },
          {
            key: 'referred',
            title: t('referrals.fields.referred'),
            render: (_: never, r: Referral) => <Ltr>{r.referredNumber}</Ltr>,
          },
          {
            key: 'programme',
            title: t('referrals.fields.programme'),
            render: (_: never, r: Referral) =>
              r.programmeNameEn ? <LocalText en={r.programmeNameEn} ar={r.programmeNameAr} /> : '—',
          },
          {
            key: 'status',
            title: t('referrals.fields.status'),
            render: (_: never, r: Referral) => <Status r={r} />,
          },
          {
            key: 'paid',
            title: t('referrals.fields.paid'),
            render: (_: never, r: Referral) => formatPoints(r.referrerPoints),
          },
        ]}
      />
    </Flex>
  );
}
