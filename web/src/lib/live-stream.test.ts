import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_TOPICS, onLiveEvent, receivePublication, receiveSubscribed, stopLiveStream } from './live-stream';

describe('live stream', () => {
  afterEach(() => stopLiveStream());

  it('hands each publication to its topic once, even when Centrifugo delivers it twice', () => {
    const marks = vi.fn();
    const other = vi.fn();
    const offs = [onLiveEvent(LIVE_TOPICS.clockMark, marks), onLiveEvent('other.topic', other)];
    const pub = { id: 7, topic: 'clock.mark', data: { endereco: 'x' }, position: 70 };
    receivePublication('user:t.u', pub);
    receivePublication('user:t.u', pub);
    // Ids may arrive out of order across projections: an older id is not a duplicate.
    receivePublication('user:t.u', { ...pub, id: 6 });
    receivePublication('tenant:t', { ...pub, topic: 'other.topic' });
    expect(marks).toHaveBeenCalledTimes(2);
    expect(marks).toHaveBeenCalledWith({ endereco: 'x' });
    expect(other).toHaveBeenCalledTimes(1);

    offs[0]();
    receivePublication('user:t.u', { ...pub, id: 8 });
    expect(marks).toHaveBeenCalledTimes(2);
    offs[1]();
  });

  it('ignores data that is not a portal publication', () => {
    const h = vi.fn();
    const off = onLiveEvent('x', h);
    receivePublication('user:t.u', null);
    receivePublication('user:t.u', { topic: 'x' });
    receivePublication('user:t.u', 'text');
    expect(h).not.toHaveBeenCalled();
    off();
  });

  it('asks every screen to reload when a resubscription could not recover the gap', () => {
    const resync = vi.fn();
    const marks = vi.fn();
    const offs = [onLiveEvent(LIVE_TOPICS.resync, resync), onLiveEvent(LIVE_TOPICS.clockMark, marks)];
    receiveSubscribed({ wasRecovering: false, recovered: false }); // first subscribe
    receiveSubscribed({ wasRecovering: true, recovered: true }); // every missed message came
    expect(resync).not.toHaveBeenCalled();
    expect(marks).not.toHaveBeenCalled();
    receiveSubscribed({ wasRecovering: true, recovered: false });
    expect(resync).toHaveBeenCalledWith({});
    expect(marks).toHaveBeenCalledWith(undefined);
    for (const off of offs) off();
  });
});
