import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { IndexQuery, IndexResult } from './index-types';
import type { SearchIndex } from './search-index';
import type { WorkerReply, WorkerRequest } from './search-worker';

interface Pending {
  resolve: (result: IndexResult) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  alive: boolean;
}

/** The compiled worker script; absent when running from TypeScript sources (tests). */
const WORKER_SCRIPT = join(__dirname, 'search-worker.js');

export function searchWorkersAvailable(): boolean {
  return __filename.endsWith('.js') && existsSync(WORKER_SCRIPT);
}

/**
 * Worker threads that run searches over one index's shared arrays, so searches use every core
 * while the main thread serves HTTP. Each search goes to the thread with the fewest waiting; a
 * thread that dies fails its searches, which the caller then runs in the main thread.
 */
export class SearchWorkers {
  private readonly threads: Thread[];
  private nextId = 1;

  constructor(index: SearchIndex, count: number) {
    const arrays = index.workerArrays;
    this.threads = Array.from({ length: count }, () => {
      const worker = new Worker(WORKER_SCRIPT);
      const thread: Thread = { worker, pending: new Map(), alive: true };
      worker.on('message', (reply: WorkerReply) => {
        const waiting = thread.pending.get(reply.id);
        thread.pending.delete(reply.id);
        if (thread.pending.size === 0) {
          worker.unref();
        }
        if ('error' in reply) {
          waiting?.reject(new Error(reply.error));
        } else {
          waiting?.resolve(reply.result);
        }
      });
      const fail = (error: Error): void => {
        thread.alive = false;
        for (const waiting of thread.pending.values()) {
          waiting.reject(error);
        }
        thread.pending.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`search worker exited with code ${code}`)));
      // Idle workers must not keep the process alive (search() refs a busy one).
      worker.unref();
      worker.postMessage({ type: 'index', arrays } satisfies WorkerRequest);
      return thread;
    });
  }

  /** Whether some thread can take searches. */
  get available(): boolean {
    return this.threads.some((t) => t.alive);
  }

  search(query: IndexQuery): Promise<IndexResult> {
    const alive = this.threads.filter((t) => t.alive);
    if (alive.length === 0) {
      return Promise.reject(new Error('no search worker is running'));
    }
    const thread = alive.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise<IndexResult>((resolve, reject) => {
      if (thread.pending.size === 0) {
        thread.worker.ref();
      }
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ type: 'search', id, query } satisfies WorkerRequest);
    });
  }

  /** Stops the threads once the searches they hold are answered. */
  async close(): Promise<void> {
    await Promise.all(
      this.threads.map(async (t) => {
        while (t.alive && t.pending.size > 0) {
          await new Promise((r) => setTimeout(r, 50));
        }
        t.alive = false;
        await t.worker.terminate();
      }),
    );
  }
}
