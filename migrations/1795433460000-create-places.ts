import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The place table of the offline autocomplete (api/src/places/), filled by the API's start-up
 * loader from the bundled gazetteer, and the one-row state naming the gazetteer version it holds.
 * pg_trgm (a trusted extension shipped with Postgres, the embedded one included) gives the
 * trigram index for word-start and similar-name matches; text_pattern_ops the prefix index.
 */
export class CreatePlaces1795433460000 implements MigrationInterface {
  name = 'CreatePlaces1795433460000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await q.query(
      'CREATE TABLE "place" ("id" integer NOT NULL, "name" text NOT NULL, "search_name" text NOT NULL, "region" text NOT NULL, "search_region" text NOT NULL, "country_code" character varying(2) NOT NULL, "country" text NOT NULL, "search_country" text NOT NULL, "latitude" double precision NOT NULL, "longitude" double precision NOT NULL, "population" integer NOT NULL, CONSTRAINT "PK_place" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE INDEX "IDX_place_search_name_trgm" ON "place" USING gin ("search_name" gin_trgm_ops)',
    );
    await q.query(
      'CREATE INDEX "IDX_place_search_name_prefix" ON "place" ("search_name" text_pattern_ops)',
    );
    await q.query(
      'CREATE TABLE "place_gazetteer_state" ("id" smallint NOT NULL DEFAULT 1, "version" text NOT NULL DEFAULT \'\', "places" integer NOT NULL DEFAULT 0, "loaded_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_place_gazetteer_state_single" CHECK ("id" = 1), CONSTRAINT "PK_place_gazetteer_state" PRIMARY KEY ("id"))',
    );
    await q.query('INSERT INTO "place_gazetteer_state" ("id") VALUES (1)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "place_gazetteer_state"');
    await q.query('DROP INDEX "public"."IDX_place_search_name_prefix"');
    await q.query('DROP INDEX "public"."IDX_place_search_name_trgm"');
    await q.query('DROP TABLE "place"');
    // pg_trgm stays: dropping an extension other objects may have come to use is not safe.
  }
}
