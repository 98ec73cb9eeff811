// The bench database: BENCH_DATABASE_URL when set, otherwise an embedded Postgres of its own in
// .data/bench-postgres on a free port (never the dev .data/postgres). The database is dropped
// and created anew on every run, then migrated with the API's own migrate CLI.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

export const BENCH_DB = 'trialflow_bench';

export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

export function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function query(url, sql, params) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export class BenchPostgres {
  /**
   * @param {import('./dist.mjs').DistSnapshot} dist
   * @param {string} root the repository root
   * @param {(m: string) => void} log
   */
  constructor(dist, root, log) {
    this.dist = dist;
    this.root = root;
    this.log = log;
    this.embedded = null;
  }

  /** Starts (or reaches) the server and makes a fresh, migrated bench database; its URL. */
  async start() {
    let adminUrl;
    let database;
    if (process.env.BENCH_DATABASE_URL) {
      const given = new URL(process.env.BENCH_DATABASE_URL);
      database = decodeURIComponent(given.pathname.replace(/^\//, '')) || BENCH_DB;
      adminUrl = withDatabase(process.env.BENCH_DATABASE_URL, 'postgres');
      this.log(`Database: BENCH_DATABASE_URL (database "${database}" is dropped and recreated)`);
    } else {
      const { EmbeddedPostgres } = this.dist.load('database/embedded-postgres');
      const port = await freePort();
      const dataDir = join(this.root, '.data', 'bench-postgres');
      this.embedded = new EmbeddedPostgres({ dataDir, port, database: 'postgres', quiet: true });
      await this.embedded.start();
      adminUrl = this.embedded.adminUrl;
      database = BENCH_DB;
      this.log(`Database: embedded Postgres in .data/bench-postgres on 127.0.0.1:${port}`);
    }
    const name = `"${database.replace(/"/g, '""')}"`;
    await query(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await query(adminUrl, `CREATE DATABASE ${name}`);
    this.url = withDatabase(adminUrl, database);
    this.adminUrl = adminUrl;
    this.dropSql = `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;
    this.migrate();
    return this.url;
  }

  migrate() {
    const result = spawnSync(process.execPath, [this.dist.path('cli/migrate.js'), 'run'], {
      cwd: this.root,
      env: { ...process.env, DATABASE_URL: this.url, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      throw new Error(`Migrations failed:\n${result.stdout}\n${result.stderr}`);
    }
    const applied = (result.stdout.match(/^Applied /gm) ?? []).length;
    this.log(`Migrations: ${applied} applied on a fresh database`);
  }

  /** Frees the disk (500,000 trials take ~8 GB); BENCH_KEEP_DB=1 keeps it for a look. */
  async dropDatabase() {
    if (this.dropSql && !['1', 'true'].includes(process.env.BENCH_KEEP_DB ?? '')) {
      await query(this.adminUrl, this.dropSql);
      this.dropSql = null;
    }
  }

  async stop() {
    const embedded = this.embedded;
    this.embedded = null;
    if (embedded) {
      await embedded.stop();
    }
  }
}
