import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Env } from '../../config/env';
import { ENV } from '../../config/env.token';
import type { IndexQuery, IndexResult } from './index-types';
import type { SearchIndex } from './search-index';
import { loadSearchIndex, readStoreVersion } from './search-index.loader';
import { SearchWorkers, searchWorkersAvailable } from './search-workers';

/** How long a search waits for a rebuild after an import before it uses the previous index. */
const FRESH_WAIT_MS = 2_000;

export interface CurrentIndex {
  index: SearchIndex;
  version: string;
  /** Threads searching this index (SEARCH_WORKERS), or none. */
  workers: SearchWorkers | null;
}

interface Built extends CurrentIndex {
  /** The change generation the build started at: it includes every change before it. */
  generation: number;
}

/**
 * Holds the current search index. It is built at start, rebuilt when this process imports
 * (markStale) or when the store version in Postgres moves (imports by the CLI, the sync or
 * another replica, noticed every SEARCH_INDEX_REFRESH_SECONDS). A rebuild happens beside the
 * index in use, which is swapped when ready, so searches never see a half-built index.
 */
@Injectable()
export class SearchIndexService implements OnApplicationShutdown {
  private readonly logger = new Logger(SearchIndexService.name);
  private current: Built | null = null;
  private building: { generation: number; promise: Promise<Built> } | null = null;
  private generation = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Builds the index now (in the background) and starts watching the store version. The HTTP
   * server calls this after listening; CLIs never do, so they pay for no index.
   */
  warm(): void {
    this.ensureBuilt().catch(() => undefined);
    if (!this.timer) {
      this.timer = setInterval(() => {
        void this.checkVersion();
      }, this.env.SEARCH_INDEX_REFRESH_SECONDS * 1000);
      this.timer.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) {
      clearInterval(this.timer);
    }
    await this.current?.workers?.close();
  }

  /** Runs a search on the index's worker threads when it has some, else in this thread. */
  async search(current: CurrentIndex, query: IndexQuery): Promise<IndexResult> {
    if (current.workers?.available) {
      try {
        return await current.workers.search(query);
      } catch (error) {
        this.logger.warn(`Search worker failed, searching in the main thread: ${String(error)}`);
      }
    }
    return current.index.search(query);
  }

  /** Called after this process changed the trial store. */
  markStale(): void {
    this.generation++;
  }

  /** The index to search: waits for the first build, and briefly for a rebuild after a change. */
  async get(): Promise<CurrentIndex> {
    const current = this.current;
    if (current && current.generation === this.generation) {
      return current;
    }
    const next = this.ensureBuilt();
    if (!current) {
      return next;
    }
    const fresh = await Promise.race([
      next,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), FRESH_WAIT_MS).unref()),
    ]).catch(() => null);
    return fresh ?? current;
  }

  private async checkVersion(): Promise<void> {
    try {
      const version = await readStoreVersion(this.dataSource);
      if (this.current && version !== this.current.version) {
        this.markStale();
        await this.ensureBuilt();
      }
    } catch (error) {
      this.logger.warn(`Search index refresh failed: ${(error as Error).message}`);
    }
  }

  /** A build that includes every change marked so far (waits for an older one to finish). */
  private ensureBuilt(): Promise<Built> {
    const wanted = this.generation;
    if (this.building) {
      if (this.building.generation >= wanted) {
        return this.building.promise;
      }
      return this.building.promise.then(
        () => this.ensureBuilt(),
        () => this.ensureBuilt(),
      );
    }
    const promise = loadSearchIndex(this.dataSource)
      .then(({ index, version, seconds }) => {
        const count = searchWorkersAvailable() ? this.env.SEARCH_WORKERS : 0;
        const workers = count > 0 ? new SearchWorkers(index, count) : null;
        const previous = this.current;
        this.current = { index, version, generation: wanted, workers };
        // The previous index's threads finish what they hold, then stop.
        void previous?.workers?.close();
        this.logger.log(
          `Search index: ${index.size} open trials, ${index.siteCount} sites in ${seconds.toFixed(2)} s` +
            (workers ? `, searched by ${count} worker threads` : ''),
        );
        return this.current;
      })
      .catch((error: unknown) => {
        this.logger.error(`Search index build failed: ${(error as Error).message}`);
        throw error;
      })
      .finally(() => {
        this.building = null;
      });
    this.building = { generation: wanted, promise };
    return promise;
  }
}
