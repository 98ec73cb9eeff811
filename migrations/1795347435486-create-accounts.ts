import { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts: the built-in identity provider, product users, signing keys, mail outbox, captcha. */
export class CreateAccounts1795347435486 implements MigrationInterface {
  name = 'CreateAccounts1795347435486';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "used_captcha" ("nonce" character varying(128) NOT NULL, "email" character varying(254) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_bfb708443627df3b7cbe97a53a6" PRIMARY KEY ("nonce"))',
    );
    await q.query(
      'CREATE TABLE "identity_user" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "password_hash" character varying(255) NOT NULL, "status" character varying(32) NOT NULL DEFAULT \'UNCONFIRMED\', "given_name" character varying(60) NOT NULL DEFAULT \'\', "family_name" character varying(60) NOT NULL DEFAULT \'\', "locale" character varying(2) NOT NULL DEFAULT \'en\', "failed_sign_in_count" integer NOT NULL DEFAULT \'0\', "locked_until" TIMESTAMP WITH TIME ZONE, "tokens_valid_after" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_36ab13fa046546abe65493c9006" UNIQUE ("email"), CONSTRAINT "PK_1aa7aacaaeb9809730733c98acc" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE TABLE "identity_refresh_token" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "token_hash" character varying(128) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_6f5de43bcf58975ae4add5ba0ae" UNIQUE ("token_hash"), CONSTRAINT "PK_2402dc397a2213f3616bde2c882" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE INDEX "IDX_identity_refresh_token_user" ON "identity_refresh_token"  ("user_id") ',
    );
    await q.query(
      'CREATE TABLE "outbox_mail" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "recipient" character varying(254) NOT NULL, "template" character varying(64) NOT NULL, "language" character varying(2) NOT NULL, "subject" character varying(255) NOT NULL, "body_text" text NOT NULL, "body_html" text NOT NULL, "delivery" character varying(16) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d209706daddb0762c743fb58634" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE INDEX "IDX_outbox_mail_recipient_created" ON "outbox_mail"  ("recipient", "created_at") ',
    );
    await q.query(
      'CREATE TABLE "app_secret" ("name" character varying(64) NOT NULL, "value" character varying(256) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0bf6fc27bbdc865c8ab90b4ca41" PRIMARY KEY ("name"))',
    );
    await q.query(
      'CREATE TABLE "identity_code" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "purpose" character varying(32) NOT NULL, "code_hash" character varying(128) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "failed_attempts" integer NOT NULL DEFAULT \'0\', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fe70177248998170756f8fcc083" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE INDEX "IDX_identity_code_user_purpose" ON "identity_code"  ("user_id", "purpose") ',
    );
    await q.query(
      'CREATE TABLE "signing_key" ("kid" character varying(64) NOT NULL, "purpose" character varying(16) NOT NULL, "private_key_pem" text NOT NULL, "public_jwk" jsonb NOT NULL, "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_00d7e305393ab903d6eb06c11f9" PRIMARY KEY ("kid"))',
    );
    await q.query(
      'CREATE UNIQUE INDEX "UQ_signing_key_active_purpose" ON "signing_key"  ("purpose") WHERE active',
    );
    await q.query(
      'CREATE TABLE "app_user" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "identity_sub" character varying(128), "first_name" character varying(60) NOT NULL, "last_name" character varying(60) NOT NULL DEFAULT \'\', "phone_number" character varying(20) NOT NULL DEFAULT \'\', "country" character varying(2) NOT NULL DEFAULT \'\', "institution" character varying(60) NOT NULL DEFAULT \'\', "user_source" character varying(64) NOT NULL DEFAULT \'ancora_hcp\', "register_type" character varying(32) NOT NULL DEFAULT \'email\', "subscribe" boolean NOT NULL DEFAULT false, "language" character varying(2) NOT NULL DEFAULT \'en\', "is_clinops" boolean NOT NULL DEFAULT false, "facility_ids" integer array NOT NULL DEFAULT \'{}\', "registration" jsonb NOT NULL DEFAULT \'{}\', "consent_at" TIMESTAMP WITH TIME ZONE, "last_login_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_3fa909d0e37c531ebc237703391" UNIQUE ("email"), CONSTRAINT "UQ_50d7c20ff6ffd739ecc2c23a24e" UNIQUE ("identity_sub"), CONSTRAINT "PK_22a5c4a3d9b2fb8e4e73fc4ada1" PRIMARY KEY ("id"))',
    );
    await q.query(
      'ALTER TABLE "identity_refresh_token" ADD CONSTRAINT "FK_fad1c139987b2910eaef71d4c65" FOREIGN KEY ("user_id") REFERENCES "identity_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "identity_code" ADD CONSTRAINT "FK_86bbf83e75a48bc428a2d46d56e" FOREIGN KEY ("user_id") REFERENCES "identity_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "identity_code" DROP CONSTRAINT "FK_86bbf83e75a48bc428a2d46d56e"');
    await q.query(
      'ALTER TABLE "identity_refresh_token" DROP CONSTRAINT "FK_fad1c139987b2910eaef71d4c65"',
    );
    await q.query('DROP TABLE "app_user"');
    await q.query('DROP INDEX "public"."UQ_signing_key_active_purpose"');
    await q.query('DROP TABLE "signing_key"');
    await q.query('DROP INDEX "public"."IDX_identity_code_user_purpose"');
    await q.query('DROP TABLE "identity_code"');
    await q.query('DROP TABLE "app_secret"');
    await q.query('DROP INDEX "public"."IDX_outbox_mail_recipient_created"');
    await q.query('DROP TABLE "outbox_mail"');
    await q.query('DROP INDEX "public"."IDX_identity_refresh_token_user"');
    await q.query('DROP TABLE "identity_refresh_token"');
    await q.query('DROP TABLE "identity_user"');
    await q.query('DROP TABLE "used_captcha"');
  }
}
