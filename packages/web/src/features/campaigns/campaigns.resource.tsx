import {
  type Campaign,
  type CampaignInput,
  campaignBonusKinds,
  campaignFields,
  campaignResource,
  campaignStatuses,
} from '@loyalty/contracts';
import type { TFunction } from 'i18next';
import { Day, formatPoints, formatShare, Ltr } from '../../components/format.tsx';
import { Progress } from '../../components/Progress.tsx';
import { fixedChoices, resourceUi } from '../../components/resource.ts';
import { Tag } from '../../components/Tag.tsx';
import { campaignApi, nameIn } from './api.ts';

export const campaignStatusColor: Record<Campaign['status'], string> = {
  DRAFT: 'default',
  SCHEDULED: 'blue',
  ACTIVE: 'green',
  PAUSED: 'orange',
  ENDED: 'red',
};

export const CampaignStatusTag = ({ status, t }: { status: Campaign['status']; t: TFunction }) => (
  <Tag color={campaignStatusColor[status]} data-testid="campaign-status">
    {t(`campaigns.statuses.${status}`)}
  </Tag>
);

/** How much of the campaign's budget it has awarded: a bar and the figures. */
export const BudgetUsed = ({
  campaign: c,
  t,
  testId,
}: {
  campaign: Campaign;
  t: TFunction;
  testId: string;
}) => (
  <div style={{ minWidth: 160 }} data-testid={testId}>
    <Progress
      percent={Math.min(100, Math.floor((c.spent / c.budget) * 1000) / 10)}
      size="small"
      format={(percent) => <Ltr>{formatShare((percent ?? 0) / 100)}</Ltr>}
      aria-label={t('campaigns.fields.budgetUsed')}
    />
    <Ltr>
      {formatPoints(c.spent)} / {formatPoints(c.budget)}
    </Ltr>
  </div>
);

/** `matrix/campaign`: status, period, budget used / total, points issued, customers reached. */
export function campaignUi(t: TFunction, lang: string) {
  return resourceUi<Campaign, CampaignInput>(campaignResource, {
    api: campaignApi,
    schema: campaignFields as never,
    fields: [],
    columns: [
      {
        key: 'nameEn',
        label: 'campaigns.fields.name',
        // A long name wraps, so the list fits at 1366 px without hiding its last column.
        render: (c) => <span style={{ display: 'inline-block', maxWidth: '18rem' }}>{nameIn(c, lang)}</span>,
      },
      {
        key: 'status',
        label: 'campaigns.fields.status',
        render: (c) => <CampaignStatusTag status={c.status} t={t} />,
      },
      {
        key: 'startsAt',
        label: 'campaigns.fields.startsAt',
        render: (c) => <Day iso={c.startsAt} />,
      },
      {
        key: 'endsAt',
        label: 'campaigns.fields.endsAt',
        render: (c) => <Day iso={c.endsAt} />,
      },
      {
        key: 'spent',
        label: 'campaigns.fields.budgetUsed',
        render: (c) => <BudgetUsed campaign={c} t={t} testId={`budget-${c.id}`} />,
      },
      {
        key: 'customersReached',
        label: 'campaigns.fields.customersReached',
        render: (c) => formatPoints(c.customersReached),
      },
    ],
    filters: [
      {
        name: 'status',
        label: 'campaigns.fields.status',
        options: fixedChoices(campaignStatuses, 'campaigns.statuses'),
      },
      {
        name: 'bonusKind',
        label: 'campaigns.fields.bonusKind',
        options: fixedChoices(campaignBonusKinds, 'campaigns.bonusKinds'),
      },
    ],
    messages: {
      created: 'campaigns.created',
      updated: 'campaigns.updated',
      createFailed: 'campaigns.createFailed',
      updateFailed: 'campaigns.updateFailed',
      fetchFailed: 'campaigns.fetchFailed',
      deleteFailed: 'campaigns.deleteFailed',
      deleteConfirm: 'campaigns.deleteConfirm',
      loading: 'campaigns.loading',
      search: 'campaigns.search',
    },
  });
}
