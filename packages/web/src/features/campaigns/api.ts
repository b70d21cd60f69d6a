import {
  type CampaignInput,
  type CampaignPerformance,
  campaignResource,
  type EligibilityCriterion,
  eligibilityCriterionResource,
  localName,
  localNameEnAr,
  type Tier,
  type TransactionType,
  tierResource,
  transactionTypeResource,
} from '@loyalty/contracts';
import { resourceApi, resourceEndpoint } from '../../api/resource.ts';
import { apiGet, apiWrite } from '../../api/typed.ts';
import { listChoices } from '../../components/resource.ts';

export const campaignApi = resourceApi<typeof campaignResource, CampaignInput>(campaignResource);

/** The status actions and the performance report. */
export const campaignsApi = {
  action: (id: number, action: 'activate' | 'pause' | 'end') =>
    action === 'activate'
      ? apiWrite('post', '/api/admin/campaigns/{id}/activate', { path: { id } })
      : action === 'pause'
        ? apiWrite('post', '/api/admin/campaigns/{id}/pause', { path: { id } })
        : apiWrite('post', '/api/admin/campaigns/{id}/end', { path: { id } }),
  performance: (
    query: { from: string; to: string; campaignId?: number },
    signal?: AbortSignal,
  ): Promise<CampaignPerformance> => apiGet('/api/admin/campaigns/performance', { query, signal }),
};

/** A record's name in the screen's language. */
export const nameIn = localNameEnAr;

export const earnTypeChoices = listChoices<TransactionType>({
  key: 'transaction-types-earn',
  path: resourceEndpoint(transactionTypeResource),
  query: { sort: 'name:asc', type: 'EARN' },
  label: (t, lang) => `${localName(t, lang)} (${t.code})`,
});

export const tierChoices = listChoices<Tier>({
  key: 'tiers',
  path: resourceEndpoint(tierResource),
  query: { sort: 'minPoints:asc' },
  label: (t, lang) => localName(t, lang),
});

export const criterionChoices = listChoices<EligibilityCriterion>({
  key: 'eligibility-criteria',
  path: resourceEndpoint(eligibilityCriterionResource),
  query: { sort: 'priority:asc' },
  label: (c, lang) => nameIn(c, lang),
});
