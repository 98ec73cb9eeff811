import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in lock per account and address: a guesser locks out their own address, not the owner.
 * The primary key leads with user_id, so it also indexes the foreign key.
 */
export class CreateIdentitySignInFailures1795820100000 implements MigrationInterface {
  name = 'CreateIdentitySignInFailures1795820100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "identity_sign_in_failure" ("user_id" uuid NOT NULL, "address" character varying(64) NOT NULL, "failed_count" integer NOT NULL DEFAULT \'0\', "locked_until" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_identity_sign_in_failure" PRIMARY KEY ("user_id", "address"))',
    );
    await q.query(
      'ALTER TABLE "identity_sign_in_failure" ADD CONSTRAINT "FK_identity_sign_in_failure_user" FOREIGN KEY ("user_id") REFERENCES "identity_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "identity_sign_in_failure" DROP CONSTRAINT "FK_identity_sign_in_failure_user"',
    );
    await q.query('DROP TABLE "identity_sign_in_failure"');
  }
}
