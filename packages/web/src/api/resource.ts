import { type Page, type ResourceDescriptor, resourcePath } from '@loyalty/contracts';
import type { z } from 'zod';
import { get, type Query, type WriteResult, write } from './client.ts';
import type { ApiUrl } from './typed.ts';

/** The list query every resource endpoint takes (PRODUCT §4). */
export interface ListParams {
  page: number;
  pageSize: number;
  sort?: string;
  q?: string;
  /** Allow-listed filters of the endpoint (`?status=ACTIVE`). */
  [filter: string]: string | number | undefined;
}

/** CRUD calls of one `/api/admin/<resource>` endpoint. */
export interface ResourceApi<T, I> {
  /** `/api/admin/<name>`: the list's endpoint; its export is `<endpoint>/export`. */
  endpoint?: ApiUrl;
  list(params: ListParams, signal?: AbortSignal): Promise<Page<T>>;
  get(id: number, signal?: AbortSignal): Promise<T>;
  create(input: I): Promise<WriteResult<T>>;
  update(id: number, input: I): Promise<WriteResult<T>>;
  remove(id: number): Promise<WriteResult<undefined>>;
}

/**
 * `/api/admin/<name>`: a resource's endpoint, from its contracts descriptor (the server's
 * `resources.test.ts` lists and sorts every descriptor's endpoint, so each one exists).
 */
export const resourceEndpoint = (descriptor: Pick<ResourceDescriptor, 'name'>) =>
  `/api/admin${resourcePath(descriptor)}` as ApiUrl;

/**
 * The CRUD calls of a resource, from its contracts descriptor: the endpoint is
 * `/api/admin/<descriptor.name>`, records are typed by `descriptor.item`. The input type `I`
 * (what the form sends) is the resource definition's.
 */
export function resourceApi<D extends ResourceDescriptor, I>(
  descriptor: D,
): ResourceApi<z.output<D['item']>, I> {
  type T = z.output<D['item']>;
  const endpoint = resourceEndpoint(descriptor);
  return {
    endpoint,
    list: (params, signal) => get<Page<T>>(endpoint, { ...params } satisfies Query, signal),
    get: (id, signal) => get<T>(`${endpoint}/${id}`, undefined, signal),
    create: (input) => write<T>('POST', endpoint, input),
    // The id travels in the path and the body (the update command's input carries it).
    update: (id, input) => write<T>('PUT', `${endpoint}/${id}`, { ...input, id }),
    remove: (id) => write<undefined>('DELETE', `${endpoint}/${id}`),
  };
}
