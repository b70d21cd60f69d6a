import type { Page, ResourceDescriptor, ScreenKind } from '@loyalty/contracts';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import { get, type Query } from '../api/client.ts';
import { type ResourceApi, resourceApi } from '../api/resource.ts';
import type { ApiPath, ApiUrl } from '../api/typed.ts';

/** A choice of a `select` field or a list filter. */
export interface Choice {
  value: string | number;
  /** i18n key (fixed choices) or the text itself (choices loaded from the API). */
  label: string;
  /** Loaded choices of bilingual records: the text on the Arabic screen (see `localName`). */
  labelAr?: string;
}

/**
 * Choices searched on the server as the user types: a page of the list endpoint for the text
 * typed (`?q=`), and one record by id for a selected value that is not on the page shown.
 */
export interface RemoteChoices {
  /** Query-cache key. */
  key: string;
  /** The first page of choices matching `q` (all of them when `q` is undefined). */
  search: (q: string | undefined, signal?: AbortSignal) => Promise<Choice[]>;
  /** The choice of one value (e.g. `GET <path>/<id>`). */
  byId: (value: string | number, signal?: AbortSignal) => Promise<Choice>;
}

/** Choices of a select: fixed (labels are i18n keys) or searched on the server (labels as they come). */
export type Choices = Choice[] | RemoteChoices;

/** How many choices one search shows; typing narrows them on the server. */
export const CHOICES_PAGE_SIZE = 20;

/**
 * The records of a list endpoint as choices: `search` asks `GET path?q=&pageSize=` (plus fixed
 * `query`, e.g. a sort or a filter), `byId` asks `GET path/<id>`.
 */
export function listChoices<T extends { id: number }>({
  key,
  path,
  query = {},
  label,
}: {
  key: string;
  /** A documented list path, or a descriptor's endpoint (resourceEndpoint). */
  path: ApiPath<'get'> | ApiUrl;
  query?: Query;
  /** The choice's text in a language (bilingual records: `(row, lang) => localName(row, lang)`). */
  label: (row: T, lang: 'en' | 'ar') => string;
}): RemoteChoices {
  const choice = (row: T): Choice => {
    const en = label(row, 'en');
    const ar = label(row, 'ar');
    return { value: row.id, label: en, ...(ar === en ? {} : { labelAr: ar }) };
  };
  return {
    key,
    search: async (q, signal) =>
      (await get<Page<T>>(path, { ...query, q, pageSize: CHOICES_PAGE_SIZE }, signal)).items.map(choice),
    byId: async (value, signal) =>
      choice(await get<T>(`${path}/${encodeURIComponent(String(value))}`, undefined, signal)),
  };
}

/** Fixed choices whose labels are the i18n keys `<prefix>.<value>`. */
export function fixedChoices(values: readonly string[], prefix: string): Choice[] {
  return values.map((value) => ({ value, label: `${prefix}.${value}` }));
}

/** An input a form's page brings: antd's `Form.Item` hands it `id`, `value` and `onChange`. */
// biome-ignore lint/suspicious/noExplicitAny: each control holds its own kind of value
export type FieldControl = ComponentType<{ id?: string; value?: any; onChange?: (value: any) => void }>;

/**
 * The heavier inputs — antd's date and time pickers (≈ 31 KB gzipped), the image upload (≈ 28 KB)
 * — given to a form by the page of a resource that has such fields (e.g. `{ date: DayInput }`):
 * the form does not import them, so the pages of the other forms, and the lists that share a
 * resource's definition, do not download them (docs/performance.md, "First page").
 */
export type FieldControls = Partial<Record<'date' | 'time' | 'image', FieldControl>>;

