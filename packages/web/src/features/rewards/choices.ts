import type { Page, RewardCategory, Store } from '@loyalty/contracts';
import { get } from '../../api/client.ts';
import type { Choices } from '../../components/resource.ts';

const byName = { pageSize: 100, sort: 'name:asc' };

/** Reward categories as choices of a select. */
export const categoryChoices: Choices = {
  key: 'reward-categories',
  load: async (signal) =>
    (await get<Page<RewardCategory>>('/api/admin/reward-categories', byName, signal)).items.map((c) => ({
      value: c.id,
      label: c.name,
    })),
};

/** Partner stores as choices of a select. */
export const storeChoices: Choices = {
  key: 'stores',
  load: async (signal) =>
    (await get<Page<Store>>('/api/admin/stores', byName, signal)).items.map((s) => ({
      value: s.id,
      label: s.name,
    })),
};
