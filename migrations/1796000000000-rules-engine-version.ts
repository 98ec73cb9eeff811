import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The version of the eligibility extraction the stored rules were read with (issue 14): the API
 * derives every trial's rules again at start when the code's RULES_ENGINE_VERSION is newer, so an
 * upgrade of the patterns does not leave trials excluded by the old reading. 0: not known (every
 * store before this migration), re-derived at the next start.
 */
export class RulesEngineVersion1796000000000 implements MigrationInterface {
  name = 'RulesEngineVersion1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "trial_store_state" ADD "rules_engine" integer NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "trial_store_state" DROP COLUMN "rules_engine"');
  }
}
