import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trial store: trials, their sites and the facilities sites belong to. The geo index is written
 * by hand (TypeORM cannot describe an expression index): cube + earthdistance ship with every
 * Postgres, the embedded one included, and need the superuser the migrations run as.
 */
export class CreateTrials1795350324625 implements MigrationInterface {
  name = 'CreateTrials1795350324625';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE EXTENSION IF NOT EXISTS cube');
    await q.query('CREATE EXTENSION IF NOT EXISTS earthdistance');
    await q.query(
      'CREATE TABLE "facility" ("id" SERIAL NOT NULL, "key" text NOT NULL, "name" text NOT NULL, "city" text NOT NULL, "state" text NOT NULL, "zip" text NOT NULL, "country" text NOT NULL, "lat" double precision, "lon" double precision, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_4ee59d36a55214372e359dac089" UNIQUE ("key"), CONSTRAINT "PK_07c6c82781d105a680b5c265be6" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE TABLE "site" ("id" SERIAL NOT NULL, "trial_id" integer NOT NULL, "facility_id" integer NOT NULL, "facility_name" text NOT NULL, "city" text NOT NULL, "state" text NOT NULL, "zip" text NOT NULL, "country" text NOT NULL, "status" text NOT NULL, "contacts" jsonb NOT NULL DEFAULT \'[]\', "lat" double precision, "lon" double precision, CONSTRAINT "PK_635c0eeabda8862d5b0237b42b4" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "IDX_site_trial" ON "site"  ("trial_id") ');
    await q.query('CREATE INDEX "IDX_site_facility" ON "site"  ("facility_id") ');
    await q.query(
      'CREATE TABLE "trial" ("id" SERIAL NOT NULL, "nct_id" character varying(11) NOT NULL, "brief_title" text NOT NULL, "official_title" text NOT NULL, "brief_summary" text NOT NULL, "overall_status" character varying(40) NOT NULL, "study_type" character varying(40) NOT NULL, "phases" text array NOT NULL DEFAULT \'{}\', "start_date" date, "last_update_date" date, "sponsor" text NOT NULL, "conditions" text array NOT NULL DEFAULT \'{}\', "specificity" character varying(16) NOT NULL, "interventions" jsonb NOT NULL DEFAULT \'[]\', "genes" text array NOT NULL DEFAULT \'{}\', "minimum_age_years" numeric(7,3), "maximum_age_years" numeric(7,3), "sex" character varying(6) NOT NULL, "eligibility_inclusion" text NOT NULL, "eligibility_exclusion" text NOT NULL, "raw" jsonb NOT NULL, "source_version" character varying(20), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_57e11c349c41e8474cbd89d5d84" UNIQUE ("nct_id"), CONSTRAINT "PK_9b88700fa823eea233967835856" PRIMARY KEY ("id"))',
    );
    await q.query(
      'ALTER TABLE "site" ADD CONSTRAINT "FK_2e1dfebc7bb55477772d2626fa1" FOREIGN KEY ("trial_id") REFERENCES "trial"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "site" ADD CONSTRAINT "FK_220143229838321a4d0c0f8d35c" FOREIGN KEY ("facility_id") REFERENCES "facility"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await q.query(
      'CREATE INDEX "IDX_site_earth" ON "site" USING gist (ll_to_earth("lat", "lon")) WHERE "lat" IS NOT NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."IDX_site_earth"');
    await q.query('ALTER TABLE "site" DROP CONSTRAINT "FK_220143229838321a4d0c0f8d35c"');
    await q.query('ALTER TABLE "site" DROP CONSTRAINT "FK_2e1dfebc7bb55477772d2626fa1"');
    await q.query('DROP TABLE "trial"');
    await q.query('DROP INDEX "public"."IDX_site_facility"');
    await q.query('DROP INDEX "public"."IDX_site_trial"');
    await q.query('DROP TABLE "site"');
    await q.query('DROP TABLE "facility"');
    // The extensions stay: other objects may use them, and CREATE … IF NOT EXISTS re-runs.
  }
}
