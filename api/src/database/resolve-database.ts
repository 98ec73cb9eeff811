import { resolve } from 'node:path';
import type { Env } from '../config/env';
import { EmbeddedPostgres } from './embedded-postgres';

export interface ResolvedDatabase {
  url: string;
  /** Set when the API started its own Postgres; stop it on shutdown. */
  embedded?: EmbeddedPostgres;
}

/** DATABASE_URL when given; otherwise a real Postgres started from DATA_DIR/postgres. */
export async function resolveDatabase(
  env: Env,
  log: (message: string) => void,
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
  });
  const url = await embedded.start();
  return { url, embedded };
}
