import {
  type AlertCategory,
  type AlertDelivery,
  type AlertSettings,
  type AlertSettingsInput,
  type AlertStats,
  alertCategoryResource,
  alertDeliveryResource,
  alertResource,
  type Page,
  type Tier,
  tierResource,
} from '@loyalty/contracts';
import { get, write } from '../../api/client.ts';
import { resourceEndpoint } from '../../api/resource.ts';
import { listChoices } from '../../components/resource.ts';

const deliveries = resourceEndpoint(alertDeliveryResource);

/** The alerts' calls beyond the plain CRUD of categories, groups and alerts. */
export const alertsApi = {
  stats: (id: number, signal?: AbortSignal) =>
    get<AlertStats>(`${resourceEndpoint(alertResource)}/${id}/stats`, undefined, signal),
  deliveries: (
    query: { page: number; pageSize: number; alertId?: number; customerId?: number; status?: string },
    signal?: AbortSignal,
  ) => get<Page<AlertDelivery>>(deliveries, query, signal),
  retry: (id: number) => write<AlertDelivery>('POST', `${deliveries}/${id}/retry`),
  settings: (signal?: AbortSignal) => get<AlertSettings>('/api/admin/alert-settings', undefined, signal),
  saveSettings: (input: AlertSettingsInput) =>
    write<AlertSettings>('PUT', '/api/admin/alert-settings', input),
  test: (input: { channel: string; to: string; settings: AlertSettingsInput }) =>
    write<{ ok: true; detail: string }>('POST', '/api/admin/alert-settings/test', input),
};

/** A record's name in the screen's language. */
export const nameIn = (r: { nameEn: string; nameAr: string }, lang: string) =>
  lang === 'ar' ? r.nameAr : r.nameEn;

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
