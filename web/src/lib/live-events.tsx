import { ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';

/** One server-sent event of the API's stream (ids and statuses only, never patient data). */
export interface LiveEvent {
  /** The SSE event name, e.g. 'notification' or 'progress'; 'reconnected' after a gap. */
  type: string;
  data: unknown;
  id?: string;
}

/**
 * Opens the stream once: calls `onEvent` for each event (comments included, as type 'ping'),
 * resolves when the stream ends and rejects when it fails. `lastEventId` asks the server for
 * what was missed since.
 */
export type LiveTransport = (options: {
  signal: AbortSignal;
  lastEventId?: string;
  onEvent: (event: LiveEvent) => void;
}) => Promise<void>;

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
const statusListeners = new Set<() => void>();
let connected = false;
let transport: LiveTransport | null = null;

/** The app sets the generated client's stream; tests set their own or none. */
export function setLiveTransport(next: LiveTransport | null): void {
  transport = next;
}

function setConnected(value: boolean): void {
  if (connected !== value) {
    connected = value;
    statusListeners.forEach((l) => l());
  }
}

function dispatch(event: LiveEvent): void {
  listeners.forEach((l) => l(event));
}

/** Only for tests: delivers an event as if the server had sent it. */
export function emitLiveEventForTests(event: LiveEvent): void {
  dispatch(event);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps one stream open while `signal` lives: reconnects with Last-Event-ID after an error or
 * an ended stream (a proxy's idle timeout), backing off up to 30 s. After a reconnection the
 * listeners get 'reconnected' so they refetch whatever the server can no longer replay.
 */
export async function runLiveStream(signal: AbortSignal, open: LiveTransport): Promise<void> {
  let lastEventId: string | undefined;
  let failures = 0;
  let opened = false;
  while (!signal.aborted) {
    let sawEvent = false;
    try {
      await open({
        signal,
        lastEventId,
        onEvent: (event) => {
          if (!sawEvent) {
            sawEvent = true;
            failures = 0;
            setConnected(true);
            if (opened) {
              dispatch({ type: 'reconnected', data: null });
            }
            opened = true;
          }
          if (event.id) {
            lastEventId = event.id;
          }
          if (event.type !== 'ping') {
            dispatch(event);
          }
        },
      });
    } catch {
      // Network error or a refused stream: try again below.
    }
    setConnected(false);
    if (signal.aborted) {
      break;
    }
    failures = sawEvent ? 0 : failures + 1;
    await sleep(Math.min(1000 * 2 ** failures, 30_000), signal);
  }
}

/** Holds the stream open while the user is signed in. */
export function LiveEventsProvider({
  enabled,
  children,
}: {
  enabled: boolean;
  children: ReactNode;
}) {
  useEffect(() => {
    if (!enabled || !transport) {
      return;
    }
    const controller = new AbortController();
    void runLiveStream(controller.signal, transport);
    return () => {
      controller.abort();
      setConnected(false);
    };
  }, [enabled]);
  return children;
}

/** Calls `listener` for every live event until the returned function is called. */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls `handler` for every live event while the component is mounted. */
export function useLiveEvents(handler: Listener): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  }, [handler]);
  useEffect(() => {
    return subscribeLiveEvents((event) => ref.current(event));
  }, []);
}

function subscribeStatus(onChange: () => void): () => void {
  statusListeners.add(onChange);
  return () => {
    statusListeners.delete(onChange);
  };
}

/** Whether the live stream is open now. */
export function useLiveStatus(): boolean {
  return useSyncExternalStore(
    subscribeStatus,
    () => connected,
    () => false,
  );
}
