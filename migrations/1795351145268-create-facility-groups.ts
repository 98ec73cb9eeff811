import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Facility groups (spec 02 §3 facility grouping codes 3, 4, 5, 6) and their members. The
 * composite key keeps each (group, facility) pair once; facility_id has its own index for the
 * cascade and for "which groups hold this facility".
 */
export class CreateFacilityGroups1795351145268 implements MigrationInterface {
  name = 'CreateFacilityGroups1795351145268';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "facility_group" ("id" character varying(3) NOT NULL, "name" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_baa5ba9e2ea2d42d43d7d6accad" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE TABLE "facility_group_member" ("group_id" character varying(3) NOT NULL, "facility_id" integer NOT NULL, CONSTRAINT "PK_1a389eca8466779f325f47fb0c1" PRIMARY KEY ("group_id", "facility_id"))',
    );
    await q.query(
      'CREATE INDEX "IDX_facility_group_member_facility" ON "facility_group_member"  ("facility_id") ',
    );
    await q.query(
      'ALTER TABLE "facility_group_member" ADD CONSTRAINT "FK_0fca526e9599e8936216904fdd2" FOREIGN KEY ("group_id") REFERENCES "facility_group"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "facility_group_member" ADD CONSTRAINT "FK_55dddb442dfa4d4ed6d2662265c" FOREIGN KEY ("facility_id") REFERENCES "facility"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE "facility_group_member" DROP CONSTRAINT "FK_55dddb442dfa4d4ed6d2662265c"',
    );
    await q.query(
      'ALTER TABLE "facility_group_member" DROP CONSTRAINT "FK_0fca526e9599e8936216904fdd2"',
    );
    await q.query('DROP INDEX "public"."IDX_facility_group_member_facility"');
    await q.query('DROP TABLE "facility_group_member"');
    await q.query('DROP TABLE "facility_group"');
  }
}
