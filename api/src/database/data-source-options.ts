import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';

/**
 * The TypeORM options shared by the app, the migration CLI and the tests. Migrations live in
 * the top-level migrations/ folder: TypeScript under jest, compiled JavaScript in api/dist.
 */
export function dataSourceOptions(url: string, ssl = false): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    ssl: ssl ? { rejectUnauthorized: false } : false,
    synchronize: false,
    migrationsRun: false,
    entities: [join(__dirname, '..', '**', '*.entity.{ts,js}')],
    migrations: [join(__dirname, '..', '..', '..', 'migrations', '*.{ts,js}')],
    migrationsTableName: 'migrations',
    // gen_random_uuid() is built into Postgres 13+; no extension to install.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    extra: {
      max: 10,
      application_name: 'trialflow-api',
      // A server that is down or unreachable fails a request after this instead of holding it
      // (and a pool slot) for the TCP connect timeout; the pool connects anew on the next call.
      connectionTimeoutMillis: 10_000,
      // Notices a dead peer on an idle connection (a server restarted behind a proxy).
      keepAlive: true,
    },
  };
}
