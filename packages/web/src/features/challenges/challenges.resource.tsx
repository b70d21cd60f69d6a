import {
  type Challenge,
  type ChallengeInput,
  type ChallengeParticipation,
  challengeFields,
  challengeGoalKinds,
  challengeParticipationResource,
  challengeParticipationStatuses,
  challengeResource,
  challengeStatuses,
  localText,
} from '@loyalty/contracts';
import type { TFunction } from 'i18next';
import { Day, formatPoints, Ltr } from '../../components/format.tsx';
import {
  customerInfoUrl,
  fixedChoices,
  messagesUnder,
  resourceUi,
  screenLink,
} from '../../components/resource.ts';
import { Tag } from '../../components/Tag.tsx';
import { nameIn } from '../campaigns/widgets.ts';
import { challengeApi } from './api.ts';

const statusColor: Record<Challenge['status'], string> = {
  DRAFT: 'default',
  ACTIVE: 'green',
  PAUSED: 'orange',
  ENDED: 'red',
};

export const ChallengeStatusTag = ({ status, t }: { status: Challenge['status']; t: TFunction }) => (
  <Tag color={statusColor[status]} data-testid="challenge-status">
    {t(`challenges.statuses.${status}`)}
  </Tag>
);

/** `Challenges`: status, goal, period, budget paid / total. */
export function challengeUi(t: TFunction, lang: string) {
  return resourceUi<Challenge, ChallengeInput>(challengeResource, {
    api: challengeApi,
    schema: challengeFields as never,
    fields: [],
    rowLink: (c) => screenLink(challengeResource, 'view', c.id),
    columns: [
      {
        key: 'nameEn',
        label: 'challenges.fields.name',
        render: (c) => <span style={{ display: 'inline-block', maxWidth: '18rem' }}>{nameIn(c, lang)}</span>,
      },
      {
        key: 'status',
        label: 'challenges.fields.status',
        render: (c) => <ChallengeStatusTag status={c.status} t={t} />,
      },
      {
        key: 'goalKind',
        label: 'challenges.fields.goalKind',
        render: (c) => t(`challenges.goalKinds.${c.goalKind}`),
      },
      {
        key: 'enrolment',
        label: 'challenges.fields.enrolment',
        render: (c) => t(`challenges.enrolments.${c.enrolment}`),
      },
      { key: 'startsAt', label: 'challenges.fields.startsAt', render: (c) => <Day iso={c.startsAt} /> },
      { key: 'endsAt', label: 'challenges.fields.endsAt', render: (c) => <Day iso={c.endsAt} /> },
      {
        key: 'spent',
        label: 'challenges.fields.budgetUsed',
        render: (c) => (
          <Ltr>
            {formatPoints(c.spent)} / {formatPoints(c.budget)}
          </Ltr>
        ),
      },
    ],
    filters: [
      {
        name: 'status',
        label: 'challenges.fields.status',
        options: fixedChoices(challengeStatuses, 'challenges.statuses'),
      },
      {
        name: 'goalKind',
        label: 'challenges.fields.goalKind',
        options: fixedChoices(challengeGoalKinds, 'challenges.goalKinds'),
      },
    ],
    messages: {
      created: 'challenges.created',
      updated: 'challenges.updated',
      createFailed: 'challenges.createFailed',
      updateFailed: 'challenges.updateFailed',
      fetchFailed: 'challenges.fetchFailed',
      deleteFailed: 'challenges.deleteFailed',
      deleteConfirm: 'challenges.deleteConfirm',
      loading: 'challenges.loading',
      search: 'challenges.search',
    },
  });
}

/**
 * A challenge's participants on its page (a customer per cycle), searched by the customer, filtered
 * by whether they completed it, exported; a row opens the customer's info. `unit`: the progress in
 * the challenge's goal (transactions, amount, days, types).
 */
export function challengeParticipationUi(challenge: Challenge, lang: string, unit: (n: number) => string) {
  // No screens of its own: the list lives on the challenge's page.
  const page = screenLink(challengeResource, 'view', challenge.id);
  return resourceUi<ChallengeParticipation, object>(challengeParticipationResource, {
    paths: { list: page, create: page, edit: () => page },
    schema: challengeFields as never,
    fields: [],
    scope: { challengeId: challenge.id },
    rowLink: (p) => customerInfoUrl(p.customerId),
    columns: [
      {
        key: 'customerNumber',
        label: 'challenges.report.customer',
        render: (p) => (
          <span>
            {localText(p.fullName, p.fullNameAr, lang)} · <Ltr>{p.customerNumber}</Ltr>
          </span>
        ),
      },
      { key: 'joinedAt', label: 'challenges.report.joinedAt', render: (p) => <Day iso={p.joinedAt} /> },
      { key: 'progress', label: 'challenges.report.progress', render: (p) => unit(p.progress) },
      { key: 'stepsReached', label: 'challenges.report.stepsReached' },
      { key: 'pointsPaid', label: 'challenges.report.pointsPaid', render: (p) => formatPoints(p.pointsPaid) },
      {
        key: 'completedAt',
        label: 'challenges.participations.completedAt',
        render: (p) => <Day iso={p.completedAt} />,
      },
    ],
    filters: [
      {
        name: 'status',
        label: 'challenges.participations.status',
        options: fixedChoices(challengeParticipationStatuses, 'challenges.participations.statuses'),
      },
    ],
    messages: messagesUnder('challenges.participations'),
  });
}
