import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Other names of the gazetteer's cities (GeoNames alternate names: "München", "Wien") and
 * postcodes with their coordinates, both filled by the API's start-up places loader with the place
 * table (api/src/places/). Each has a text_pattern_ops prefix index for the autocomplete. A
 * database loaded before holds another gazetteer version (format 2), so the loader fills them.
 */
export class PlaceNamesPostcodes1795850000000 implements MigrationInterface {
  name = 'PlaceNamesPostcodes1795850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "place_name" ("place_id" integer NOT NULL, "search_name" text NOT NULL, "name" text NOT NULL, "spellings" text NOT NULL, "population" integer NOT NULL, CONSTRAINT "PK_place_name" PRIMARY KEY ("place_id", "search_name"), CONSTRAINT "FK_place_name_place" FOREIGN KEY ("place_id") REFERENCES "place"("id") ON DELETE CASCADE)',
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
