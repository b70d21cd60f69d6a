import {
  type WebhookEndpoint,
  type WebhookEndpointInput,
  webhookEndpointCommands,
  webhookEndpointFields,
  webhookEndpointResource,
  webhookEndpointSortFields,
  webhookEndpointStatuses,
  webhookEventTypes,
} from '@loyalty/contracts';
import { resourceApi } from '../../api/resource.ts';
import { Ltr } from '../../components/format.tsx';
import { defineResource, fixedChoices, screenLink, screenPaths } from '../../components/resource.ts';
import { StatusTag } from '../../components/StatusTag.tsx';

export const endpointApi = resourceApi<typeof webhookEndpointResource, WebhookEndpointInput>(
  webhookEndpointResource,
);
export const eventChoices = fixedChoices(webhookEventTypes, 'webhooks.events');
export const endpointPaths = screenPaths(webhookEndpointResource);

/** Webhook endpoints (`Integration/Webhooks`): each opens its delivery log. */
export const endpointsResource = defineResource<WebhookEndpoint, WebhookEndpointInput>({
  key: 'webhook-endpoints',
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
  sortFields: webhookEndpointSortFields,
  permissions: {
    create: webhookEndpointCommands.create.name,
    update: webhookEndpointCommands.update.name,
    delete: webhookEndpointCommands.delete.name,
  },
  rowLink: (e) => screenLink(webhookEndpointResource, 'view', e.id),
  paths: endpointPaths,
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
