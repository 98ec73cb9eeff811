import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { appendToAppLog } from './personal-data';

export interface ApiProcess {
  url: string;
  /** What the process wrote, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
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
 * own on an existing database: a second replica beside a test's in-process app.
 */
export async function startApiProcess(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', join(root, 'test', 'utils', 'swc-register.cjs'), join(root, 'api', 'src', 'main.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST_DIR: '',
        RUN_MIGRATIONS: 'false',
        SEARCH_WORKERS: '0',
        PLACES_MIN_POPULATION: '20000000',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`API process did not start:\n${output}`)),
      60_000,
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
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      appendToAppLog(output);
    },
  };
}
