import { parentPort, workerData } from 'node:worker_threads';
import { type GazetteerRows, readGazetteer } from './gazetteer';

/** What the worker sends: the rows in slices, then done; or why it failed. */
export type GazetteerWorkerMessage =
  | { kind: 'rows'; table: keyof GazetteerRows; rows: GazetteerRows[keyof GazetteerRows] }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

/** Rows per message: the main thread decodes each message as a task of its own. */
const SLICE = 5_000;

/**
 * The gazetteer worker thread (gazetteer-thread.ts starts it): reads the bundled packages into
 * table rows, a few seconds of CPU that must not stall the thread serving HTTP.
 */
function run(): void {
  const port = parentPort;
  if (!port) {
    return;
  }
  try {
    const rows = readGazetteer((workerData as { minPopulation: number }).minPopulation);
    for (const table of ['places', 'names', 'postcodes'] as const) {
      for (let i = 0; i < rows[table].length; i += SLICE) {
        port.postMessage({
          kind: 'rows',
          table,
          rows: rows[table].slice(i, i + SLICE),
        } satisfies GazetteerWorkerMessage);
      }
    }
    port.postMessage({ kind: 'done' } satisfies GazetteerWorkerMessage);
  } catch (error) {
    port.postMessage({
      kind: 'error',
      message: error instanceof Error ? error.message : String(error),
    } satisfies GazetteerWorkerMessage);
  }
}

run();
