import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Medical files of trial requests: metadata only (the bytes are on the local disk or in S3 under
 * the generated storage key). A name is unique within its request; the files go with the request,
 * and outlive the uploader's account.
 */
export class CreateMedicalFiles1795700000000 implements MigrationInterface {
  name = 'CreateMedicalFiles1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "medical_file" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "request_id" uuid NOT NULL, "uploaded_by" uuid, "name" character varying(255) NOT NULL, "size" bigint NOT NULL, "kind" character varying(8) NOT NULL, "content_type" character varying(128) NOT NULL, "storage_key" character varying(128) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_8a49d4faf6988d62c01f5e2d706" UNIQUE ("storage_key"), CONSTRAINT "PK_efd71c00b5d4beec58452ae5851" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "IDX_medical_file_request" ON "medical_file"  ("request_id") ');
    await q.query(
      'CREATE INDEX "IDX_medical_file_uploaded_by" ON "medical_file"  ("uploaded_by") ',
    );
    await q.query(
      'CREATE UNIQUE INDEX "UQ_medical_file_request_name" ON "medical_file"  ("request_id", "name") ',
    );
    await q.query(
      'ALTER TABLE "medical_file" ADD CONSTRAINT "FK_cefc35a871e603d1b375e0a992c" FOREIGN KEY ("request_id") REFERENCES "trial_request"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await q.query(
      'ALTER TABLE "medical_file" ADD CONSTRAINT "FK_87259b236ab2458de5ff161f8a7" FOREIGN KEY ("uploaded_by") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "medical_file" DROP CONSTRAINT "FK_87259b236ab2458de5ff161f8a7"');
    await q.query('ALTER TABLE "medical_file" DROP CONSTRAINT "FK_cefc35a871e603d1b375e0a992c"');
    await q.query('DROP INDEX "public"."UQ_medical_file_request_name"');
    await q.query('DROP INDEX "public"."IDX_medical_file_uploaded_by"');
    await q.query('DROP INDEX "public"."IDX_medical_file_request"');
    await q.query('DROP TABLE "medical_file"');
  }
}
