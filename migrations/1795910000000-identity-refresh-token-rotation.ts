import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The built-in provider's refresh tokens rotate: each is traded once (used_at) for the next of
 * its family (one sign-in on one device). A used one presented again means a copy: the family
 * is revoked (revoked_reason). Tokens issued before are each a family of their own.
 */
export class IdentityRefreshTokenRotation1795910000000 implements MigrationInterface {
  name = 'IdentityRefreshTokenRotation1795910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "identity_refresh_token" ADD "family_id" uuid, ADD "used_at" TIMESTAMP WITH TIME ZONE, ADD "revoked_reason" character varying(32)',
    );
    await q.query('UPDATE "identity_refresh_token" SET "family_id" = "id"');
    await q.query('ALTER TABLE "identity_refresh_token" ALTER COLUMN "family_id" SET NOT NULL');
    await q.query(
      'CREATE INDEX "IDX_identity_refresh_token_family" ON "identity_refresh_token" ("family_id")',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "IDX_identity_refresh_token_family"');
    await q.query(
      'ALTER TABLE "identity_refresh_token" DROP COLUMN "revoked_reason", DROP COLUMN "used_at", DROP COLUMN "family_id"',
    );
  }
}
