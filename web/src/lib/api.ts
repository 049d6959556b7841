// The one HTTP client of the web app (STYLE.md, React): it adds the bearer
// token and the tenant query parameters, and turns the server's error body
// `{message, errors:[{type, message}]}` into an ApiError whose items can be
// mapped onto form fields. Message values are i18n keys (docs/api.md).
import { SESSION_STORAGE_KEY, tokenExpiry, useSessionStore } from './session-store';
import { useLanguageStore } from './language-store';
import type { LoginResult } from './session-types';
import { reportApiError } from './api-not-found';

export interface ApiFieldError {
  /** The form field the message belongs to. */
  type: string;
  /** An i18n key (snake_case), translated by the web app. */
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiFieldError[];
  /** How long the server asked to wait before trying again (its Retry-After, in ms). */
  retryAfterMs?: number;

  constructor(status: number, message: string, errors: ApiFieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

/** A Retry-After header (seconds, or an HTTP date) in ms from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Message keys the client itself produces. */
export const NETWORK_ERROR = 'erro_rede';
export const TIMEOUT_ERROR = 'tempo_esgotado';
export const INVALID_TOKEN = 'token_invalido';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Add tenId from the session (default true when signed in). */
  tenant?: boolean;
  /** Add userHash from the session (the clock calls need it). */
  userHash?: boolean;
  /** Abort after this many milliseconds; the error is TIMEOUT_ERROR. */
  timeoutMs?: number;
  /** Internal: this is the retry after a 401 and a token refresh; a 401 now signs out. */
  retried?: boolean;
  /** Answer the body as a Blob (file downloads) instead of JSON. */
  asBlob?: boolean;
  /** A command's Idempotency-Key header (docs/api.md): a repeat with it changes nothing. */
  idempotencyKey?: string;
}

export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) params.append(k, String(v));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

/** Reads an error body of any shape into an ApiError. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const error = parseErrorBody(response.status, body);
  error.retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));
  return error;
}

export function parseErrorBody(status: number, body: unknown): ApiError {
  const obj = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const rawErrors = Array.isArray(obj.errors) ? obj.errors : [];
  const errors: ApiFieldError[] = rawErrors
    .filter((e): e is Record<string, unknown> => Boolean(e) && typeof e === 'object')
    .map((e) => ({
      type: typeof e.type === 'string' ? e.type : '',
      message: typeof e.message === 'string' ? e.message : '',
    }));
  // "answer success, or error with data.message" (spec §7) for the clock call.
  const data = obj.data && typeof obj.data === 'object' ? (obj.data as Record<string, unknown>) : {};
  const message =
    (typeof obj.message === 'string' && obj.message) ||
    (typeof data.message === 'string' && data.message) ||
    errors[0]?.message ||
    defaultMessageForStatus(status);
  return new ApiError(status, message, errors);
}

function defaultMessageForStatus(status: number): string {
  if (status === 401) return 'nao_autorizado';
  if (status === 403) return 'acesso_negado';
  if (status === 404) return 'nao_encontrado';
  if (status >= 500) return 'erro_interno';
  return 'valor_invalido';
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { auth = true, userHash = false, timeoutMs } = options;
  // "The general client refreshes the token when invalid before each request" (spec §7):
  // an access token within REFRESH_MARGIN_MS of its expiry is refreshed first.
  if (auth) await freshAccessToken();
  const session = useSessionStore.getState();
  const tenant = options.tenant ?? Boolean(session.user);

  const query: Record<string, QueryValue> = {};
  if (tenant) query.tenId = session.user?.tenId ?? session.tenant?.tenantId;
  if (userHash) query.userHash = session.user?.hash;
  Object.assign(query, options.query);

  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': useLanguageStore.getState().language,
  };
  if (auth && session.accessToken) headers.Authorization = `Bearer ${session.accessToken}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    // multipart: the browser writes the Content-Type with its boundary (file uploads).
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  // Combine the caller's signal with an optional time-out.
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs !== undefined
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const onAbort = () => controller.abort();
  if (options.signal) {
    if (options.signal.aborted) controller.abort();
    else options.signal.addEventListener('abort', onAbort, { once: true });
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body,
      signal: controller.signal,
    });
  } catch (err) {
    if (timedOut) throw new ApiError(0, TIMEOUT_ERROR);
    if (options.signal?.aborted) throw err;
    throw new ApiError(0, NETWORK_ERROR);
  } finally {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  if (!response.ok) {
    const error = await toApiError(response);
    // A 401 on an authenticated call means the token is no longer valid: one refresh and
    // one retry, then auto-logout with reason 'invalid access token' (spec portal-core §4:
    // "a 401 response (not on a retried request) triggers auto-logout").
    const sent = headers.Authorization ? session.accessToken : null;
    if (response.status === 401 && auth && sent) {
      if (!options.retried && (await refreshSession(sent))) {
        return request<T>(method, path, { ...options, retried: true });
      }
      if (useSessionStore.getState().accessToken) useSessionStore.getState().reset(INVALID_TOKEN);
    }
    reportApiError(error);
    throw error;
  }

  if (options.asBlob) return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
  /** POST of one file as multipart form data (field `file`). */
  upload: <T>(path: string, file: File, options?: Omit<RequestOptions, 'body'>) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return request<T>('POST', path, { ...options, body: form });
  },
  /** GET of a file's bytes. */
  blob: (path: string, options?: Omit<RequestOptions, 'body' | 'asBlob'>) => request<Blob>('GET', path, { ...options, asBlob: true }),
};

