import { type CustomerChallenge, localText } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { Day, formatPoints, Ltr } from '../../components/format.tsx';
import { Progress } from '../../components/Progress.tsx';
import { Tag } from '../../components/Tag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useLang } from '../../i18n/lang.ts';
import { challengesApi } from './api.ts';
import { stepReward } from './stepReward.ts';

const unitOf = (t: TFunction, kind: CustomerChallenge['goalKind'], n: number) =>
  t(`challenges.units.${kind}`, { count: n, n: formatPoints(n) });

/** customer/info's Challenges tab: the customer's challenges, joined or open to them, with progress toward each step. */
export function CustomerChallenges({ customerNumber }: { customerNumber: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const query = useQuery({
    queryKey: ['challenges', 'customer', customerNumber],
    queryFn: ({ signal }) => challengesApi.customer(customerNumber, signal),
  });
  if (query.isError) return <Alert type="warning" title={t('challenges.fetchFailed')} />;
  if (!query.data) return <Typography.Text>{t('challenges.loading')}</Typography.Text>;
  return (
    <DataTable
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={query.data}
      data-testid="customer-challenges"
      locale={{ emptyText: t('challenges.customer.none') }}
      columns={[
        {
          key: 'name',
          title: t('challenges.fields.name'),
          render: (_: never, c: CustomerChallenge) => localText(c.nameEn, c.nameAr, lang),
        },
        {
          key: 'joined',
          title: t('challenges.customer.state'),
          render: (_: never, c: CustomerChallenge) =>
            c.completedAt ? (
              <Tag color="green">{t('challenges.customer.completed')}</Tag>
            ) : c.joined ? (
              <Tag color="blue">{t('challenges.customer.inProgress')}</Tag>
            ) : (
              <Tag>{t('challenges.customer.notJoined')}</Tag>
            ),
        },
        {
          key: 'progress',
          title: t('challenges.report.progress'),
          render: (_: never, c: CustomerChallenge) => {
            const goal = c.steps[c.steps.length - 1]?.target ?? 1;
            return (
              <Flex vertical style={{ minWidth: 200 }} data-testid={`challenge-progress-${c.id}`}>
                <Progress
                  percent={Math.min(100, Math.round((c.progress / goal) * 1000) / 10)}
                  size="small"
                  aria-label={t('challenges.report.progress')}
                />
                <span>
                  {t('challenges.customer.of', {
                    progress: unitOf(t, c.goalKind, c.progress),
                    goal: unitOf(t, c.goalKind, goal),
                  })}
                </span>
              </Flex>
            );
          },
        },
        {
          key: 'steps',
          title: t('challenges.report.stepsReached'),
          render: (_: never, c: CustomerChallenge) =>
            `${formatPoints(c.stepsReached)} / ${formatPoints(c.steps.length)}`,
        },
        {
          key: 'pointsPaid',
          title: t('challenges.report.pointsPaid'),
          render: (_: never, c: CustomerChallenge) => formatPoints(c.pointsPaid),
        },
        {
          key: 'rewards',
          title: t('challenges.customer.rewards'),
          render: (_: never, c: CustomerChallenge) => (
            <Flex vertical data-testid={`challenge-rewards-${c.id}`}>
              {c.steps.map((s, i) => {
                const step = i + 1;
                const voucher = c.vouchers.find((v) => v.step === step);
                const unpaid = c.unpaidSteps.find((u) => u.step === step);
                return (
                  <span key={s.target}>
                    {t('challenges.customer.stepReward', { n: step, reward: stepReward(t, s, lang) })}
                    {voucher && (
                      <>
                        {' '}
                        <Tag color="green">
                          <Ltr>{voucher.code}</Ltr>
                        </Tag>
                      </>
                    )}
                    {unpaid && (
                      <>
                        {' '}
                        <Tag color="orange">{t(`challenges.unpaid.${unpaid.reason}`)}</Tag>
                      </>
                    )}
                  </span>
                );
              })}
            </Flex>
          ),
        },
        {
          key: 'endsAt',
          title: t('challenges.fields.endsAt'),
          render: (_: never, c: CustomerChallenge) => <Day iso={c.windowEndsAt ?? c.endsAt} />,
        },
      ]}
    />
  );
}

/** The simulate panel's lines: what the simulated transaction would move in the customer's challenges. */
export function ChallengePreview({
  query,
}: {
  query: { customerNumber: string; transactionTypeId: number; amount: number; occurredAt?: string };
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const preview = useQuery({
    queryKey: ['challenges', 'preview', query],
    queryFn: ({ signal }) => challengesApi.preview(query, signal),
  });
  if (!preview.data?.length) return null;
  return (
    <Flex vertical gap={8} data-testid="simulate-challenges">
      {preview.data.map((p) => (
        <Alert
          key={p.challengeId}
          type={p.qualifies ? 'success' : 'info'}
          showIcon
          data-testid="simulate-challenge"
          title={t(p.qualifies ? 'challenges.simulate.counts' : 'challenges.simulate.notCounted', {
            name: localText(p.nameEn, p.nameAr, lang),
            before: unitOf(t, p.goalKind, p.progressBefore),
            after: unitOf(t, p.goalKind, p.progressAfter),
            reason: t(`challenges.simulate.reasons.${p.reason}`),
          })}
          description={
            p.points > 0
              ? t('challenges.simulate.pays', {
                  steps: p.stepsReached.join(lang === 'ar' ? '، ' : ', '),
                  points: formatPoints(p.points),
                })
              : undefined
          }
        />
      ))}
    </Flex>
  );
}
