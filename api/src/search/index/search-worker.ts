import { parentPort } from 'node:worker_threads';
import type { IndexArrays, IndexQuery, IndexResult } from './index-types';
import { SearchIndex } from './search-index';

/**
 * A search worker thread (search-workers.ts starts them): holds a SearchIndex over the shared
 * arrays of the index in use and answers searches with their results.
 */
export type WorkerRequest =
  { type: 'index'; arrays: IndexArrays } | { type: 'search'; id: number; query: IndexQuery };

export type WorkerReply = { id: number; result: IndexResult } | { id: number; error: string };

let index: SearchIndex | null = null;

parentPort?.on('message', (message: WorkerRequest) => {
  if (message.type === 'index') {
    index = new SearchIndex(message.arrays);
    return;
  }
  try {
    if (!index) {
      throw new Error('no index yet');
    }
    const result = index.search(message.query);
    parentPort!.postMessage({ id: message.id, result } satisfies WorkerReply, [
      result.keys.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    parentPort!.postMessage({
      id: message.id,
      error: (error as Error).message,
    } satisfies WorkerReply);
  }
});
