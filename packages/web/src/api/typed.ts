import { type Query, request, type WriteResult, write } from './client.ts';
import type { paths } from './schema';

/**
 * The staff API, typed from the server's OpenAPI document (`schema.d.ts`, `npm run api:types`):
 * a call names the path as the document does (`'/api/admin/customers/{id}'`) with its path
 * parameters, query and body, so a wrong path, method, parameter or body does not compile, and the
 * answer has the document's type. The calls go through `request` (client.ts): the session's
 * token, one refresh on 401, the second-factor step-up and problem+json errors apply as before.
 */
type Method = 'get' | 'post' | 'put' | 'delete';

/** The staff API's paths that answer `method`. */
export type ApiPath<M extends Method> = {
  [P in keyof paths]: M extends keyof paths[P] ? P : never;
}[keyof paths];

/** Paths whose settings are read and written whole (GET and PUT): SettingsCard's endpoints. */
export type SettingsPath = ApiPath<'get'> & ApiPath<'put'>;
/** Lists with an export (`<path>/export`): ExportButton's endpoints. */
export type ExportablePath = {
  [P in ApiPath<'get'>]: P extends `${infer List}/export` ? List : never;
}[ApiPath<'get'>];

type Operation<P, M extends Method> = P extends keyof paths
  ? M extends keyof paths[P]
    ? paths[P][M]
    : never
  : never;
type PathParams<O> = O extends { parameters: { path: infer X } } ? X : undefined;
/**
 * A call's query: the documented names only; values as a list's URL holds them (strings), or as
 * typed (the server validates and coerces them).
 */
type QueryParams<O> = O extends { parameters: { query?: infer Q } }
  ? { [K in keyof Q]?: string | number | boolean | undefined }
  : Record<never, never>;
/** The JSON body; a route without one documented takes multipart form data (an upload) or nothing. */
type Body<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : FormData;
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;
/** What a successful call answers (200, else 201, else 202 — accepted or held —, else nothing). */
export type ApiAnswer<P, M extends Method> =
  Operation<P, M> extends { responses: infer R }
    ? R extends { 200: infer A }
      ? Json<A>
      : R extends { 201: infer A }
        ? Json<A>
        : R extends { 202: infer A }
          ? Json<A>
          : undefined
    : never;

interface Options<O> {
  query?: QueryParams<O>;
  body?: Body<O>;
  signal?: AbortSignal;
  /** false: a 401 means a wrong password or code here, not an ended session (no refresh). */
  retryOn401?: boolean;
}
/** A call's arguments: `path` is required when the path has parameters. */
type Args<O> =
  PathParams<O> extends undefined
    ? [args?: Options<O> & { path?: undefined }]
    : [args: Options<O> & { path: PathParams<O> }];

/** A URL made from a documented path (apiUrl) or a contracts descriptor (resourceEndpoint). */
export type ApiUrl = string & { readonly __apiUrl: unique symbol };

/** The URL of a documented path with its parameters filled in. */
export function apiUrl(path: keyof paths, params?: unknown): ApiUrl {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(values[name]));
  }) as ApiUrl;
}

/** GET a documented path. */
export async function apiGet<P extends ApiPath<'get'>>(
  path: P,
  ...[args]: Args<Operation<P, 'get'>>
): Promise<ApiAnswer<P, 'get'>> {
  const { data } = await request<ApiAnswer<P, 'get'>>(apiUrl(path, args?.path), {
    query: args?.query as Query | undefined,
    signal: args?.signal,
    retryOn401: args?.retryOn401,
  });
  return data;
}

/** A write that answers its result (no maker-checker hold): POST, PUT or DELETE. */
export async function apiSend<M extends Exclude<Method, 'get'>, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[args]: Args<Operation<P, M>>
): Promise<ApiAnswer<P, M>> {
  const { data } = await request<ApiAnswer<P, M>>(apiUrl(path, args?.path), {
    method: method.toUpperCase() as 'POST' | 'PUT' | 'DELETE',
    body: args?.body,
    query: args?.query as Query | undefined,
    signal: args?.signal,
    retryOn401: args?.retryOn401,
  });
  return data;
}

/** A write's answer when applied: the document's 202 also names the "held for approval" marker. */
type Applied<T> = Exclude<T, { requestId: string; status: 'PENDING' }>;

/** A write that may be held for approval (202, maker-checker): applied or pending. */
export function apiWrite<M extends Exclude<Method, 'get'>, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[args]: Args<Operation<P, M>>
): Promise<WriteResult<Applied<ApiAnswer<P, M>>>> {
  return write<Applied<ApiAnswer<P, M>>>(
    method.toUpperCase() as 'POST' | 'PUT' | 'DELETE',
    apiUrl(path, args?.path),
    args?.body,
  );
}
