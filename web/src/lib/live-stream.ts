// The live-push connection of a signed-in session (docs/api.md, "Live push"): one
// Centrifugo socket, opened at sign-in and closed at logout. The portal hands out a
// short-lived connection token (GET /api/push/token) whose channels — the user's own and the
// tenant's — Centrifugo subscribes server-side; centrifuge-js asks for a new token before it
// expires and reconnects by itself, recovering what it missed from the channels' history.
// Features subscribe to topics with onLiveEvent.
import type { Centrifuge } from 'centrifuge';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError, api } from './api';

export type LiveHandler = (data: unknown) => void;

/** The answer of GET /api/push/token. */
interface PushToken {
  token: string;
  expiresAt: string;
  url: string;
}

/** The data of every publication the portal sends (push.Publication on the server). */
export interface LivePublication {
  id: number;
  topic: string;
  data: unknown;
  position: number;
}

/** Topics of the live push; 'resync' asks every screen to reload what it shows. */
export const LIVE_TOPICS = { clockMark: 'clock.mark', settings: 'settings.changed', resync: 'resync' } as const;

/** How many message ids per channel are remembered to drop a re-delivery. */
const SEEN_PER_CHANNEL = 1000;

const handlers = new Map<string, Set<LiveHandler>>();
const seen = new Map<string, Set<number>>();
let client: Centrifuge | null = null;
/** Counts starts and stops: a start whose SDK arrives after a stop (or a newer start) gives up. */
let generation = 0;
let starting = false;

/** Hands data to every handler of topic. */
export function deliverLive(topic: string, data: unknown): void {
  for (const h of handlers.get(topic) ?? []) h(data);
}

/**
 * Takes one publication of a channel: a message already delivered (Centrifugo may send one
 * twice after a restart) is dropped, the others reach their topic's handlers.
 */
export function receivePublication(channel: string, data: unknown): void {
  const p = data as LivePublication | null;
  if (!p || typeof p.topic !== 'string' || typeof p.id !== 'number') return;
  let ids = seen.get(channel);
  if (!ids) {
    ids = new Set();
    seen.set(channel, ids);
  }
  if (ids.has(p.id)) return;
  ids.add(p.id);
  if (ids.size > SEEN_PER_CHANNEL) ids.delete(ids.values().next().value as number);
  deliverLive(p.topic, p.data);
}

/**
 * Takes a (re)subscription: when the channel's history no longer covered the time the
 * socket was away (a long absence, or a Centrifugo restart without Redis), every live screen
 * reloads what it shows: each topic's handlers are called with no data, and the 'resync'
 * topic's with {}.
 */
export function receiveSubscribed(ctx: { wasRecovering: boolean; recovered: boolean }): void {
  if (!ctx.wasRecovering || ctx.recovered) return;
  for (const topic of handlers.keys()) deliverLive(topic, topic === LIVE_TOPICS.resync ? {} : undefined);
}

/** The socket address on this origin (the portal proxies it to Centrifugo). */
function socketUrl(path: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${path}`;
}

async function fetchToken(unauthorized: () => Error): Promise<PushToken> {
  try {
    return await api.get<PushToken>('/api/push/token', { tenant: false });
  } catch (e) {
    // A refused caller is signed out by the api layer; the socket stops trying.
    if (e instanceof ApiError && e.status === 401) throw unauthorized();
    throw e;
  }
}

/**
 * Opens the session's connection (no-op when open). The SDK is loaded on first use, so pages
 * shown before the sign-in do not download it.
 */
export function startLiveStream(): void {
  if (client || starting || typeof WebSocket === 'undefined') return;
  const gen = ++generation;
  starting = true;
  void import('centrifuge').then(({ Centrifuge, UnauthorizedError }) => {
    if (gen !== generation) return;
    starting = false;
    const c = new Centrifuge(socketUrl('/connection/websocket'), {
      getToken: async () => (await fetchToken(() => new UnauthorizedError(''))).token,
      minReconnectDelay: 200,
      maxReconnectDelay: 5000,
    });
    c.on('publication', (ctx) => receivePublication(ctx.channel, ctx.data));
    c.on('subscribed', (ctx) => receiveSubscribed(ctx));
    c.on('error', (ctx) => {
      // Push failures are only logged (spec portal-core §8); the client retries.
      console.warn('live push:', ctx.error.message);
    });
    c.connect();
    client = c;
  });
}

export function stopLiveStream(): void {
  generation++;
  starting = false;
  client?.disconnect();
  client = null;
  seen.clear();
}

/** Subscribes to a topic; returns the unsubscribe function. */
export function onLiveEvent(topic: string, handler: LiveHandler): () => void {
  let set = handlers.get(topic);
  if (!set) {
    set = new Set();
    handlers.set(topic, set);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

/** What one push topic does to the query cache (app/live-queries.ts holds the table). */
export interface LiveQueryRule {
  /** The query keys (prefixes) the push makes stale; data is undefined after a lost gap. */
  stale?: (data: unknown) => readonly QueryKey[];
  /** Waits this long after the last push of a burst before marking stale (busy read models). */
  debounceMs?: number;
  /** Writes the push's data into the cache itself (progress, a new item) instead of reloading. */
  apply?: (client: QueryClient, data: unknown) => void;
}

/**
 * Connects the push to the query cache: each topic of table marks its queries stale (the
 * screens showing them reload), `resync` marks everything stale. Returns the disconnect.
 */
export function connectLiveQueries(client: QueryClient, table: Readonly<Record<string, LiveQueryRule>>): () => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const invalidate = (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  };
  const offs = Object.entries(table).map(([topic, rule]) =>
    onLiveEvent(topic, (data) => {
      rule.apply?.(client, data);
      if (!rule.stale) return;
      const keys = rule.stale(data);
      if (!rule.debounceMs) return invalidate(keys);
      const id = `${topic} ${JSON.stringify(keys)}`;
      clearTimeout(timers.get(id));
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          invalidate(keys);
        }, rule.debounceMs),
      );
    }),
  );
  offs.push(onLiveEvent(LIVE_TOPICS.resync, () => void client.invalidateQueries()));
  return () => {
    for (const off of offs) off();
    for (const t of timers.values()) clearTimeout(t);
  };
}
