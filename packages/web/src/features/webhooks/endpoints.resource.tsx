import {
  type WebhookEndpoint,
  type WebhookEndpointInput,
  webhookEndpointFields,
  webhookEndpointResource,
  webhookEndpointStatuses,
  webhookEventTypes,
} from '@loyalty/contracts';
import { resourceApi } from '../../api/resource.ts';
import { Ltr } from '../../components/format.tsx';
import { fixedChoices, resourceUi, screenLink } from '../../components/resource.ts';
import { StatusTag } from '../../components/StatusTag.tsx';

export const endpointApi = resourceApi<typeof webhookEndpointResource, WebhookEndpointInput>(
  webhookEndpointResource,
);
export const eventChoices = fixedChoices(webhookEventTypes, 'webhooks.events');

/** Webhook endpoints (`Integration/Webhooks`): each opens its delivery log. */
export const webhookEndpointUi = resourceUi<WebhookEndpoint, WebhookEndpointInput>(webhookEndpointResource, {
  api: endpointApi,
  schema: webhookEndpointFields,
  fields: [
    { name: 'url', label: 'webhooks.fields.url', input: 'text' },
    { name: 'description', label: 'webhooks.fields.description', input: 'textarea' },
    {
      name: 'events',
      label: 'webhooks.fields.events',
      input: 'select',
      options: eventChoices,
      multiple: true,
    },
    {
      name: 'status',
      label: 'webhooks.fields.status',
      input: 'select',
      options: fixedChoices(webhookEndpointStatuses, 'webhooks.statuses'),
    },
    { name: 'maxPerSecond', label: 'webhooks.fields.maxPerSecond', input: 'number' },
  ],
  columns: [
    { key: 'url', label: 'webhooks.fields.url', render: (e) => <Ltr>{e.url}</Ltr> },
    { key: 'description', label: 'webhooks.fields.description' },
    { key: 'events', label: 'webhooks.fields.events', render: (e) => e.events.length },
    {
      key: 'status',
      label: 'webhooks.fields.status',
      render: (e) => <StatusTag status={e.status} prefix="webhooks.statuses" />,
    },
  ],
  rowLink: (e) => screenLink(webhookEndpointResource, 'view', e.id),
  messages: {
    created: 'webhooks.endpoints.created',
    updated: 'webhooks.endpoints.updated',
    createFailed: 'webhooks.endpoints.createFailed',
    updateFailed: 'webhooks.endpoints.updateFailed',
    fetchFailed: 'webhooks.endpoints.fetchFailed',
    deleteFailed: 'webhooks.endpoints.deleteFailed',
    deleteConfirm: 'webhooks.endpoints.deleteConfirm',
    loading: 'webhooks.loading',
    search: 'webhooks.endpoints.search',
  },
});
