import { parentPort, workerData } from 'node:worker_threads';
import { type GazetteerRows, readGazetteer } from './gazetteer';

/** What the main thread sends: ready for the next slice. */
export type GazetteerRequest = 'more';

/** One message of the worker: a slice of one table's rows, or the end. */
export type GazetteerMessage =
  { kind: keyof GazetteerRows; rows: GazetteerRows[keyof GazetteerRows] } | { done: true };

/**
 * Rows per message: each message is copied into the main thread as it arrives, so a small one
 * keeps that copy (the only work the main thread does for the read) to a few milliseconds.
 */
export const GAZETTEER_MESSAGE_ROWS = 5_000;

/**
 * A worker thread (gazetteer-reader.ts starts it) that reads the bundled packages into table
 * rows: about four seconds of synchronous decoding that would otherwise stop the event loop,
 * health checks included, at the first start. It sends one slice of rows per "more" from the
 * main thread: queued messages are all delivered in one go, which would stop the loop again.
 */
if (parentPort) {
  const port = parentPort;
  const rows = readGazetteer((workerData as { minPopulation: number }).minPopulation);
  function* slices(): Generator<GazetteerMessage> {
    for (const kind of ['places', 'names', 'postcodes'] as const) {
      const all = rows[kind];
      for (let i = 0; i < all.length; i += GAZETTEER_MESSAGE_ROWS) {
        yield { kind, rows: all.slice(i, i + GAZETTEER_MESSAGE_ROWS) };
      }
    }
    yield { done: true };
  }
  const messages = slices();
  const sendNext = (): void => {
    const next = messages.next();
    if (!next.done) {
      port.postMessage(next.value);
    }
  };
  port.on('message', (message: GazetteerRequest) => {
    if (message === 'more') {
      sendNext();
    }
  });
  sendNext();
}
