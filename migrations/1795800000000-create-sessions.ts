import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Server-side sessions behind the product tokens (issue 13, finding 5): one row per signed-in
 * device with the HMAC of its current refresh token; app_user.signed_out_at for the last global
 * sign-out. One-time codes are now hashed with the server secret (APP_SECRET or DATA_DIR/secret)
 * instead of a key stored beside them: the open codes hashed the old way can never match again,
 * so they are closed here and the user asks for a new one (resend / forgot password).
 */
export class CreateSessions1795800000000 implements MigrationInterface {
  name = 'CreateSessions1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "session" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "refresh_token_hash" character varying(128) NOT NULL, "user_agent" character varying(255) NOT NULL DEFAULT \'\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "revoked_reason" character varying(32), CONSTRAINT "PK_f55da76ac1c3ac420f444d2ff11" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "IDX_session_user" ON "session" ("user_id") ');
    await q.query(
      'ALTER TABLE "session" ADD CONSTRAINT "FK_30e98e8746699fb9af235410aff" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query('ALTER TABLE "app_user" ADD "signed_out_at" TIMESTAMP WITH TIME ZONE');
    await q.query('UPDATE "identity_code" SET "used_at" = now() WHERE "used_at" IS NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "app_user" DROP COLUMN "signed_out_at"');
    await q.query('ALTER TABLE "session" DROP CONSTRAINT "FK_30e98e8746699fb9af235410aff"');
    await q.query('DROP INDEX "public"."IDX_session_user"');
    await q.query('DROP TABLE "session"');
  }
}
