import { resolve } from 'node:path';
import type { Env } from '../config/env';
import { EmbeddedPostgres } from './embedded-postgres';

export interface ResolvedDatabase {
  url: string;
  /** Set when the API started its own Postgres; stop it on shutdown. */
  embedded?: EmbeddedPostgres;
}

export interface ResolveDatabaseOptions {
  /** Restart the embedded Postgres with back-off when it dies (the API; not the CLIs). */
  supervise?: boolean;
  /** Where a crash and the restart attempts are reported (defaults to `log`). */
  warn?: (message: string) => void;
}

/** DATABASE_URL when given; otherwise a real Postgres started from DATA_DIR/postgres. */
export async function resolveDatabase(
  env: Env,
  log: (message: string) => void,
  options: ResolveDatabaseOptions = {},
): Promise<ResolvedDatabase> {
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_URL };
  }
  const embedded = new EmbeddedPostgres({
    dataDir: resolve(env.DATA_DIR, 'postgres'),
    port: env.EMBEDDED_PG_PORT,
    database: 'trialflow',
    quiet: env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace',
    log,
    warn: options.warn,
    supervise: options.supervise,
  });
  const url = await embedded.start();
  return { url, embedded };
}