export interface FieldMappingOptions<F extends string> {
  /** The fields the form has. */
  fields: readonly F[];
  /** Where messages for unknown or missing types go. */
  fallback: F;
  /** Server type -> form field, e.g. login shows accessCode errors on userName (spec §8). */
  aliases?: Partial<Record<string, F>>;
  /** Used when the error carries no message at all. */
  defaultMessage?: string;
}

/**
 * Maps an error onto form fields: each `{type, message}` goes to the field
 * named by `type` (through aliases), unknown types to the fallback field; an
 * error without items puts its top-level message on the fallback field. The
 * first message per field wins. Values stay i18n keys.
 */
export function mapErrorsToFields<F extends string>(
  error: unknown,
  options: FieldMappingOptions<F>,
): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  const { fields, fallback, aliases = {}, defaultMessage = 'nao_autorizado' } = options;
  const put = (field: F, message: string) => {
    if (result[field] === undefined) result[field] = message || defaultMessage;
  };
  if (!(error instanceof ApiError)) {
    put(fallback, defaultMessage);
    return result;
  }
  if (error.errors.length === 0) {
    put(fallback, error.message);
    return result;
  }
  for (const item of error.errors) {
    const aliased = aliases[item.type];
    const field = aliased ?? ((fields as readonly string[]).includes(item.type) ? (item.type as F) : fallback);
    put(field, item.message || error.message);
  }
  return result;
}

