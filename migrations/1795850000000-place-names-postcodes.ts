import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Other names of the gazetteer's cities (GeoNames alternate names: "München", "Wien") and
 * postcodes with their coordinates, both filled by the API's start-up places loader with the place
 * table (api/src/places/). Each has a text_pattern_ops prefix index for the autocomplete. A
 * database loaded before holds another gazetteer version (format 2), so the loader fills them.
 * place_name.place_id names a place row but has no foreign key: the loader replaces the three
 * tables together in one transaction and inserts only names of stored places, and a foreign key's
 * per-row check would slow that bulk insert of ~285,000 rows for nothing.
 */
export class PlaceNamesPostcodes1795850000000 implements MigrationInterface {
  name = 'PlaceNamesPostcodes1795850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "place_name" ("place_id" integer NOT NULL, "search_name" text NOT NULL, "name" text NOT NULL, "spellings" text NOT NULL, "population" integer NOT NULL, CONSTRAINT "PK_place_name" PRIMARY KEY ("place_id", "search_name"))',
    );
    await q.query(
      'CREATE INDEX "IDX_place_name_search_name_prefix" ON "place_name" ("search_name" text_pattern_ops)',
    );
    await q.query(
      'CREATE TABLE "place_postcode" ("id" SERIAL NOT NULL, "country_code" character varying(2) NOT NULL, "postcode" text NOT NULL, "search_postcode" text NOT NULL, "name" text NOT NULL, "search_name" text NOT NULL, "region" text NOT NULL, "country" text NOT NULL, "search_area" text NOT NULL, "latitude" double precision NOT NULL, "longitude" double precision NOT NULL, "population" integer NOT NULL, CONSTRAINT "PK_place_postcode" PRIMARY KEY ("id"))',
    );
    await q.query(
      'CREATE INDEX "IDX_place_postcode_search_postcode_prefix" ON "place_postcode" ("search_postcode" text_pattern_ops)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."IDX_place_postcode_search_postcode_prefix"');
    await q.query('DROP TABLE "place_postcode"');
    await q.query('DROP INDEX "public"."IDX_place_name_search_name_prefix"');
    await q.query('DROP TABLE "place_name"');
  }
}
