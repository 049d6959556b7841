import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_TOPICS, onLiveEvent, startLiveStream, stopLiveStream } from './live-stream';

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  url: string;
  closed = false;
  onerror: (() => void) | null = null;
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

describe('live stream', () => {
  afterEach(() => {
    stopLiveStream();
    FakeEventSource.instances = [];
  });

  it('opens one stream per session with the token and dispatches clock.mark', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const handler = vi.fn();
    const off = onLiveEvent(LIVE_TOPICS.clockMark, handler);

    startLiveStream('tok/1');
    startLiveStream('tok/1');
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0].url).toBe('/api/stream?access_token=tok%2F1');

    FakeEventSource.instances[0].emit('clock.mark', { userHash: 'h', n09_001_t: '2024-08-01T08:00:00', endereco: 'x' });
    expect(handler).toHaveBeenCalledWith(
      { userHash: 'h', n09_001_t: '2024-08-01T08:00:00', endereco: 'x' },
      expect.any(MessageEvent),
    );

    off();
    FakeEventSource.instances[0].emit('clock.mark', {});
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('attaches topics subscribed after the stream opened, and closes on stop', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    startLiveStream('tok');
    const handler = vi.fn();
    const off = onLiveEvent('other.topic', handler);
    FakeEventSource.instances[0].emit('other.topic', 1);
    expect(handler).toHaveBeenCalledWith(1, expect.any(MessageEvent));
    stopLiveStream();
    expect(FakeEventSource.instances[0].closed).toBe(true);
    off();
  });
});
