import {
  type ErrorCode,
  type FieldError,
  problemSchema,
  type TokenResponse,
  tokenResponse,
} from '@loyalty/contracts';
import type { paths } from './schema';

/** A failed API call: the problem+json `code` and field `errors`, typed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly errors: FieldError[] = [],
    readonly detail?: string,
  ) {
    super(detail ?? code);
    this.name = 'ApiError';
  }
}

/**
 * A write either applied at once, or went to maker-checker approval (202); `held` is the whole 202
 * answer (a new API key's secret rides on it).
 */
export type WriteResult<T> =
  | { kind: 'applied'; data: T }
  | { kind: 'pending'; requestId: string; held?: Record<string, unknown> };

/** How the client reaches the session (the Redux store in the app; see app/session.ts). */
export interface SessionPort {
  getToken(): string | null;
  onRefreshed(token: TokenResponse): void;
  /** The refresh cookie is gone or expired: the user must sign in again. */
  onExpired(): void;
}

let session: SessionPort = { getToken: () => null, onRefreshed: () => {}, onExpired: () => {} };

export function connectSession(port: SessionPort): void {
  session = port;
}

// When the server's answer is not problem+json, derive a code from the status.
function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  return 'INTERNAL';
}

/** A refused answer as an ApiError: its problem's code, or one for its status. */
export async function toApiError(res: Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => undefined);
  const problem = problemSchema.safeParse(body);
  if (problem.success) {
    const { status, code, errors, detail } = problem.data;
    return new ApiError(status, code, errors, detail);
  }
  return new ApiError(res.status, codeForStatus(res.status));
}

export type Query = Record<string, string | number | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Refresh the session once and retry when the server answers 401 (default true). */
  retryOn401?: boolean;
}

/**
 * Where the API answers, set when the web is built (`VITE_API_BASE_URL`, e.g. a gateway's
 * `https://api.bank.example` or a path prefix `/loyalty`); unset or empty, the page's own origin.
 */
export function apiBaseUrl(): string {
  return (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');
}

/** The URL of an API path (`/api/admin/...`) under the build's API base. */
export function atApiBase(path: string): string {
  return `${apiBaseUrl()}${path}`;
}

/** Cookies (the refresh cookie) go with the request to the page's origin, and to another API origin too. */
export function apiCredentials(): RequestCredentials {
  return /^https?:\/\//i.test(apiBaseUrl()) ? 'include' : 'same-origin';
}

function urlOf(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return atApiBase(qs ? `${path}?${qs}` : path);
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = session.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // FormData (file uploads) sets its own multipart Content-Type with the boundary.
  const form = opts.body instanceof FormData;
  if (opts.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(urlOf(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined || form ? (opts.body as FormData | undefined) : JSON.stringify(opts.body),
      credentials: apiCredentials(),
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'SERVICE_UNAVAILABLE');
  }
}

/** Sends a request; resolves with the status and parsed JSON body (undefined for 204). */
let stepUpPrompt: (() => Promise<boolean>) | undefined;

/** Registers the dialog that asks for a second-factor code (features/auth/StepUpPrompt.tsx). */
export function connectStepUp(prompt: (() => Promise<boolean>) | undefined): void {
  stepUpPrompt = prompt;
}

export async function request<T>(
  path: string,
  opts: RequestOptions = {},
): Promise<{ status: number; data: T }> {
  let res = await send(path, opts);
  if (res.status === 401 && opts.retryOn401 !== false && session.getToken()) {
    const refreshed = await refreshSession().catch(() => undefined);
    if (!refreshed) {
      session.onExpired();
      throw await toApiError(res);
    }
    res = await send(path, opts);
  }
  // A protected operation asks for the second factor first (SCA step-up): prompt, then retry once.
  if (res.status === 403 && stepUpPrompt) {
    const error = await toApiError(res.clone());
    if (error.code === 'STEP_UP_REQUIRED' && (await stepUpPrompt())) res = await send(path, opts);
  }
  if (!res.ok) throw await toApiError(res);
  const data = res.status === 204 ? undefined : await res.json().catch(() => undefined);
  return { status: res.status, data: data as T };
}

export async function get<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  return (await request<T>(path, { query, signal })).data;
}

/**
 * POST/PUT/DELETE whose 202 `{requestId, status: 'PENDING'}` answer means "submitted for approval"
 * (maker-checker); any other 202 is a write accepted to run in the background (an outbound send).
 */
export async function write<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<WriteResult<T>> {
  const { status, data } = await request<T>(path, { method, body });
  const held = data as { requestId?: unknown; status?: unknown } | undefined;
  if (status === 202 && held?.status === 'PENDING' && held.requestId !== undefined)
    return { kind: 'pending', requestId: String(held.requestId), held: held as Record<string, unknown> };
  return { kind: 'applied', data };
}

let refreshing: Promise<TokenResponse> | undefined;
/** The session's refresh, a documented path (typed.ts builds on this module, so it is named here). */
const REFRESH: keyof paths = '/api/admin/auth/refresh';

/**
 * Exchanges the httpOnly refresh cookie for a new access token. Concurrent callers share one
 * request, so a burst of 401s refreshes once (the server may rotate the cookie).
 */
export function refreshSession(): Promise<TokenResponse> {
  refreshing ??= (async () => {
    const { status, data } = await request<unknown>(REFRESH, {
      method: 'POST',
      body: {},
      retryOn401: false,
    });
    // 204: no refresh cookie, so no session to restore (a visitor before sign-in).
    if (status === 204) throw new ApiError(401, 'SESSION_EXPIRED');
    const token = tokenResponse.parse(data);
    session.onRefreshed(token);
    return token;
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}
