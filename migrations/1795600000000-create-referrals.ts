import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The referral loop (issue 11): trial requests with their status history, the clinops board's
 * facility progress per request, notifications with a seen flag per recipient, the audit log
 * (no foreign keys: it outlives what it names) and the stored real-time events replayed on
 * reconnect. Every foreign key is indexed.
 */
export class CreateReferrals1795600000000 implements MigrationInterface {
  name = 'CreateReferrals1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "audit_log" ("id" BIGSERIAL NOT NULL, "actor_id" uuid, "action" character varying(64) NOT NULL, "request_id" uuid, "ip" character varying(64) NOT NULL DEFAULT \'\', "detail" jsonb NOT NULL DEFAULT \'{}\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_07fefa57f7f5ab8fc3f52b3ed0b" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "IDX_audit_log_actor" ON "audit_log"  ("actor_id") ');
    await q.query('CREATE INDEX "IDX_audit_log_request" ON "audit_log"  ("request_id") ');
    await q.query('CREATE INDEX "IDX_audit_log_created" ON "audit_log"  ("created_at") ');
    await q.query(
      'CREATE TABLE "app_event" ("id" BIGSERIAL NOT NULL, "type" character varying(32) NOT NULL, "user_ids" uuid array NOT NULL DEFAULT \'{}\', "facility_id" integer, "data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_29890fa3d1061426586f1219c24" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "IDX_app_event_facility" ON "app_event"  ("facility_id") ');
    await q.query('CREATE INDEX "IDX_app_event_created" ON "app_event"  ("created_at") ');
    await q.query(
      'CREATE TABLE "trial_request" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "identifier" character varying(19) NOT NULL, "nct_id" character varying(11) NOT NULL, "trial_name" text NOT NULL, "condition" character varying(64) NOT NULL, "status" character varying(16) NOT NULL DEFAULT \'newRequest\', "questionnaire" jsonb NOT NULL, "facility_id" integer NOT NULL, "facility_name" text NOT NULL, "email" character varying(254) NOT NULL, "phone_number" character varying(20) NOT NULL DEFAULT \'\', "country" character varying(2) NOT NULL DEFAULT \'\', "comments" text NOT NULL DEFAULT \'\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_252df5c92dfca94e2273678affe" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "IDX_trial_request_user" ON "trial_request"  ("user_id") ');
    await q.query('CREATE INDEX "IDX_trial_request_nct" ON "trial_request"  ("nct_id") ');
    await q.query('CREATE INDEX "IDX_trial_request_facility" ON "trial_request"  ("facility_id") ');
    await q.query(
      'CREATE TABLE "facility_progress" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "request_id" uuid NOT NULL, "reached_out" boolean NOT NULL DEFAULT true, "initial_discussion" boolean NOT NULL DEFAULT false, "info_needed" boolean NOT NULL DEFAULT false, "decision_made" boolean NOT NULL DEFAULT false, "approved" boolean, "updated_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d49fdde52c986fa33c5a752e6bd" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE UNIQUE INDEX "UQ_facility_progress_request" ON "facility_progress"  ("request_id") ',
    );
    await q.query(
      'CREATE INDEX "IDX_facility_progress_updated_by" ON "facility_progress"  ("updated_by") ',
    );
    await q.query(
      'CREATE TABLE "notification" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "request_id" uuid NOT NULL, "type" character varying(16) NOT NULL, "status" character varying(16) NOT NULL, "actor_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_705b6c7cdf9b2c2ff7ac7872cb7" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "IDX_notification_request" ON "notification"  ("request_id") ');
    await q.query('CREATE INDEX "IDX_notification_actor" ON "notification"  ("actor_id") ');
    await q.query(
      'CREATE TABLE "notification_recipient" ("notification_id" uuid NOT NULL, "user_id" uuid NOT NULL, "seen_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_9ef3a98d26422be6d6e74492d1b" PRIMARY KEY ("notification_id", "user_id"))',
    );
    await q.query(
      'CREATE INDEX "IDX_notification_recipient_user" ON "notification_recipient"  ("user_id") ',
    );
    await q.query(
      'CREATE TABLE "trial_request_status_change" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "request_id" uuid NOT NULL, "actor_id" uuid, "from_status" character varying(16), "to_status" character varying(16) NOT NULL, "note" text NOT NULL DEFAULT \'\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_21e8e7ea855ae718ee8a62b7168" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE INDEX "IDX_trial_request_status_change_request" ON "trial_request_status_change"  ("request_id") ',
    );
    await q.query(
      'CREATE INDEX "IDX_trial_request_status_change_actor" ON "trial_request_status_change"  ("actor_id") ',
    );
    await q.query(
      'ALTER TABLE "trial_request" ADD CONSTRAINT "FK_4c124692414717bb4c700041387" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "trial_request" ADD CONSTRAINT "FK_3c0517a9372289f4379db15c896" FOREIGN KEY ("facility_id") REFERENCES "facility"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "facility_progress" ADD CONSTRAINT "FK_a96e9dcd0850896810d899424c5" FOREIGN KEY ("request_id") REFERENCES "trial_request"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "facility_progress" ADD CONSTRAINT "FK_b50f570843864828fa4f3016594" FOREIGN KEY ("updated_by") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "notification" ADD CONSTRAINT "FK_5878f4b35143abceccd77125177" FOREIGN KEY ("request_id") REFERENCES "trial_request"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "notification" ADD CONSTRAINT "FK_16addcdc44128a517daeddd4491" FOREIGN KEY ("actor_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "notification_recipient" ADD CONSTRAINT "FK_f6ebcb1bb7f7f55e33cf8488065" FOREIGN KEY ("notification_id") REFERENCES "notification"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "notification_recipient" ADD CONSTRAINT "FK_7d7f411e854516f615ba846c6a4" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "trial_request_status_change" ADD CONSTRAINT "FK_d46ccb82516213cd427c238273e" FOREIGN KEY ("request_id") REFERENCES "trial_request"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "trial_request_status_change" ADD CONSTRAINT "FK_c81c6dd01d92f00267030dd2752" FOREIGN KEY ("actor_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "trial_request_status_change" DROP CONSTRAINT "FK_c81c6dd01d92f00267030dd2752"',
    );
    await q.query(
      'ALTER TABLE "trial_request_status_change" DROP CONSTRAINT "FK_d46ccb82516213cd427c238273e"',
    );
    await q.query(
      'ALTER TABLE "notification_recipient" DROP CONSTRAINT "FK_7d7f411e854516f615ba846c6a4"',
    );
    await q.query(
      'ALTER TABLE "notification_recipient" DROP CONSTRAINT "FK_f6ebcb1bb7f7f55e33cf8488065"',
    );
    await q.query('ALTER TABLE "notification" DROP CONSTRAINT "FK_16addcdc44128a517daeddd4491"');
    await q.query('ALTER TABLE "notification" DROP CONSTRAINT "FK_5878f4b35143abceccd77125177"');
    await q.query(
      'ALTER TABLE "facility_progress" DROP CONSTRAINT "FK_b50f570843864828fa4f3016594"',
    );
    await q.query(
      'ALTER TABLE "facility_progress" DROP CONSTRAINT "FK_a96e9dcd0850896810d899424c5"',
    );
    await q.query('ALTER TABLE "trial_request" DROP CONSTRAINT "FK_3c0517a9372289f4379db15c896"');
    await q.query('ALTER TABLE "trial_request" DROP CONSTRAINT "FK_4c124692414717bb4c700041387"');
    await q.query('DROP INDEX "public"."IDX_trial_request_status_change_actor"');
    await q.query('DROP INDEX "public"."IDX_trial_request_status_change_request"');
    await q.query('DROP TABLE "trial_request_status_change"');
    await q.query('DROP INDEX "public"."IDX_notification_recipient_user"');
    await q.query('DROP TABLE "notification_recipient"');
    await q.query('DROP INDEX "public"."IDX_notification_actor"');
    await q.query('DROP INDEX "public"."IDX_notification_request"');
    await q.query('DROP TABLE "notification"');
    await q.query('DROP INDEX "public"."IDX_facility_progress_updated_by"');
    await q.query('DROP INDEX "public"."UQ_facility_progress_request"');
    await q.query('DROP TABLE "facility_progress"');
    await q.query('DROP INDEX "public"."IDX_trial_request_facility"');
    await q.query('DROP INDEX "public"."IDX_trial_request_nct"');
    await q.query('DROP INDEX "public"."IDX_trial_request_user"');
    await q.query('DROP TABLE "trial_request"');
    await q.query('DROP INDEX "public"."IDX_app_event_created"');
    await q.query('DROP INDEX "public"."IDX_app_event_facility"');
    await q.query('DROP TABLE "app_event"');
    await q.query('DROP INDEX "public"."IDX_audit_log_created"');
    await q.query('DROP INDEX "public"."IDX_audit_log_request"');
    await q.query('DROP INDEX "public"."IDX_audit_log_actor"');
    await q.query('DROP TABLE "audit_log"');
  }
}
