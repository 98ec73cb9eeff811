import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bytes of every medical file row that goes away, however it goes (a file deleted, a trial
 * request removed, an HCP deleting their account, which cascades to their requests), are queued
 * by a trigger in the same transaction; StoredFilesSweeper deletes them from the store and then
 * the queue row. Before this, a deleted account's files stayed in the store for ever.
 */
export class QueueStoredFileDeletions1795990000000 implements MigrationInterface {
  name = 'QueueStoredFileDeletions1795990000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "stored_file_deletion" ("storage_key" character varying(128) NOT NULL, "queued_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "attempts" integer NOT NULL DEFAULT 0, "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_stored_file_deletion" PRIMARY KEY ("storage_key"))',
    );
    await q.query(
      'CREATE INDEX "IDX_stored_file_deletion_next_attempt" ON "stored_file_deletion" ("next_attempt_at")',
    );
    await q.query(
      `CREATE FUNCTION queue_stored_file_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO stored_file_deletion (storage_key) VALUES (OLD.storage_key)
           ON CONFLICT (storage_key) DO NOTHING;
         RETURN OLD;
       END $$`,
    );
    await q.query(
      'CREATE TRIGGER "medical_file_queue_bytes_deletion" AFTER DELETE ON "medical_file" FOR EACH ROW EXECUTE FUNCTION queue_stored_file_deletion()',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER "medical_file_queue_bytes_deletion" ON "medical_file"');
    await q.query('DROP FUNCTION queue_stored_file_deletion()');
    await q.query('DROP TABLE "stored_file_deletion"');
  }
}