/** The message key of any thrown value (network failures included). */
export function errorMessageKey(error: unknown, fallback: string): string {
  // parseErrorBody already falls back from the top-level message to the first item.
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

// ---- access-token refresh (spec portal-core §4, §7) ----

/** How long before its expiry an access token is refreshed. */
export const REFRESH_MARGIN_MS = 60_000;
/** Message key of a refused refresh (spec §8: type refresh, 'Failed to refresh token.'). */
export const REFRESH_FAILED = 'falha_ao_renovar_token';
const REFRESH_LOCK = 'portal-token-refresh';

let inflight: Promise<boolean> | null = null;

function expiresWithin(token: string, ms: number, now = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== undefined && exp.getTime() - now <= ms;
}

interface StoredTokens {
  user?: { hash?: string } | null;
  accessToken?: string | null;
  refreshToken?: string | null;
  idToken?: string | null;
}

function readStoredSession(): StoredTokens | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    return raw ? ((JSON.parse(raw) as { state?: StoredTokens }).state ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * Takes the tokens another tab stored when they are newer than ours (same user, later
 * expiry). Refresh tokens rotate and a used one coming back revokes the session, so every
 * tab must go on from the newest pair. Returns true when it adopted them.
 */
export function adoptNewerStoredTokens(): boolean {
  const stored = readStoredSession();
  const current = useSessionStore.getState();
  if (!stored?.accessToken || !stored.refreshToken || !current.user || !current.accessToken) return false;
  if (stored.user?.hash !== current.user.hash || stored.accessToken === current.accessToken) return false;
  const mine = tokenExpiry(current.accessToken)?.getTime() ?? 0;
  const theirs = tokenExpiry(stored.accessToken)?.getTime() ?? 0;
  if (theirs <= mine) return false;
  useSessionStore.setState({
    accessToken: stored.accessToken,
    refreshToken: stored.refreshToken,
    idToken: stored.idToken ?? stored.accessToken,
  });
  return true;
}

/**
 * Refreshes the session's tokens (POST /api/auth/refreshToken) and resolves true when the
 * access token is usable afterwards. Concurrent callers share one call; tabs take turns
 * (Web Locks) and a tab that finds newer tokens stored by another uses them instead.
 * `stale` is the access token the caller found wanting: when the session already holds
 * another one, that one is used without a call. A refused refresh signs out
 * (INVALID_TOKEN); a network failure keeps the session.
 */
export function refreshSession(stale?: string | null): Promise<boolean> {
  if (inflight) return inflight;
  const run = () => doRefresh(stale ?? useSessionStore.getState().accessToken);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const started: Promise<boolean> = locks?.request ? (locks.request(REFRESH_LOCK, run) as unknown as Promise<boolean>) : run();
  const shared = started.finally(() => {
    inflight = null;
  });
  inflight = shared;
  return shared;
}

async function doRefresh(stale: string | null): Promise<boolean> {
  adoptNewerStoredTokens();
  const { user, accessToken, refreshToken, idToken } = useSessionStore.getState();
  if (!user || !accessToken) return false;
  if (stale && accessToken !== stale && !expiresWithin(accessToken, REFRESH_MARGIN_MS)) return true;
  if (!refreshToken) return false;
  try {
    const result = await request<LoginResult>('POST', '/api/auth/refreshToken', {
      auth: false,
      tenant: false,
      body: { accessToken, refreshToken, idToken, accessCode: user.accessCode, userName: user.userName },
    });
    const now = useSessionStore.getState();
    // Signed out (or in as someone else) meanwhile: drop the answer.
    if (now.user?.hash !== user.hash || now.refreshToken !== refreshToken) return Boolean(now.accessToken);
    useSessionStore.setState({
      user: result.user ? { ...now.user, ...result.user } : now.user,
      accessToken: result.access_token,
      refreshToken: result.refreshToken ?? refreshToken,
      idToken: result.idToken ?? result.access_token,
    });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      useSessionStore.getState().reset(INVALID_TOKEN);
    }
    return false;
  }
}

/**
 * The access token to send now: refreshed first when it expires within REFRESH_MARGIN_MS
 * (for calls that carry the token in their body, like changePassword).
 */
export async function freshAccessToken(): Promise<string | null> {
  const { accessToken, refreshToken } = useSessionStore.getState();
  if (accessToken && refreshToken && expiresWithin(accessToken, REFRESH_MARGIN_MS)) {
    await refreshSession(accessToken);
  }
  return useSessionStore.getState().accessToken;
}

// Another tab refreshed (adopt its newer tokens) or signed out (sign out here too).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== SESSION_STORAGE_KEY && e.key !== null) return;
    const stored = readStoredSession();
    const current = useSessionStore.getState();
    if (!current.accessToken) return;
    if (!stored?.accessToken && !stored?.user) {
      current.reset();
      return;
    }
    adoptNewerStoredTokens();
  });
}
