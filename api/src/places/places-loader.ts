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
import { PlacesRepository } from './places.repository';

const SHUTDOWN_WAIT_MS = 60_000;

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
 * place searches wait for it. A failure is
 * logged, never fatal: the search then answers from what the table holds.
 */
@Injectable()
export class PlacesLoader implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PlacesLoader.name);
  private running: Promise<void> | null = null;

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
    if (!this.running || !this.dataSource.isInitialized) {
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.running,
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
