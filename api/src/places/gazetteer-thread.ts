import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type GazetteerRows, readGazetteer } from './gazetteer';
import type { GazetteerWorkerMessage } from './gazetteer-worker';

export interface ReadRows {
  rows: GazetteerRows;
  /** Whether a worker thread read them (else this thread did, blocking it meanwhile). */
  inWorker: boolean;
}

/**
 * How to start the worker: the compiled script beside this file (npm start, the image), or the
 * TypeScript source when a require hook for .ts is installed (the end-to-end tests' API
 * processes, `node -r swc-register.cjs`; a worker inherits the parent's -r preloads). Null
 * where neither works (jest's own module system): the caller reads in this thread.
 */
function workerEntry(): { filename: string; eval: boolean } | null {
  if (__filename.endsWith('.js')) {
    const compiled = join(__dirname, 'gazetteer-worker.js');
    return existsSync(compiled) ? { filename: compiled, eval: false } : null;
  }
  const hook = (require.extensions as Record<string, unknown> | undefined)?.['.ts'];
  if (typeof hook !== 'function') {
    return null;
  }
  const source = join(__dirname, 'gazetteer-worker.ts');
  return { filename: `require(${JSON.stringify(source)});`, eval: true };
}

/**
 * Reads the gazetteer in a worker thread: decoding ~135,000 cities, their other names and the
 * postcodes takes seconds of CPU, during which a replica reading it in its main thread would
 * answer nothing (not its health check, not a signed-in user's requests).
 */
export function readGazetteerOffThread(minPopulation: number): Promise<ReadRows> {
  const entry = workerEntry();
  if (!entry) {
    return Promise.resolve({ rows: readGazetteer(minPopulation), inWorker: false });
  }
  return new Promise<ReadRows>((resolve, reject) => {
    const rows: GazetteerRows = { places: [], names: [], postcodes: [] };
    let settled = false;
    const worker = new Worker(entry.filename, { eval: entry.eval, workerData: { minPopulation } });
    worker.on('message', (message: GazetteerWorkerMessage) => {
      if (message.kind === 'rows') {
        const target = rows[message.table] as unknown[];
        for (const row of message.rows) {
          target.push(row);
        }
      } else if (message.kind === 'done') {
        settled = true;
        resolve({ rows, inWorker: true });
      } else {
        settled = true;
        reject(new Error(message.message));
      }
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) {
        reject(new Error(`The gazetteer worker stopped (exit code ${code}) before it finished`));
      }
    });
  });
}
