import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { gazetteerVersion } from './gazetteer';
import { gazetteerWorkerAvailable, readGazetteerOffThread } from './gazetteer-reader';
import { PlaceIndex } from './place-index';
import { PlacesRepository } from './places.repository';

const SHUTDOWN_WAIT_MS = 60_000;
/** How often a replica checks whether another one reloaded the tables (then it rebuilds). */
const INDEX_CHECK_MS = 60_000;

export interface PlacesLoadResult {
  loaded: boolean;
  places: number;
  /** Other names and postcodes stored (0 when nothing was loaded). */
  names: number;
  postcodes: number;
  seconds: number;
}

/**
 * Fills the place table from the bundled gazetteer at start, when it is empty or holds another
 * gazetteer version (new package versions, another PLACES_MIN_POPULATION). It runs in the
 * background (the packages are decoded in a worker thread) so the health check answers at once;
 * place searches wait for it. At the first search it builds the in-memory index of the tables
 * (place-index.ts) that then answers the autocomplete; Postgres answers until it is built. Each
 * replica builds its own index and builds it again when the tables hold another version
 * (another replica reloaded them), checked once a minute. A failure is logged, never fatal: the
 * search then answers from the tables in Postgres.
 */
@Injectable()
export class PlacesLoader implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PlacesLoader.name);
  private running: Promise<void> | null = null;
  private index: PlaceIndex | null = null;
  private indexVersion: string | null = null;
  private checking = false;
  private indexing: Promise<PlaceIndex | null> | null = null;
  private indexFailedAt = -Infinity;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly places: PlacesRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Pick<Env, 'PLACES_MIN_POPULATION'>,
  ) {}

  onApplicationBootstrap(): void {
    // Without a database (the OpenAPI generator) there is nothing to fill.
    if (this.dataSource.isInitialized) {
      this.running = this.ensureLoaded().then(
        () => undefined,
        (error: unknown) => {
          this.logger.error(
            `Loading the places failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        },
      );
      this.timer = setInterval(() => void this.rebuildIfReloaded(), INDEX_CHECK_MS);
      this.timer.unref();
    }
  }

  /**
   * The in-memory index; its build starts at the first call (a process that never searches
   * places, such as the CLI commands, never builds it). Null until it is built, or for a minute
   * after building it failed: searches then ask Postgres meanwhile.
   */
  currentIndex(): PlaceIndex | null {
    if (
      !this.index &&
      !this.indexing &&
      this.dataSource.isInitialized &&
      Date.now() - this.indexFailedAt >= INDEX_CHECK_MS
    ) {
      this.indexing = this.whenReady()
        .then(() => this.buildIndex())
        .finally(() => {
          this.indexing = null;
        });
    }
    return this.index;
  }

  /** Starts the index's build if needed and resolves with it once built (null if that failed). */
  whenIndexed(): Promise<PlaceIndex | null> {
    const index = this.currentIndex();
    return this.indexing ?? Promise.resolve(index);
  }

  /**
   * Builds the index from the tables (one snapshot) and swaps it in; a failure keeps the old one
   * (or none: searches then ask Postgres). Logs its size and what it added to the heap.
   */
  async buildIndex(): Promise<PlaceIndex | null> {
    try {
      const started = process.hrtime.bigint();
      const heapBefore = process.memoryUsage().heapUsed;
      const { version, rows } = await this.places.findIndexRows();
      const index = PlaceIndex.build(rows);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
      this.index = index;
      this.indexVersion = version;
      const { places, names, postcodes } = index.size;
      this.logger.log(
        `Places index: ${places} cities, ${names} other names and ${postcodes} postcodes in ` +
          `memory, built in ${seconds.toFixed(2)} s (heap +${Math.max(0, heapMb).toFixed(0)} MB)`,
      );
      return index;
    } catch (error) {
      this.indexFailedAt = Date.now();
      this.logger.error(
        `Building the places index failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return this.index;
    }
  }

  /** Builds the index again when the tables hold another version than it was built from. */
  async rebuildIfReloaded(): Promise<void> {
    // Only a built index is kept current; an unused one is never built.
    if (this.checking || !this.index || !this.dataSource.isInitialized) {
      return;
    }
    this.checking = true;
    try {
      await this.whenReady();
      const version = await this.places.findVersion();
      if (version !== this.indexVersion) {
        await this.buildIndex();
      }
    } catch (error) {
      this.logger.warn(
        `Checking the places version failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      this.checking = false;
    }
  }

  /** Resolves when the start-up load (if any) has finished or failed. */
  whenReady(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /**
   * Lets a running load finish before the database connections close (at most a minute). When
   * they are closed already, a query in flight never settles: nothing to wait for then.
   */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    if (!this.running || !this.dataSource.isInitialized) {
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([this.running, this.indexing]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Loads the gazetteer unless the table already holds this version. */
  async ensureLoaded(): Promise<PlacesLoadResult> {
    const started = process.hrtime.bigint();
    const minPopulation = this.env.PLACES_MIN_POPULATION;
    const version = gazetteerVersion(minPopulation);
    if ((await this.places.findVersion()) === version) {
      return { loaded: false, places: 0, names: 0, postcodes: 0, seconds: 0 };
    }
    const rows = await readGazetteerOffThread(minPopulation);
    const read = Number(process.hrtime.bigint() - started) / 1e9;
    this.logger.debug(
      `Places: the packages read in ${read.toFixed(2)} s ` +
        `(${gazetteerWorkerAvailable() ? 'in a worker thread' : 'in the main thread'}), storing them`,
    );
    const loaded = await this.places.replaceAll(rows, version);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (loaded) {
      this.logger.log(
        `Places: ${rows.places.length} cities, ${rows.names.length} other names and ` +
          `${rows.postcodes.length} postcodes loaded in ${seconds.toFixed(2)} s ` +
          `(${read.toFixed(2)} s reading the packages)`,
      );
    }
    return loaded
      ? {
          loaded,
          places: rows.places.length,
          names: rows.names.length,
          postcodes: rows.postcodes.length,
          seconds,
        }
      : { loaded, places: 0, names: 0, postcodes: 0, seconds };
  }
}
