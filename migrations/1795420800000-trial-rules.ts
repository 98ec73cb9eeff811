import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Structured eligibility rules on each trial (criteria/criteria.ts EligibilityRule[]), and a
 * store version the in-memory search index polls to notice imports made by other processes.
 */
export class TrialRules1795420800000 implements MigrationInterface {
  name = 'TrialRules1795420800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "trial" ADD "rules" jsonb NOT NULL DEFAULT \'[]\'');
    await q.query(
      'CREATE TABLE "trial_store_state" ("id" smallint NOT NULL DEFAULT 1, "version" bigint NOT NULL DEFAULT 0, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_trial_store_state_single" CHECK ("id" = 1), CONSTRAINT "PK_trial_store_state" PRIMARY KEY ("id"))',
    );
    await q.query('INSERT INTO "trial_store_state" ("id", "version") VALUES (1, 0)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "trial_store_state"');
    await q.query('ALTER TABLE "trial" DROP COLUMN "rules"');
  }
}
