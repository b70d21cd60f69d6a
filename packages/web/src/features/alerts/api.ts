import {
  type AlertCategory,
  type AlertChannel,
  type AlertDelivery,
  type AlertSettings,
  type AlertSettingsInput,
  type AlertStats,
  alertCategoryResource,
  localNameEnAr,
  type Page,
  type Tier,
  tierResource,
} from '@loyalty/contracts';
import { resourceEndpoint } from '../../api/resource.ts';
import { apiGet, apiWrite } from '../../api/typed.ts';
import { listChoices } from '../../components/resource.ts';

/** The alerts' calls beyond the plain CRUD of categories, groups and alerts. */
export const alertsApi = {
  stats: (id: number, signal?: AbortSignal): Promise<AlertStats> =>
    apiGet('/api/admin/alerts/{id}/stats', { path: { id }, signal }),
  deliveries: (
    query: { page: number; pageSize: number; alertId?: number; customerId?: number; status?: string },
    signal?: AbortSignal,
  ): Promise<Page<AlertDelivery>> => apiGet('/api/admin/alert-deliveries', { query, signal }),
  retry: (id: number) => apiWrite('post', '/api/admin/alert-deliveries/{id}/retry', { path: { id } }),
  settings: (signal?: AbortSignal): Promise<AlertSettings> => apiGet('/api/admin/alert-settings', { signal }),
  saveSettings: (input: AlertSettingsInput) => apiWrite('put', '/api/admin/alert-settings', { body: input }),
  test: (input: { channel: AlertChannel; to: string; settings: AlertSettingsInput }) =>
    apiWrite('post', '/api/admin/alert-settings/test', { body: input }),
};

/** A record's name in the screen's language. */
export const nameIn = localNameEnAr;

const categoriesIn = (lang: 'en' | 'ar') =>
  listChoices<AlertCategory>({
    key: `alert-categories-${lang}`,
    path: resourceEndpoint(alertCategoryResource),
    query: { sort: 'nameEn:asc' },
    label: (c) => nameIn(c, lang),
  });
const categoriesByLang = { en: categoriesIn('en'), ar: categoriesIn('ar') };
/** Alert categories, named in the screen's language. */
export const alertCategoryChoices = (lang: 'en' | 'ar') => categoriesByLang[lang];

/** Tiers (an alert's audience), lowest first. */
export const audienceTierChoices = listChoices<Tier>({
  key: 'tiers',
  path: resourceEndpoint(tierResource),
  query: { sort: 'minPoints:asc' },
  label: (t) => t.name,
});
