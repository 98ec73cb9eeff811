import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A site whose record gives no coordinates (a field-limited CT.gov export lists only facility,
 * city, state and country) gets its city's from the offline gazetteer at import: marked here, so
 * the API and the web can say its distance is approximate ("about 40 km").
 */
export class SiteApproximateLocation1795550000000 implements MigrationInterface {
  name = 'SiteApproximateLocation1795550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "site" ADD "approximate_location" boolean NOT NULL DEFAULT false');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "site" DROP COLUMN "approximate_location"');
  }
}
