import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type GazetteerRows, readGazetteer } from './gazetteer';
import type { GazetteerMessage, GazetteerRequest } from './gazetteer-worker';

/** The compiled worker script; absent when running from TypeScript sources (tests). */
const WORKER_SCRIPT = join(__dirname, 'gazetteer-worker.js');

export function gazetteerWorkerAvailable(): boolean {
  return workerEntry() !== null;
}

/**
 * How to start the worker: the compiled script (npm start, the image), or its TypeScript source
 * where a require hook for .ts is installed (the e2e tests' second API processes, `node -r
 * swc-register.cjs`: a worker inherits the parent's -r preloads). Null under jest (its hooks
 * live in its own process only): the read then happens in this thread.
 */
function workerEntry(): { filename: string; eval: boolean } | null {
  if (__filename.endsWith('.js')) {
    return existsSync(WORKER_SCRIPT) ? { filename: WORKER_SCRIPT, eval: false } : null;
  }
  // The hook must come from a preload the worker inherits: jest installs its own in-process.
  const preloaded = process.execArgv.some((a) => a === '-r' || a.startsWith('--require'));
  const hook = (require.extensions as Record<string, unknown> | undefined)?.['.ts'];
  if (!preloaded || typeof hook !== 'function') {
    return null;
  }
  const source = JSON.stringify(join(__dirname, 'gazetteer-worker.ts'));
  return { filename: `require(${source});`, eval: true };
}

/**
 * The gazetteer's table rows, read in a worker thread so the event loop keeps serving requests
 * (health checks, sign-ins) during the first start's load. Under jest (whose test databases
 * copy a template with the places already loaded) it reads in this thread.
 */
export function readGazetteerOffThread(minPopulation: number): Promise<GazetteerRows> {
  const entry = workerEntry();
  if (!entry) {
    return Promise.resolve(readGazetteer(minPopulation));
  }
  return new Promise<GazetteerRows>((resolve, reject) => {
    const rows: GazetteerRows = { places: [], names: [], postcodes: [] };
    let done = false;
    const worker = new Worker(entry.filename, { eval: entry.eval, workerData: { minPopulation } });
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
