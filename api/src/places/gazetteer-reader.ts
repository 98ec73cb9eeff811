import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type GazetteerRows, readGazetteer } from './gazetteer';
import type { GazetteerMessage, GazetteerRequest } from './gazetteer-worker';

/** The compiled worker script; absent when running from TypeScript sources (tests). */
const WORKER_SCRIPT = join(__dirname, 'gazetteer-worker.js');

export function gazetteerWorkerAvailable(): boolean {
  return __filename.endsWith('.js') && existsSync(WORKER_SCRIPT);
}

/**
 * The gazetteer's table rows, read in a worker thread so the event loop keeps serving requests
 * (health checks, sign-ins) during the first start's load. From the TypeScript sources (tests,
 * which copy a database with the places already loaded) it reads in this thread.
 */
export function readGazetteerOffThread(minPopulation: number): Promise<GazetteerRows> {
  if (!gazetteerWorkerAvailable()) {
    return Promise.resolve(readGazetteer(minPopulation));
  }
  return new Promise<GazetteerRows>((resolve, reject) => {
    const rows: GazetteerRows = { places: [], names: [], postcodes: [] };
    let done = false;
    const worker = new Worker(WORKER_SCRIPT, { workerData: { minPopulation } });
    worker.on('message', (message: GazetteerMessage) => {
      if ('done' in message) {
        done = true;
        void worker.terminate();
        resolve(rows);
      } else {
        const target = rows[message.kind] as unknown[];
        for (const row of message.rows) {
          target.push(row);
        }
        // The next slice once waiting requests had their turn.
        setImmediate(() => worker.postMessage('more' satisfies GazetteerRequest));
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (!done) {
        reject(new Error(`the gazetteer worker stopped with code ${code} before its last row`));
      }
    });
  });
}
