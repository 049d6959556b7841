// One Server-Sent Events connection per signed-in session (docs/api.md, "Live
// push"). Features subscribe to topics; the connection is opened once when a
// token exists and closed on logout. EventSource reconnects by itself and
// sends Last-Event-ID, so the server resumes where it left off.

export type LiveHandler = (data: unknown, event: MessageEvent) => void;

const handlers = new Map<string, Set<LiveHandler>>();
const attachedTopics = new Set<string>();
let source: EventSource | null = null;
let currentToken: string | null = null;

function dispatch(topic: string, event: MessageEvent) {
  let data: unknown = event.data;
  try {
    data = JSON.parse(event.data);
  } catch {
    // keep the raw text
  }
  for (const h of handlers.get(topic) ?? []) h(data, event);
}

function attach(topic: string) {
  if (!source || attachedTopics.has(topic)) return;
  attachedTopics.add(topic);
  source.addEventListener(topic, (e) => dispatch(topic, e as MessageEvent));
}

/** Opens the stream for this token (no-op if already open for it). */
export function startLiveStream(token: string, baseUrl = '/api/stream'): void {
  if (typeof EventSource === 'undefined') return;
  if (source && currentToken === token) return;
  stopLiveStream();
  currentToken = token;
  source = new EventSource(`${baseUrl}?access_token=${encodeURIComponent(token)}`);
  source.onerror = () => {
    // Push failures are only logged (spec portal-core §8); EventSource retries.
    console.warn('live stream: connection error, the browser will retry');
  };
  for (const topic of handlers.keys()) attach(topic);
}

export function stopLiveStream(): void {
  source?.close();
  source = null;
  currentToken = null;
  attachedTopics.clear();
}

/** Subscribes to a topic; returns the unsubscribe function. */
export function onLiveEvent(topic: string, handler: LiveHandler): () => void {
  let set = handlers.get(topic);
  if (!set) {
    set = new Set();
    handlers.set(topic, set);
  }
  set.add(handler);
  attach(topic);
  return () => {
    set.delete(handler);
  };
}

export const LIVE_TOPICS = { clockMark: 'clock.mark' } as const;