/** One form field; validation comes from the resource schema, never from here. */
export interface FieldDef<I> {
  name: keyof I & string;
  /** i18n key of the label. */
  label: string;
  /**
   * `date` edits an ISO date (YYYY-MM-DD); `time` a time of day (HH:MM); `image` uploads a picture
   * and holds its id — each drawn by a control the form's page brings (`FieldControls`);
   * `switch` turns a boolean on and off.
   */
  input: 'text' | 'textarea' | 'number' | 'select' | 'date' | 'time' | 'image' | 'switch';
  /** The choices of a `select`. */
  options?: Choices;
  /** A `select` of several values (an array). */
  multiple?: boolean;
  /**
   * A widget shown after the field that edits form values itself (e.g. a map that sets the
   * latitude and longitude); it is rendered inside the form.
   */
  after?: ComponentType<FieldAddonProps>;
  /** i18n key shown by an empty `select` (e.g. "All tiers" for a nullable choice). */
  placeholder?: string;
  /** Fields whose change re-validates this one (cross-field refinements). */
  dependencies?: (keyof I & string)[];
}

/** What a field's `after` widget is given: a way to set form values as if the user typed them. */
export interface FieldAddonProps {
  setValues(values: Record<string, unknown>): void;
  /** The form's values as they stand (typed, not yet saved). */
  getValues(): Record<string, unknown>;
}

/** A list filter kept in the URL as `?<name>=` (an allow-listed filter of the list endpoint). */
export interface FilterDef {
  name: string;
  /** i18n key of the filter's placeholder. */
  label: string;
  options: Choices;
  /** A permission the filter needs besides the list's (hidden, and left out of the query, without it). */
  permission?: string;
}

export interface ColumnDef<T> {
  key: keyof T & string;
  /** i18n key of the column title. */
  label: string;
  render?: (row: T) => ReactNode;
}

/** i18n keys of what the UI says about this resource. */
export interface ResourceMessages {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
  fetchFailed: string;
  deleteFailed: string;
  deleteConfirm: string;
  /** Falls back to `common.deleted`. */
  deleted?: string;
  loading: string;
  search: string;
  /** Toast when an edit is submitted with missing fields; default: the first field's message. */
  editInvalid?: string;
}

/**
 * Everything the generic screens need to know about one resource: its contracts descriptor and
 * what it gives (API, sort fields, permissions, screens' paths), and the web's own part — the
 * table columns, form fields, filters and texts (`resourceUi`).
 */
export interface ResourceDefinition<T extends { id: number }, I extends object> {
  /** The resource's one definition (contracts); everything below that it can give, it gives. */
  descriptor: ResourceDescriptor;
  /** Query-cache key: the descriptor's name. */
  key: string;
  api: ResourceApi<T, I>;
  /** The contracts schema the server validates with; drives the form's validation. */
  schema: z.ZodType<I>;
  fields: FieldDef<I>[];
  columns: ColumnDef<T>[];
  /** Columns the list endpoint can sort by (the descriptor's). */
  sortFields: readonly string[];
  /**
   * The descriptor's `create` / `update` / `delete` commands. A resource that offers fewer (e.g.
   * maker-checker service types are never deleted; customers are only read) passes its own.
   */
  permissions: { create?: string; update?: string; delete?: string };
  /** Where a click on a row leads (a detail screen), if anywhere. */
  rowLink?: (row: T) => string;
  /** The screens' URLs, from the descriptor (`screenPaths(descriptor)`). */
  paths: ResourcePaths;
  /** Select filters above the list, kept in the URL. */
  filters?: FilterDef[];
  /**
   * Filters every request of the list carries, not shown (the parent's id of a list on its
   * parent's page): the list's and its export's.
   */
  scope?: Record<string, string | number>;
  messages: ResourceMessages;
}

/** What the descriptor gives a resource definition; `resourceUi` takes them from it unless passed. */
type FromDescriptor = 'descriptor' | 'key' | 'api' | 'sortFields' | 'permissions' | 'paths';

/** The web's part of a resource: fields, columns, filters, texts (and any derived part it overrides). */
export type ResourceUi<T extends { id: number }, I extends object> = Omit<
  ResourceDefinition<T, I>,
  FromDescriptor
