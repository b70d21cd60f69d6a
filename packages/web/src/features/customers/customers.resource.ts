import {
  type Customer,
  customerSegments,
  customerSortFields,
  customerStatuses,
  customerStatusInput,
} from '@loyalty/contracts';
import { createElement } from 'react';
import { resourceApi } from '../../api/resource.ts';
import { formatPoints, ltrText } from '../../components/format.tsx';
import { defineResource } from '../../components/resource.ts';
import { tierChoices } from '../loyalty/choices.ts';
import { StatusTag } from './StatusTag.tsx';

export const statusChoices = customerStatuses.map((s) => ({ value: s, label: `customers.statuses.${s}` }));
export const segmentChoices = customerSegments.map((s) => ({ value: s, label: `customers.segments.${s}` }));

/**
 * Customers (PRODUCT §3.1): searched by number, name, mobile or e-mail, filtered by tier, status
 * and segment; a row opens customer/info. Channels create them; staff only read them here.
 */
export const customersResource = defineResource<Customer, object>({
  key: 'customers',
  api: resourceApi<Customer, object>('/api/admin/customers'),
  schema: customerStatusInput,
  fields: [],
  columns: [
    { key: 'customerNumber', label: 'customers.fields.customerNumber' },
    { key: 'fullName', label: 'customers.fields.fullName' },
    { key: 'mobile', label: 'customers.fields.mobile', render: (c) => (c.mobile ? ltrText(c.mobile) : '—') },
    { key: 'email', label: 'customers.fields.email' },
    { key: 'tierName', label: 'customers.fields.tier' },
    { key: 'balance', label: 'customers.fields.balance', render: (c) => formatPoints(c.balance) },
    {
      key: 'status',
      label: 'customers.fields.status',
      render: (c) => createElement(StatusTag, { status: c.status }),
    },
    {
      key: 'lastActivityAt',
      label: 'customers.fields.lastActivityAt',
      render: (c) => c.lastActivityAt?.slice(0, 10) ?? '—',
    },
  ],
  sortFields: customerSortFields,
  filters: [
    { name: 'tierId', label: 'customers.fields.tier', options: tierChoices },
    { name: 'status', label: 'customers.fields.status', options: statusChoices },
    { name: 'segment', label: 'customers.fields.segment', options: segmentChoices },
  ],
  permissions: {},
  rowLink: (c) => `/dashboard/customer/info?id=${c.id}`,
  paths: {
    list: '/dashboard/customer',
    create: '/dashboard/customer',
    edit: (id) => `/dashboard/customer/info?id=${id}`,
  },
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
