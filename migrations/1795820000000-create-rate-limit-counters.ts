import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rate-limit counters in Postgres, so that every replica of the API counts the same requests
 * (no extra server). The key is a hash: no address or e-mail is stored in clear.
 */
export class CreateRateLimitCounters1795820000000 implements MigrationInterface {
  name = 'CreateRateLimitCounters1795820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "rate_limit_counter" ("key" character varying(64) NOT NULL, "hits" integer NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "blocked_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_rate_limit_counter" PRIMARY KEY ("key"))',
    );
    await q.query(
      'CREATE INDEX "IDX_rate_limit_counter_expires_at" ON "rate_limit_counter" ("expires_at") ',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."IDX_rate_limit_counter_expires_at"');
    await q.query('DROP TABLE "rate_limit_counter"');
  }
}
