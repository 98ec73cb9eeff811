import 'reflect-metadata';
import { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import { loadEnvOrExit } from '../config/load-env';
import { dataSourceOptions } from '../database/data-source-options';
import { resolveDatabase } from '../database/resolve-database';
import { PlaceGazetteerState } from '../places/place-gazetteer-state.entity';
import { PlacesLoader } from '../places/places-loader';
import { PlacesRepository } from '../places/places.repository';
import { PlacesService } from '../places/places.service';

export interface WithDatabaseOptions {
  /** Apply pending migrations first (default true). */
  migrate?: boolean;
  /** Where the embedded Postgres reports its start; silent by default. */
  log?: (message: string) => void;
}

/**
 * Runs a command against the configured database (DATABASE_URL, or the embedded Postgres in
 * DATA_DIR) and always closes it again, embedded server included.
 */
export async function withDatabase<T>(
  run: (ds: DataSource, env: Env) => Promise<T>,
  options: WithDatabaseOptions = {},
): Promise<T> {
  const env = loadEnvOrExit();
  const database = await resolveDatabase(env, options.log ?? (() => undefined));
  const ds = new DataSource(dataSourceOptions(database.url, env.DATABASE_SSL));
  try {
    await ds.initialize();
    if (options.migrate ?? true) {
      await ds.runMigrations({ transaction: 'each' });
    }
    return await run(ds, env);
  } finally {
    await ds.destroy().catch(() => undefined);
    await database.embedded?.stop();
  }
}

/**
 * The places service with the gazetteer loaded into Postgres (when the API never ran on this
 * database, or its version changed): the import places coordinate-less sites with it.
 */
export async function loadedPlaces(ds: DataSource, env: Env): Promise<PlacesService> {
  const repository = new PlacesRepository(ds.getRepository(PlaceGazetteerState));
  const loader = new PlacesLoader(repository, ds, env);
  await loader.ensureLoaded();
  return new PlacesService(repository, loader, env);
}

/** A failure of the command's arguments: the message and the usage, exit code 2. */
export function usageFailure(usage: string): (message: string) => never {
  return (message) => {
    process.stderr.write(`${message}\n\n${usage}\n`);
    process.exit(2);
  };
}

/** Runs a CLI's main: a number it answers is the exit code; an error prints and exits 1. */
export function runCli(main: () => Promise<number | void>): void {
  main().then(
    // An explicit exit: process.exitCode alone came out 0 once the embedded Postgres stopped.
    (code) => {
      if (typeof code === 'number' && code !== 0) {
        process.exit(code);
      }
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
