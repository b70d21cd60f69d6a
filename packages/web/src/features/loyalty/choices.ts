import {
  localName,
  type Tier,
  type TransactionType,
  tierResource,
  transactionTypeResource,
} from '@loyalty/contracts';
import { resourceEndpoint } from '../../api/resource.ts';
import { listChoices } from '../../components/resource.ts';

/** Tiers as choices of a select, lowest first. */
export const tierChoices = listChoices<Tier>({
  key: 'tiers',
  path: resourceEndpoint(tierResource),
  query: { sort: 'minPoints:asc' },
  label: (t, lang) => localName(t, lang),
});

/** Earning transaction types (the ones rules apply to). */
export const earnTypeChoices = listChoices<TransactionType>({
  key: 'earn-types',
  path: resourceEndpoint(transactionTypeResource),
  query: { type: 'EARN' },
  label: (t, lang) => `${localName(t, lang)} (${t.code})`,
});
