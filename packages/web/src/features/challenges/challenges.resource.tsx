import {
  type Challenge,
  type ChallengeInput,
  challengeFields,
  challengeGoalKinds,
  challengeResource,
  challengeStatuses,
} from '@loyalty/contracts';
import type { TFunction } from 'i18next';
import { formatPoints, Ltr } from '../../components/format.tsx';
import { fixedChoices, resourceUi, screenLink } from '../../components/resource.ts';
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

const day = (iso: string) => iso.slice(0, 10);

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
      { key: 'startsAt', label: 'challenges.fields.startsAt', render: (c) => <Ltr>{day(c.startsAt)}</Ltr> },
      { key: 'endsAt', label: 'challenges.fields.endsAt', render: (c) => <Ltr>{day(c.endsAt)}</Ltr> },
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
