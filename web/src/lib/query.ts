// Server state of the web app (STYLE.md, React): every read goes through TanStack Query, with
// one client per page load. Query keys are declared per area next to the area's API calls
// (features/<area>/api/keys.ts) and the live push makes them stale (app/live-queries.ts).
// Commands go through useCommand, which sends an Idempotency-Key (docs/api.md) and marks what
// they change as stale.
import {
  QueryClient,
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR, errorMessageKey } from './api';
import { registerStoreReset } from './store-reset';

declare module '@tanstack/react-query' {
  interface Register {
    // What the API client throws (network failures are ApiErrors of status 0).
    defaultError: ApiError;
  }
}

/** How many times a failed read is tried again. */
export const QUERY_RETRIES = 2;

/**
 * Whether a failure may be tried again: a lost connection, a server that is briefly
 * unavailable (502, 503, 504) or a rate limit (429, after its Retry-After). Another refusal
 * (4xx), a time-out the caller set and a server error (500: it would fail the same way) are final.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0) return error.message === NETWORK_ERROR;
  return error.status === 429 || error.status === 502 || error.status === 503 || error.status === 504;
}

/** The retry rule of reads: transient failures, QUERY_RETRIES times. */
export function retryRead(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && isTransient(error);
}

/** The longest a retry waits, whatever a Retry-After asks: a punch must not hang for minutes. */
export const RETRY_AFTER_CAP_MS = 10_000;

/**
 * How long to wait before trying a transient failure again: what the server asked for in its
 * Retry-After (a 503 while PostgreSQL refuses connections), at most RETRY_AFTER_CAP_MS;
 * otherwise TanStack's doubling back-off (1 s, 2 s, ... 30 s).
 */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, RETRY_AFTER_CAP_MS);
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/** The i18n key (validation namespace, server.*) of a query's or command's failure. */
export function queryErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 0 && error.message === TIMEOUT_ERROR) return TIMEOUT_ERROR;
  return errorMessageKey(error, NETWORK_ERROR);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryRead,
        retryDelay,
        // Fresh until the live push says otherwise: a screen shown again within the minute
        // reuses what it read; the push and commands mark what they change as stale.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
      },
      // A command is tried once unless it opts in (useCommand's retryTransient).
      mutations: { retry: false },
    },
  });
}

/** The one query client of the page. */
export const queryClient = createQueryClient();

// Logout resets the whole state (spec portal-core §4): nothing of one user is shown to the next.
registerStoreReset(() => queryClient.clear());

/** A new idempotency key for one command (docs/api.md: the same key repeats nothing). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** What a command function receives beside its variables. */
export interface CommandContext {
  /** Sent as the Idempotency-Key header; the same for every attempt of one mutate call. */
  idempotencyKey: string;
}

interface Keyed<V> {
  vars: V;
  key: string;
}

export interface CommandOptions<T, V, C = unknown>
  extends Omit<UseMutationOptions<T, ApiError, Keyed<V>, C>, 'mutationFn' | 'onSuccess' | 'onError' | 'onSettled' | 'onMutate'> {
  /** The queries the command makes stale once it succeeded (prefixes of query keys). */
  invalidates?: readonly QueryKey[] | ((result: T, vars: V) => readonly QueryKey[]);
  /** Try again, with the same key, after a transient failure (only where a repeat is harmless). */
  retryTransient?: boolean;
  /** Before the call: an optimistic change of the cache; what it returns reaches onError (to undo it). */
  onMutate?: (vars: V) => C | Promise<C>;
  onSuccess?: (result: T, vars: V) => void;
  onError?: (error: ApiError, vars: V, context: C | undefined) => void;
}

/**
 * A command (POST, PUT, DELETE) through useMutation. Every call of `mutate`/`mutateAsync` gets
 * its own Idempotency-Key, kept by its retries; on success the named queries are invalidated.
 */
export function useCommand<T, V = void, C = unknown>(fn: (vars: V, ctx: CommandContext) => Promise<T>, options: CommandOptions<T, V, C> = {}) {
  const client = useQueryClient();
  const { invalidates, retryTransient, onMutate, onSuccess, onError, ...rest } = options;
  const mutation = useMutation<T, ApiError, Keyed<V>, C>({
    ...rest,
    mutationFn: ({ vars, key }) => fn(vars, { idempotencyKey: key }),
    retry: retryTransient ? retryRead : false,
    retryDelay: rest.retryDelay ?? retryDelay,
    onMutate: onMutate ? ({ vars }) => onMutate(vars) : undefined,
    onSuccess: async (result, { vars }) => {
      const keys = typeof invalidates === 'function' ? invalidates(result, vars) : (invalidates ?? []);
      onSuccess?.(result, vars);
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: (error, { vars }, context) => onError?.(error, vars, context),
  });
  return {
    ...mutation,
    /** The variables of the last call (without its key). */
    variables: mutation.variables?.vars,
    mutate: (vars: V) => mutation.mutate({ vars, key: newIdempotencyKey() }),
    mutateAsync: (vars: V) => mutation.mutateAsync({ vars, key: newIdempotencyKey() }),
  };
}