> &
  Partial<Omit<Pick<ResourceDefinition<T, I>, FromDescriptor>, 'descriptor'>>;

/** customer/info, the customer's own screen (not a resource screen; see app/routes.ts). */
export const customerInfoUrl = (id: number) => `/dashboard/customer/info?id=${id}`;

/** URLs of a resource's screens under /dashboard. */
export interface ResourcePaths {
  list: string;
  create: string;
  edit: (id: number) => string;
}

/** `/dashboard/<path>`, with `:id` replaced when an id is given. */
export const screenUrl = (path: string, id?: number) =>
  `/dashboard/${id === undefined ? path : path.replace(':id', String(id))}`;

/** The URL of one screen of a resource's contracts descriptor; a missing screen is an error. */
export function screenLink(
  descriptor: Pick<ResourceDescriptor, 'name' | 'screens'>,
  kind: ScreenKind,
  id?: number,
): string {
  const screen = descriptor.screens?.[kind];
  if (!screen) throw new Error(`resource ${descriptor.name} has no ${kind} screen`);
  return screenUrl(screen.path, id);
}

/**
 * The URLs of a resource's screens, from its contracts descriptor (`screens`), so a spec path is
 * written once. Without a create screen, `create` is the list (the Create button needs a create
 * permission anyway); a resource without an edit screen passes its own `edit` (the role form edits
 * with `?id=`, a customer opens on customer/info), else it is an error at start-up.
 */
export function screenPaths(
  descriptor: Pick<ResourceDescriptor, 'name' | 'screens'>,
  overrides: Partial<ResourcePaths> = {},
): ResourcePaths {
  const list = screenLink(descriptor, 'list');
  if (!overrides.edit) screenLink(descriptor, 'edit'); // throws without an edit screen
  return {
    list,
    create: descriptor.screens?.create ? screenLink(descriptor, 'create') : list,
    edit: (id) => screenLink(descriptor, 'edit', id),
    ...overrides,
  };
}

/** The messages of a resource whose texts are all under one i18n prefix (`<prefix>.created`, …). */
export const messagesUnder = (prefix: string): Required<Omit<ResourceMessages, 'editInvalid'>> => ({
  created: `${prefix}.created`,
  updated: `${prefix}.updated`,
  deleted: `${prefix}.deleted`,
  createFailed: `${prefix}.createFailed`,
  updateFailed: `${prefix}.updateFailed`,
  fetchFailed: `${prefix}.fetchFailed`,
  deleteFailed: `${prefix}.deleteFailed`,
  deleteConfirm: `${prefix}.deleteConfirm`,
  loading: `${prefix}.loading`,
  search: `${prefix}.search`,
});

/**
 * A resource's definition in the web: its contracts descriptor, which gives the query key (its
 * name), the API (`resourceApi`), the sort fields, the permissions (its create, update and delete
 * commands) and the screens' paths (`screenPaths`), plus the web's own part (`ui`). One descriptor
 * per resource: the web names its companion after it (`tierResource` → `tierUi`).
 */
export function resourceUi<T extends { id: number }, I extends object>(
  descriptor: ResourceDescriptor,
  ui: ResourceUi<T, I>,
): ResourceDefinition<T, I> {
  const { create, update, delete: remove } = descriptor.commands;
  return {
    descriptor,
    key: descriptor.name,
    api: resourceApi(descriptor) as ResourceApi<T, I>,
    sortFields: descriptor.sortFields,
    permissions: {
      ...(create && { create: create.name }),
      ...(update && { update: update.name }),
      ...(remove && { delete: remove.name }),
    },
    ...ui,
    paths: ui.paths ?? screenPaths(descriptor),
  };
}

/** The form values of a record: the fields the form edits. */
export function formValuesOf<T extends { id: number }, I extends object>(
  resource: ResourceDefinition<T, I>,
  record: T,
): Partial<I> {
  return Object.fromEntries(
    resource.fields.map((f) => [f.name, (record as Record<string, unknown>)[f.name]]),
  ) as Partial<I>;
}
