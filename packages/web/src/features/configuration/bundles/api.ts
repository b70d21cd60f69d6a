import {
  type ConfigItem,
  type ConfigItemInput,
  type ConfigItemUpdateInput,
  type ConfigItemVersion,
  configItemScreens,
} from '@loyalty/contracts';
import { apiGet, apiWrite } from '../../../api/typed.ts';
import { screenUrl } from '../../../components/resource.ts';

/** A bundle's items and versions, and one item's writes (`/config-bundles/{id}/items`, `/config-items/{id}`). */
export const configApi = {
  items: (bundleId: number, signal?: AbortSignal): Promise<ConfigItem[]> =>
    apiGet('/api/admin/config-bundles/{id}/items', { path: { id: bundleId }, signal }),
  versions: (bundleId: number, signal?: AbortSignal): Promise<ConfigItemVersion[]> =>
    apiGet('/api/admin/config-bundles/{id}/versions', { path: { id: bundleId }, signal }),
  item: (id: number, signal?: AbortSignal): Promise<ConfigItem> =>
    apiGet('/api/admin/config-items/{id}', { path: { id }, signal }),
  createItem: (bundleId: number, input: Omit<ConfigItemInput, 'bundleId'>) =>
    apiWrite('post', '/api/admin/config-bundles/{id}/items', { path: { id: bundleId }, body: input }),
  updateItem: (id: number, input: Omit<ConfigItemUpdateInput, 'id'>) =>
    apiWrite('put', '/api/admin/config-items/{id}', { path: { id }, body: input }),
  restore: (id: number, version: number) =>
    apiWrite('post', '/api/admin/config-items/{id}/restore', { path: { id }, body: { version } }),
  deleteItem: (id: number) => apiWrite('delete', '/api/admin/config-items/{id}', { path: { id } }),
};

/** Query-cache keys: every write to an item refreshes its bundle's items and versions. */
export const configKeys = {
  items: (bundleId: number) => ['config-bundles', bundleId, 'items'] as const,
  versions: (bundleId: number) => ['config-bundles', bundleId, 'versions'] as const,
  item: (id: number) => ['config-items', id] as const,
};

export const configPaths = {
  configure: (bundleId: number) => screenUrl(configItemScreens.configure, bundleId),
  editItem: (id: number) => screenUrl(configItemScreens.edit, id),
};
