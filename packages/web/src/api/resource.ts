import type { Page } from '@loyalty/contracts';
import { get, type Query, type WriteResult, write } from './client.ts';

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
  list(params: ListParams, signal?: AbortSignal): Promise<Page<T>>;
  get(id: number, signal?: AbortSignal): Promise<T>;
  create(input: I): Promise<WriteResult<T>>;
  update(id: number, input: I): Promise<WriteResult<T>>;
  remove(id: number): Promise<WriteResult<undefined>>;
}

export function resourceApi<T, I>(endpoint: string): ResourceApi<T, I> {
  return {
    list: (params, signal) => get<Page<T>>(endpoint, { ...params } satisfies Query, signal),
    get: (id, signal) => get<T>(`${endpoint}/${id}`, undefined, signal),
    create: (input) => write<T>('POST', endpoint, input),
    // The id travels in the path and the body (the update command's input carries it).
    update: (id, input) => write<T>('PUT', `${endpoint}/${id}`, { ...input, id }),
    remove: (id) => write<undefined>('DELETE', `${endpoint}/${id}`),
  };
}
