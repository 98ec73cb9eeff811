import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The raw CT.gov record is kept as it came (json, not jsonb) and uncompressed (storage
 * EXTERNAL): nothing queries inside it, and building jsonb plus compressing ~18 KB per study took
 * about a third of Postgres' import time (measured with `npm run bench:import`). Costs disk:
 * ~18 KB a trial instead of ~6 KB.
 *
 * The radius index moves from site to facility: a site's place is its facility's (site.lat/lon
 * are copies), facilities are few and written once, while every trial update rewrote its sites'
 * GiST entries (a fifth of Postgres' import time). Radius queries find facilities, then their
 * sites through IDX_site_facility.
 */
export class TrialRawJsonFacilityEarth1795500000000 implements MigrationInterface {
  name = 'TrialRawJsonFacilityEarth1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "trial" ALTER COLUMN "raw" TYPE json USING "raw"::json');
    await q.query('ALTER TABLE "trial" ALTER COLUMN "raw" SET STORAGE EXTERNAL');
    await q.query('DROP INDEX "IDX_site_earth"');
    await q.query(
      'CREATE INDEX "IDX_facility_earth" ON "facility" USING gist (ll_to_earth("lat", "lon")) WHERE "lat" IS NOT NULL AND "lon" IS NOT NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "IDX_facility_earth"');
    await q.query(
      'CREATE INDEX "IDX_site_earth" ON "site" USING gist (ll_to_earth("lat", "lon")) WHERE "lat" IS NOT NULL',
    );
    await q.query('ALTER TABLE "trial" ALTER COLUMN "raw" SET STORAGE EXTENDED');
    await q.query('ALTER TABLE "trial" ALTER COLUMN "raw" TYPE jsonb USING "raw"::jsonb');
  }
}
