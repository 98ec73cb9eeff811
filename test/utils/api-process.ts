import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { TEST_PLACES_MIN_POPULATION } from '../../api/src/config/env';
import { EmbeddedPostgres } from '../../api/src/database/embedded-postgres';
import { appendToAppLog } from './personal-data';

export interface ApiProcess {
  url: string;
  pid: number;
  /** What the process wrote, for a failing test's message. */
  output(): string;
  /** False once the process has exited, for whatever reason. */
  running(): boolean;
  stop(): Promise<void>;
}

export interface ApiProcessOptions {
  /** Variables over the defaults; `undefined` removes one. */
  env?: Record<string, string | undefined>;
  /** How long to wait for "Trialflow is running" (a fresh embedded Postgres takes longer). */
  startTimeoutMs?: number;
}

const root = join(__dirname, '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The real API entry point (api/src/main.ts, compiled on the fly by SWC) as a process of its
 * own on an existing database: a second replica beside a test's in-process app. With
 * `databaseUrl` null it starts its own embedded Postgres (set DATA_DIR and EMBEDDED_PG_PORT).
 */
export async function startApiProcess(
  databaseUrl: string | null,
  options: ApiProcessOptions = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl ?? undefined,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '',
    RUN_MIGRATIONS: 'false',
    SEARCH_WORKERS: '0',
    // A test database copies the template, places loaded at the test default: nothing to load.
    // An embedded database of its own starts empty: a few cities load quickly.
    PLACES_MIN_POPULATION: databaseUrl ? String(TEST_PLACES_MIN_POPULATION) : '20000000',
    // Many calls from 127.0.0.1, as in the in-process test apps (test/rate-limit.e2e-spec.ts
    // passes the shipped limits back in).
    RATE_LIMIT_PER_ADDRESS: '1000000',
    RATE_LIMIT_IDENTITY_PER_ADDRESS: '1000000',
    RATE_LIMIT_IDENTITY_PER_ACCOUNT: '1000000',
    RATE_LIMIT_SEARCH_PER_ADDRESS: '1000000',
    RATE_LIMIT_UPLOAD_PER_ADDRESS: '1000000',
    ...options.env,
  };
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', join(root, 'test', 'utils', 'swc-register.cjs'), join(root, 'api', 'src', 'main.ts')],
    {
      cwd: root,
      env: Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`API process did not start:\n${output}`)),
      options.startTimeoutMs ?? 60_000,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Trialflow is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API process exited (${code}):\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      appendToAppLog(output);
    },
  };
}

export interface PostgresServer {
  url: string;
  /** Starts the server (again, on the same data and port). */
  start(): Promise<void>;
  /** A clean shutdown: connections are closed by the server, then it exits. */
  stop(): Promise<void>;
}

/**
 * A Postgres the test controls as an "external" server (DATABASE_URL): the embedded one, in a
 * process of its own, with its data in `dataDir`, kept between stop() and start().
 */
export function postgresServer(dataDir: string, port: number): PostgresServer {
  let child: ChildProcess | null = null;
  return {
    // The embedded server's fixed loopback credentials.
    url: new EmbeddedPostgres({ dataDir, port, database: 'trialflow' }).url,
    start: async () => {
      const started = spawn(
        process.execPath,
        [
          '-r',
          join(root, 'test', 'utils', 'swc-register.cjs'),
          join(root, 'test', 'utils', 'postgres-server.ts'),
          dataDir,
          String(port),
        ],
        { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer): void => {
          output += chunk.toString();
          if (output.includes('READY')) {
            resolve();
          }
        };
        started.stdout?.on('data', onData);
        started.stderr?.on('data', onData);
        started.once('exit', (code) => reject(new Error(`Postgres exited (${code}):\n${output}`)));
      });
    },
    stop: async () => {
      const running = child;
      child = null;
      if (running && running.exitCode === null && running.signalCode === null) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGTERM');
        await exited;
      }
    },
  };
}
