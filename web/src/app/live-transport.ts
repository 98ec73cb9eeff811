import { streamEvents } from '@/api/sdk.gen';
import type { LiveTransport } from '@/lib/live-events';

/**
 * GET /api/events through the generated client (it adds the bearer token): one connection per
 * call; `runLiveStream` reconnects and passes Last-Event-ID so nothing is missed.
 */
export const apiLiveTransport: LiveTransport = async ({ signal, lastEventId, onEvent }) => {
  const { stream } = await streamEvents({
    signal,
    headers: lastEventId ? { 'Last-Event-ID': lastEventId } : undefined,
    // One attempt: the reconnection (with the last id) is runLiveStream's.
    sseMaxRetryAttempts: 1,
    onSseEvent: (event) =>
      onEvent({
        // A comment line (the server's keep-alive) has neither an event name nor data.
        type: event.event ?? (event.data === undefined ? 'ping' : 'message'),
        data: event.data,
        id: event.id,
      }),
  });
  // Events arrive through onSseEvent; reading the stream keeps the connection going.
  for await (const _event of stream) {
    if (signal.aborted) {
      break;
    }
  }
};
