import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveTransport, runLiveStream, subscribeLiveEvents } from './live-events';

afterEach(() => {
  vi.useRealTimers();
});

describe('live event stream', () => {
  it('should reconnect after the stream ends and ask for what was missed with Last-Event-ID', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const asked: Array<string | undefined> = [];
    const transport: LiveTransport = ({ lastEventId, onEvent }) => {
      asked.push(lastEventId);
      if (asked.length === 1) {
        onEvent({ type: 'ping', data: undefined });
        onEvent({ type: 'notification', data: { id: 'n1' }, id: '41' });
        onEvent({ type: 'request', data: { id: 'r1' }, id: '42' });
        // A proxy closes the idle stream.
        return Promise.resolve();
      }
      onEvent({ type: 'notification', data: { id: 'n2' }, id: '43' });
      controller.abort();
      return Promise.resolve();
    };
    const seen: string[] = [];
    const unsubscribe = subscribeLiveEvents((event) =>
      seen.push(`${event.type}${event.id ? `#${event.id}` : ''}`),
    );
    const running = runLiveStream(controller.signal, transport);
    await vi.advanceTimersByTimeAsync(5_000);
    await running;
    unsubscribe();
    expect(asked).toEqual([undefined, '42']);
    // Keep-alives are not passed on; a reconnection tells listeners to refetch.
    expect(seen).toEqual(['notification#41', 'request#42', 'reconnected', 'notification#43']);
  });

  it('should back off after refused connections and stop when aborted', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    let calls = 0;
    const transport: LiveTransport = () => {
      calls += 1;
      return Promise.reject(new Error('401'));
    };
    const running = runLiveStream(controller.signal, transport);
    await vi.advanceTimersByTimeAsync(1_999);
    // Right away, then after 2 s, then 4 s more.
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(calls).toBe(3);
    controller.abort();
    await running;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(3);
  });
});
