import { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-condition checkpoints of the ClinicalTrials.gov sync (resume token, last finished run). */
export class CreateCtgovSync1795351209555 implements MigrationInterface {
  name = 'CreateCtgovSync1795351209555';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "ctgov_sync_state" ("condition" character varying(40) NOT NULL, "page_token" text, "started_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, "last_completed_sync_date" date, CONSTRAINT "PK_eaa110c764caddf0d10fea62b63" PRIMARY KEY ("condition"))',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "ctgov_sync_state"');
  }
}
