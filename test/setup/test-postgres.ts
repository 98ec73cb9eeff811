import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { EmbeddedPostgres } from '../../api/src/database/embedded-postgres';

export interface TestPostgres {
  /** A URL to a maintenance database where test databases can be created. */
  adminUrl: string;
  kind: 'TEST_DATABASE_URL' | 'testcontainers' | 'embedded-postgres';
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function dockerAnswers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, fail) => {
        timer = setTimeout(() => fail(new Error('timeout')), 5000);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** TEST_DATABASE_URL if set; else Testcontainers when a Docker engine answers; else embedded. */
export async function startTestPostgres(): Promise<TestPostgres> {
  if (process.env.TEST_DATABASE_URL) {
    return {
      adminUrl: process.env.TEST_DATABASE_URL,
      kind: 'TEST_DATABASE_URL',
      stop: () => Promise.resolve(),
    };
  }
  if (process.env.TEST_SKIP_DOCKER !== 'true' && (await dockerAnswers())) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:18-alpine').start();
    return {
      adminUrl: container.getConnectionUri(),
      kind: 'testcontainers',
      stop: async () => {
        await container.stop();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'trialflow-test-pg-'));
  // As root, Postgres runs as the 'postgres' user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  const pg = new EmbeddedPostgres({
    dataDir: join(dir, 'data'),
    port: await freePort(),
    database: 'postgres',
    quiet: true,
  });
  await pg.start();
  return {
    adminUrl: pg.adminUrl,
    kind: 'embedded-postgres',
    stop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export const TEMPLATE_DATABASE = 'trialflow_template';
