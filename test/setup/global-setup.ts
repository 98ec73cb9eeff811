import 'reflect-metadata';
import { rmSync } from 'node:fs';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../api/src/database/data-source-options';
import { E2E_LOG_DIR } from '../utils/personal-data';
import { databaseUrl, startTestPostgres, TEMPLATE_DATABASE } from './test-postgres';

/** Starts Postgres once and migrates a template database that every test file copies. */
export default async function globalSetup(): Promise<void> {
  // This run's application log and personal data start empty (checked in global-teardown.ts).
  rmSync(E2E_LOG_DIR, { recursive: true, force: true });
  const pg = await startTestPostgres();
  (globalThis as { __TEST_PG__?: unknown }).__TEST_PG__ = pg;
  process.env.TRIALFLOW_TEST_ADMIN_URL = pg.adminUrl;

  const admin = new Client({ connectionString: pg.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const ds = new DataSource(dataSourceOptions(databaseUrl(pg.adminUrl, TEMPLATE_DATABASE)));
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await ds.destroy();
  }
  process.stdout.write(`\nTest Postgres: ${pg.kind}; template database migrated.\n`);
}
