import type { z } from 'zod';
import type { CommandDef, ReadPermission } from './commands.ts';

/** Sider menu groups of the web app, in menu order; labels are `menu.groups.<group>`. */
export const menuGroups = [
  'employeesCustomers',
  'loyalty',
  'rewards',
  'campaignsAnalytics',
  'messaging',
  'alerts',
  'applicationContent',
  'security',
  'approvalsLogs',
  'configuration',
  'integration',
] as const;
export type MenuGroup = (typeof menuGroups)[number];

/** The kinds of screen a resource may have in the web app. */
export const screenKinds = ['list', 'create', 'edit', 'view'] as const;
export type ScreenKind = (typeof screenKinds)[number];

/** One screen of a resource in the web app (spec §2). */
export interface Screen {
  /** Relative to /dashboard, exactly as spec §2 writes it (typos included), `:id` for {id}. */
  path: string;
  /** Title and menu label: `routes.<label>` in the web translations. */
  label: string;
  /**
   * Opened with the read permission instead of the command's: list and view always are; a create
   * screen is when it is more than a create form (the role form also edits; the staff permission
   * "create" screen only explains where permissions come from).
   */
  permission?: 'read';
}

/** Keys every list query has; the others are the resource's filters. */
type PagingKey = 'page' | 'pageSize' | 'sort' | 'q';

/**
 * One resource of the admin API, declared once in contracts: its path, schemas, sort fields and
 * filters, commands and read permission. The server's routes and list spec are typed against it
 * (a sort field or filter the server cannot serve is a compile error), and a test walks every
 * descriptor, sorting and filtering against the real database.
 */
export interface ResourceDescriptor<
  Item extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Sort extends string = string,
> {
  /** Plural kebab-case noun: the list is `GET /api/admin/<name>`, a record `/api/admin/<name>/{id}`. */
  name: string;
  /**
   * The area: its folder in every package (contracts `src/<area>`, server `modules/<area>`, web
   * `features/<area>`, but `features/employees` for `identity`); web/src/app/recipe.test.ts holds it.
   */
  area: string;
  /** OpenAPI tag of the resource's operations. */
  tag: string;
  item: Item;
  page: z.ZodType;
  /** The list query (`listQuerySchema(sortFields, filters)`). */
  query: Query;
  sortFields: readonly [Sort, ...Sort[]];
  /** Who may read it; undefined when reading is ruled by the service (approval requests). */
  read?: ReadPermission;
  commands: Record<string, CommandDef>;
  /**
   * The resource's screens in the web app. The web derives their routes: permission `read.code`
   * for list and view, `commands.create.name` for create, `commands.update.name` for edit;
   * every screen but the list has the list as its menu parent.
   */
  screens?: Partial<Record<ScreenKind, Screen>>;
  /** The sider-menu group of the list screen (the list is the resource's menu entry). */
  menu?: { group: MenuGroup };
}

/** Keeps the descriptor's types (item, query, sort fields) at the definition site. */
export function defineResource<Item extends z.ZodType, Query extends z.ZodType, const Sort extends string>(
  descriptor: ResourceDescriptor<Item, Query, Sort>,
): ResourceDescriptor<Item, Query, Sort> {
  return descriptor;
}

/** A resource's sort fields. */
export type SortFieldOf<R> = R extends ResourceDescriptor<z.ZodType, z.ZodType, infer S> ? S : never;
/** A resource's list query, as validated. */
export type ListQueryOf<R> = R extends ResourceDescriptor<z.ZodType, infer Q, string> ? z.output<Q> : never;
/** The names of a list query's filters: every key but paging, sort and search. */
export type FilterKeyOf<Q> = Exclude<keyof Q, PagingKey> & string;

/** `/vouchers`: the resource's path under `/api/admin`. */
export const resourcePath = (r: Pick<ResourceDescriptor, 'name'>) => `/${r.name}`;
