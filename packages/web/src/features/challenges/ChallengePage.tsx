import { type Challenge, challengeCommands, challengeResource, localText } from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Popconfirm } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApprovalNotice } from '../../components/ApprovalNotice.tsx';
import { Descriptions } from '../../components/Descriptions.tsx';
import { Day, formatPoints, Ltr } from '../../components/format.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Progress } from '../../components/Progress.tsx';
import { ProblemPanel } from '../../components/plain.tsx';
import { ResourceTable } from '../../components/ResourceTable.tsx';
import { screenLink } from '../../components/resource.ts';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { useLang, useLangNavigate } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { challengeApi, challengesApi } from './api.ts';
import { ChallengeStatusTag, challengeParticipationUi } from './challenges.resource.tsx';
import { stepReward } from './stepReward.ts';

/** `Challenges/{id}`: the challenge's terms and status actions, its completion funnel by step, cost and participants. */
export default function ChallengePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const challenge = useQuery({
    queryKey: ['challenges', 'detail', id],
    queryFn: ({ signal }) => challengeApi.get(id, signal),
    enabled: valid,
  });
  const report = useQuery({
    queryKey: ['challenges', 'report', id],
    queryFn: ({ signal }) => challengesApi.report(id, signal),
    enabled: valid,
  });
  if (!valid || challenge.isError || report.isError) {
    return <ProblemPanel tone="warning" title={t('challenges.fetchFailed')} />;
  }
  if (!challenge.data || !report.data) return <InlineLoading text={t('challenges.loading')} />;
  return <ChallengeView challenge={challenge.data} report={report.data} />;
}

function ChallengeView({
  challenge: c,
  report,
}: {
  challenge: Challenge;
  report: NonNullable<Awaited<ReturnType<typeof challengesApi.report>>>;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const navigate = useLangNavigate();
  const outcome = useWriteOutcome();
  const queryClient = useQueryClient();
  const act = async (action: 'activate' | 'pause' | 'end') => {
    const done = await outcome(challengesApi.action(c.id, action), {
      success: `challenges.actions.${action}Done`,
      failure: `challenges.actions.${action}Failed`,
    });
    if (done.ok) await queryClient.invalidateQueries({ queryKey: ['challenges'] });
  };
  const s = c.status;
  const joined = report.funnel[0]?.customers ?? 0;
  const unit = useCallback(
    (n: number) => t(`challenges.units.${c.goalKind}`, { count: n, n: formatPoints(n) }),
    [t, c.goalKind],
  );
  const participations = useMemo(() => challengeParticipationUi(c, lang, unit), [c, lang, unit]);
  return (
    <Flex vertical gap={16}>
      <Panel
        title={localText(c.nameEn, c.nameAr, lang)}
        extra={
          <Flex gap={8} wrap>
            {s !== 'ACTIVE' && s !== 'ENDED' && can(challengeCommands.update.name) && (
              <Button onClick={() => navigate(screenLink(challengeResource, 'edit', c.id))}>
                {t('challenges.actions.edit')}
              </Button>
            )}
            {(s === 'DRAFT' || s === 'PAUSED') && can(challengeCommands.activate.name) && (
              <Button type="primary" onClick={() => act('activate')}>
                {t('challenges.actions.activate')}
              </Button>
            )}
            {s === 'ACTIVE' && can(challengeCommands.pause.name) && (
              <Button onClick={() => act('pause')}>{t('challenges.actions.pause')}</Button>
            )}
            {s !== 'ENDED' && s !== 'DRAFT' && can(challengeCommands.end.name) && (
              <Popconfirm title={t('challenges.actions.endConfirm')} onConfirm={() => act('end')}>
                <Button danger>{t('challenges.actions.end')}</Button>
              </Popconfirm>
            )}
          </Flex>
        }
      >
        <ApprovalNotice serviceId={challengeCommands.activate.name} />
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('challenges.fields.status')}>
            <ChallengeStatusTag status={s} t={t} />
          </Descriptions.Item>
          <Descriptions.Item label={t('challenges.fields.goalKind')}>
            {t(`challenges.goalKinds.${c.goalKind}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('challenges.fields.enrolment')}>
            {t(`challenges.enrolments.${c.enrolment}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('challenges.fields.startsAt')}>
            <Day iso={c.startsAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('challenges.fields.endsAt')}>
            <Day iso={c.endsAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('challenges.fields.rollingDays')}>
            {c.rollingDays === null ? t('challenges.form.fixedPeriod') : formatPoints(c.rollingDays)}
          </Descriptions.Item>
          <Descriptions.Item label={t('challenges.fields.description')}>
            {localText(c.descriptionEn, c.descriptionAr, lang) || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('challenges.fields.steps')} span={3}>
            <Flex vertical data-testid="challenge-steps">
              {c.steps.map((step, i) => (
                <span key={step.target}>
                  {t('challenges.report.step', { n: i + 1, target: unit(step.target) })}{' '}
                  {t('challenges.report.leadsTo')} {stepReward(t, step, lang)}
                </span>
              ))}
            </Flex>
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      <Panel title={t('challenges.report.funnel')}>
        <Flex vertical gap={8} data-testid="challenge-funnel">
          {report.funnel.map((f) => (
            <Flex key={f.step} gap={16} align="center" wrap>
              <span style={{ minWidth: 220 }}>
                {f.step === 0
                  ? t('challenges.report.joined')
                  : t('challenges.report.step', { n: f.step, target: unit(f.target) })}
              </span>
              <div style={{ flex: '1 1 240px' }}>
                <Progress
                  percent={joined ? Math.round((f.customers / joined) * 1000) / 10 : 0}
                  size="small"
                  aria-label={t('challenges.report.customers')}
                  format={() => <Ltr>{formatPoints(f.customers)}</Ltr>}
                />
              </div>
            </Flex>
          ))}
        </Flex>
      </Panel>
      <Panel title={t('challenges.report.cost')}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="challenge-cost">
          <Descriptions.Item label={t('challenges.report.participants')}>
            {formatPoints(report.cost.participants)}
          </Descriptions.Item>
          <Descriptions.Item label={t('challenges.report.completions')}>
            {formatPoints(report.cost.completions)}
          </Descriptions.Item>
          <Descriptions.Item label={t('challenges.fields.budgetUsed')}>
            <Ltr>
              {formatPoints(report.cost.pointsPaid)} / {formatPoints(report.cost.budget)}
            </Ltr>
          </Descriptions.Item>
          <Descriptions.Item label={t('challenges.report.reversed')}>
            {formatPoints(report.cost.pointsReversed)}
          </Descriptions.Item>
          <Descriptions.Item label={t('challenges.report.costPerCompletion')}>
            {report.cost.costPerCompletion === null ? '—' : formatPoints(report.cost.costPerCompletion)}
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      <ResourceTable resource={participations} title={t('challenges.report.participants')} />
    </Flex>
  );
}
