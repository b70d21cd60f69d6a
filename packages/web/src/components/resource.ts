import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { ResourceApi } from '../api/resource.ts';

/** A choice of a `select` field or a list filter. */
export interface Choice {
  value: string | number;
  /** i18n key (fixed choices) or the text itself (choices loaded from the API). */
  label: string;
}

/** Choices of a select: fixed (labels are i18n keys) or loaded from the API (labels as they come). */
export type Choices = Choice[] | { key: string; load: (signal?: AbortSignal) => Promise<Choice[]> };

/** One form field; validation comes from the resource schema, never from here. */
export interface FieldDef<I> {
  name: keyof I & string;
  /** i18n key of the label. */
  label: string;
  /** `date` edits an ISO date (YYYY-MM-DD); `image` uploads a picture and holds its id. */
  input: 'text' | 'textarea' | 'number' | 'select' | 'date' | 'image';
  /** The choices of a `select`. */
  options?: Choices;
  /** i18n key shown by an empty `select` (e.g. "All tiers" for a nullable choice). */
  placeholder?: string;
  /** Fields whose change re-validates this one (cross-field refinements). */
  dependencies?: (keyof I & string)[];
}

/** A list filter kept in the URL as `?<name>=` (an allow-listed filter of the list endpoint). */
export interface FilterDef {
  name: string;
  /** i18n key of the filter's placeholder. */
  label: string;
  options: Choices;
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
 * Everything the generic screens need to know about one resource: the API, the shared schema,
 * the table columns and form fields, the permissions and the screens' paths.
 */
export interface ResourceDefinition<T extends { id: number }, I extends object> {
  /** Query-cache key. */
  key: string;
  api: ResourceApi<T, I>;
  /** The contracts schema the server validates with; drives the form's validation. */
  schema: z.ZodType<I>;
  fields: FieldDef<I>[];
  columns: ColumnDef<T>[];
  /** Columns the list endpoint can sort by (from contracts). */
  sortFields: readonly string[];
  /**
   * No `delete` for resources that are never deleted (e.g. maker-checker service types); no
   * `create` / `update` for records the back office only reads (e.g. customers).
   */
  permissions: { create?: string; update?: string; delete?: string };
  /** Where a click on a row leads (a detail screen), if anywhere. */
  rowLink?: (row: T) => string;
  paths: { list: string; create: string; edit: (id: number) => string };
  /** Select filters above the list, kept in the URL. */
  filters?: FilterDef[];
  messages: ResourceMessages;
}

/** Identity helper that keeps T and I inferred at the definition site. */
export function defineResource<T extends { id: number }, I extends object>(
  definition: ResourceDefinition<T, I>,
): ResourceDefinition<T, I> {
  return definition;
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
