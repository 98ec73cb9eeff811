import 'reflect-metadata';
import { rmSync } from 'node:fs';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { TEST_PLACES_MIN_POPULATION } from '../../api/src/config/env';
import { dataSourceOptions } from '../../api/src/database/data-source-options';
import { PlaceGazetteerState } from '../../api/src/places/place-gazetteer-state.entity';
import { PlacesLoader } from '../../api/src/places/places-loader';
import { PlacesRepository } from '../../api/src/places/places.repository';
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
    // The places every test app would otherwise load at its start (seconds of decoding each):
    // loaded once here, the copies find this gazetteer version and skip the load.
    const places = new PlacesRepository(ds.getRepository(PlaceGazetteerState));
    await new PlacesLoader(places, ds, {
      PLACES_MIN_POPULATION: TEST_PLACES_MIN_POPULATION,
    }).ensureLoaded();
  } finally {
    await ds.destroy();
  }
  process.stdout.write(`\nTest Postgres: ${pg.kind}; template database migrated, places loaded.\n`);
}
