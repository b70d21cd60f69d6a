import {
  type Customer,
  churnBands,
  churnRead,
  customerResource,
  customerSegments,
  customerStatuses,
  customerStatusInput,
  localName,
  type Tier,
  tierResource,
} from '@loyalty/contracts';
import { createElement } from 'react';
import { resourceEndpoint } from '../../api/resource.ts';
import { formatPoints, ltrText } from '../../components/format.tsx';
import { LocalText } from '../../components/localized.tsx';
import {
  customerInfoUrl,
  fixedChoices,
  listChoices,
  resourceUi,
  screenPaths,
} from '../../components/resource.ts';
import { StatusTag } from '../../components/StatusTag.tsx';

export const statusChoices = fixedChoices(customerStatuses, 'customers.statuses');

/** The tier filter: tiers searched by name, lowest first. */
const tierChoices = listChoices<Tier>({
  key: 'tiers',
  path: resourceEndpoint(tierResource),
  query: { sort: 'minPoints:asc' },
  label: (t, lang) => localName(t, lang),
});
export const segmentChoices = customerSegments.map((s) => ({ value: s, label: `customers.segments.${s}` }));

/**
 * Customers (PRODUCT §3.1): searched by number, name, mobile or e-mail, filtered by tier, status
 * and segment; a row opens customer/info. Channels create them; staff only read them here.
 */
export const customerUi = resourceUi<Customer, object>(customerResource, {
  schema: customerStatusInput,
  fields: [],
  columns: [
    { key: 'customerNumber', label: 'customers.fields.customerNumber' },
    {
      key: 'fullName',
      label: 'customers.fields.fullName',
      // In the screen's script when the customer's name is known in it, else the other.
      render: (c) => createElement(LocalText, { en: c.fullName, ar: c.fullNameAr }),
    },
    { key: 'mobile', label: 'customers.fields.mobile', render: (c) => (c.mobile ? ltrText(c.mobile) : '—') },
    { key: 'email', label: 'customers.fields.email' },
    {
      key: 'tierName',
      label: 'customers.fields.tier',
      render: (c) =>
        c.tierName === null ? null : createElement(LocalText, { en: c.tierName, ar: c.tierNameAr }),
    },
    { key: 'balance', label: 'customers.fields.balance', render: (c) => formatPoints(c.balance) },
    {
      key: 'status',
      label: 'customers.fields.status',
      render: (c) => createElement(StatusTag, { status: c.status, prefix: 'customers.statuses' }),
    },
    {
      key: 'lastActivityAt',
      label: 'customers.fields.lastActivityAt',
      render: (c) => c.lastActivityAt?.slice(0, 10) ?? '—',
    },
  ],
  filters: [
    { name: 'tierId', label: 'customers.fields.tier', options: tierChoices },
    { name: 'status', label: 'customers.fields.status', options: statusChoices },
    { name: 'segment', label: 'customers.fields.segment', options: segmentChoices },
    {
      name: 'churnBand',
      label: 'customers.fields.churnRisk',
      options: churnBands.map((b) => ({ value: b, label: `customers.churnBands.${b}` })),
      permission: churnRead.code,
    },
  ],
  permissions: {},
  rowLink: (c) => customerInfoUrl(c.id),
  paths: screenPaths(customerResource, { edit: customerInfoUrl }),
  messages: {
    created: 'customers.saved',
    updated: 'customers.saved',
    createFailed: 'customers.fetchFailed',
    updateFailed: 'customers.fetchFailed',
    fetchFailed: 'customers.fetchFailed',
    deleteFailed: 'customers.fetchFailed',
    deleteConfirm: 'customers.fetchFailed',
    loading: 'customers.loading',
    search: 'customers.search',
  },
});
