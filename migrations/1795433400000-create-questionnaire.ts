import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved questionnaires (spec 02 §7 call 3): one per signed-in user and one per visitor session,
 * each owner kept unique by its own index. The answers are one jsonb document; a user's
 * questionnaire goes with the account.
 */
export class CreateQuestionnaire1795433400000 implements MigrationInterface {
  name = 'CreateQuestionnaire1795433400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "questionnaire" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid, "session_id" character varying(128), "user_source" character varying(64), "answers" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_questionnaire_owner" CHECK ("user_id" IS NOT NULL OR "session_id" IS NOT NULL), CONSTRAINT "PK_e8232a11eaabac903636eb7e71e" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE UNIQUE INDEX "UQ_questionnaire_user" ON "questionnaire"  ("user_id") ');
    await q.query(
      'CREATE UNIQUE INDEX "UQ_questionnaire_session" ON "questionnaire"  ("session_id") ',
    );
    await q.query(
      'ALTER TABLE "questionnaire" ADD CONSTRAINT "FK_b9d23b28a378119d244e3523c1f" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "questionnaire" DROP CONSTRAINT "FK_b9d23b28a378119d244e3523c1f"');
    await q.query('DROP INDEX "public"."UQ_questionnaire_session"');
    await q.query('DROP INDEX "public"."UQ_questionnaire_user"');
    await q.query('DROP TABLE "questionnaire"');
  }
}
