import {
  localName,
  type RewardCategory,
  rewardCategoryResource,
  type Store,
  storeResource,
} from '@loyalty/contracts';
import { resourceEndpoint } from '../../api/resource.ts';
import { listChoices } from '../../components/resource.ts';

/** Reward categories as choices of a select. */
export const rewardCategoryChoices = listChoices<RewardCategory>({
  key: 'reward-categories',
  path: resourceEndpoint(rewardCategoryResource),
  query: { sort: 'name:asc' },
  label: (c, lang) => localName(c, lang),
});

/** Partner stores as choices of a select. */
export const storeChoices = listChoices<Store>({
  key: 'stores',
  path: resourceEndpoint(storeResource),
  query: { sort: 'name:asc' },
  label: (s, lang) => localName(s, lang),
});
