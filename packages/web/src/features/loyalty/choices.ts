import type { Page, Tier, TransactionType } from '@loyalty/contracts';
import { get } from '../../api/client.ts';
import type { Choices } from '../../components/resource.ts';

/** Tiers as choices of a select (a ladder is short: one page holds it). */
export const tierChoices: Choices = {
  key: 'tiers',
  load: async (signal) =>
    (await get<Page<Tier>>('/api/admin/tiers', { pageSize: 100, sort: 'minPoints:asc' }, signal)).items.map(
      (t) => ({
        value: t.id,
        label: t.name,
      }),
    ),
};

/** Earning transaction types (the ones rules apply to). */
export const earnTypeChoices: Choices = {
  key: 'earn-types',
  load: async (signal) =>
    (
      await get<Page<TransactionType>>(
        '/api/admin/transaction-types',
        { pageSize: 100, type: 'EARN' },
        signal,
      )
    ).items.map((t) => ({ value: t.id, label: `${t.name} (${t.code})` })),
};
