import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import type { Logger as PinoLogger } from 'pino';
import type { App } from 'supertest/types';
import { DataSource } from 'typeorm';
import { createApp } from '../../api/src/app';
import { createRootLogger } from '../../api/src/common/logging/logger';
import { TEST_PLACES_MIN_POPULATION, validateEnv } from '../../api/src/config/env';
import { databaseUrl, TEMPLATE_DATABASE } from '../setup/test-postgres';
import { appendToAppLog, appLogDestination } from './personal-data';

export interface TestApp {
  app: NestExpressApplication;
  http: App;
  dataSource: DataSource;
  databaseName: string;
  close(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TRIALFLOW_TEST_ADMIN_URL;
  if (!url) {
    throw new Error(
      'TRIALFLOW_TEST_ADMIN_URL is not set: run the tests with test/jest-e2e.config.js',
    );
  }
  return url;
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A database of this test file's own, copied from the migrated template. */
export async function createTestDatabase(): Promise<string> {
  const name = `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await withAdmin(async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`);
        return;
      } catch (error) {
        // Two files copying the template at the same moment: try again shortly.
        if (attempt >= 10 || !String(error).includes('being accessed by other users')) {
          throw error;
        }
        await new Promise((r) => setTimeout(r, 200 + Math.random() * 300));
      }
    }
  });
  return name;
}

export async function dropTestDatabase(name: string): Promise<void> {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/**
 * Every test file calls from 127.0.0.1, many accounts in a few seconds: the rate limits are
 * raised for them. test/rate-limit.e2e-spec.ts passes the real defaults back in.
 */
export const RAISED_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_PER_ADDRESS: '1000000',
  RATE_LIMIT_IDENTITY_PER_ADDRESS: '1000000',
  RATE_LIMIT_IDENTITY_PER_ACCOUNT: '1000000',
  RATE_LIMIT_SEARCH_PER_ADDRESS: '1000000',
  RATE_LIMIT_UPLOAD_PER_ADDRESS: '1000000',
};

/** The real application, configured as in production, on a fresh copy of the database. */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: { logger?: PinoLogger } = {},
): Promise<TestApp> {
  const databaseName = await createTestDatabase();
  const env = validateEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '',
    RUN_MIGRATIONS: 'false',
    // The template holds the places of this floor (test/setup/global-setup.ts): an app in
    // production mode would otherwise load the whole gazetteer again.
    PLACES_MIN_POPULATION: String(TEST_PLACES_MIN_POPULATION),
    ...RAISED_RATE_LIMITS,
    ...envOverrides,
  });
  const destination = options.logger ? undefined : appLogDestination();
  const app = await createApp({
    env,
    databaseUrl: databaseUrl(adminUrl(), databaseName),
    // The log goes to this worker's file, read for personal data at the end of the run.
    logger: options.logger ?? createRootLogger('debug', false, destination),
  });
  await app.init();
  return {
    app,
    http: app.getHttpServer() as App,
    dataSource: app.get(DataSource),
    databaseName,
    close: async () => {
      await app.close();
      // Flushed, not destroyed: a timer or query that ends after close (a rate-limit clean-up,
      // an index load) may still log, and a destroyed stream would throw out of it.
      destination?.flushSync();
      await dropTestDatabase(databaseName);
    },
  };
}

/** A JSON-lines logger at `trace` whose output the test reads back with `text()`. */
export function capturingLogger(): { logger: PinoLogger; text: () => string } {
  const chunks: string[] = [];
  const logger = createRootLogger('trace', false, {
    write: (line: string) => {
      chunks.push(line);
      appendToAppLog(line);
    },
  });
  return { logger, text: () => chunks.join('') };
}
