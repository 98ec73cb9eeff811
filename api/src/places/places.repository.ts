import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { PlaceRow } from './gazetteer';
import { Place } from './place.entity';
import { PlaceGazetteerState } from './place-gazetteer-state.entity';

/** Any constant of our own: the transaction lock one replica holds while it loads the table. */
export const PLACE_LOAD_LOCK = 7_482_150_302;

/** Rows per INSERT … SELECT FROM unnest(…): 13 statements for the whole gazetteer. */
const INSERT_BATCH = 10_000;

export type FoundPlace = Pick<
  Place,
  'id' | 'name' | 'region' | 'countryCode' | 'country' | 'latitude' | 'longitude'
>;

/** A city to find by name: normalised name and region, ISO country code. */
export interface CityKey {
  name: string;
  region: string;
  countryCode: string;
}

/** A city found for the CityKey at this index of the request. */
export interface CityCoordinates {
  index: number;
  latitude: number;
  longitude: number;
}

/** A search over normalised text (search-text.ts); the LIKE parts arrive escaped. */
export interface PlaceSearch {
  /** The normalised name. */
  name: string;
  /** The normalised name, escaped for LIKE. */
  likeName: string;
  /**
   * Escaped qualifiers: each must start a word of the region or of the country's name, or be
   * the country's code (code matches first: "Berlin, US" before Berlín in Usulután).
   */
  likeQualifiers: string[];
  /** Ids found by an earlier tier. */
  excludeIds: number[];
  limit: number;
}

const COLUMNS = `p.id, p.name, p.region, p.country_code AS "countryCode", p.country,
  p.latitude, p.longitude`;

// $2 text[]: escaped qualifiers; $3 int[]: ids to leave out.
const FILTERS = `
  AND NOT EXISTS (
    SELECT 1 FROM unnest($2::text[]) AS q(part)
    WHERE NOT (p.search_region LIKE q.part || '%' OR p.search_region LIKE '% ' || q.part || '%'
      OR p.search_country LIKE q.part || '%' OR p.search_country LIKE '% ' || q.part || '%'
      OR lower(p.country_code) = q.part))
  AND p.id <> ALL($3::int[])`;

/** Places in a country named by its code first. */
const CODE_FIRST = `(lower(p.country_code) = ANY($2::text[])) DESC`;

@Injectable()
export class PlacesRepository {
  constructor(
    @InjectRepository(PlaceGazetteerState)
    private readonly state: Repository<PlaceGazetteerState>,
  ) {}

  /** The gazetteer version the table holds; null before the first load. */
  async findVersion(): Promise<string | null> {
    const row = await this.state.findOneBy({ id: 1 });
    return row?.version || null;
  }

  /**
   * Makes the table hold exactly these rows, in one transaction: one replica at a time, and a
   * replica that waited finds the version stored and skips. Answers whether it loaded.
   *
   * The search indexes are dropped for the load and built again from their own definitions
   * (as the migrations made them) once the rows are in: that halves the load. Searches wait on
   * the table's lock meanwhile, a few seconds once per gazetteer version.
   */
  replaceAll(rows: PlaceRow[], version: string): Promise<boolean> {
    return this.state.manager.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock($1)', [PLACE_LOAD_LOCK]);
      const [current] = await m.query<{ version: string }[]>(
        'SELECT version FROM place_gazetteer_state WHERE id = 1',
      );
      if (current?.version === version) {
        return false;
      }
      const indexes = await m.query<{ name: string; definition: string }[]>(
        `SELECT i.indexname AS name, i.indexdef AS definition
         FROM pg_indexes i
         WHERE i.schemaname = current_schema() AND i.tablename = 'place'
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      );
      for (const index of indexes) {
        await m.query(`DROP INDEX "${index.name.replace(/"/g, '""')}"`);
      }
      await m.query('TRUNCATE place');
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        const batch = rows.slice(i, i + INSERT_BATCH);
        const col = <K extends keyof PlaceRow>(k: K): PlaceRow[K][] => batch.map((r) => r[k]);
        await m.query(
          `INSERT INTO place (id, name, search_name, region, search_region, country_code, country,
             search_country, latitude, longitude, population)
           SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[],
             $6::text[], $7::text[], $8::text[], $9::float8[], $10::float8[], $11::int[])
           ON CONFLICT (id) DO NOTHING`,
          [
            col('id'),
            col('name'),
            col('searchName'),
            col('region'),
            col('searchRegion'),
            col('countryCode'),
            col('country'),
            col('searchCountry'),
            col('latitude'),
            col('longitude'),
            col('population'),
          ],
        );
      }
      for (const index of indexes) {
        await m.query(index.definition);
      }
      await m.query(
        `INSERT INTO place_gazetteer_state (id, version, places, loaded_at)
         VALUES (1, $1, (SELECT count(*) FROM place), now())
         ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, places = EXCLUDED.places,
           loaded_at = EXCLUDED.loaded_at`,
        [version],
      );
      await m.query('ANALYZE place');
      return true;
    });
  }

  /**
   * For each key, the gazetteer city of exactly that name in that country: the one whose region
   * contains the key's region or is contained in it (Bayern / Bavaria do not meet, so a region
   * only decides between namesakes), else the most populous. Keys no city has are left out.
   */
  findCityCoordinates(keys: CityKey[]): Promise<CityCoordinates[]> {
    if (keys.length === 0) {
      return Promise.resolve([]);
    }
    return this.state.manager
      .query<CityCoordinates[]>(
        `SELECT DISTINCT ON (k.index) k.index::int AS index, p.latitude, p.longitude
       FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY
         AS k(name, region, country_code, index)
       JOIN place p ON p.search_name = k.name AND p.country_code = k.country_code
       ORDER BY k.index,
         (k.region <> '' AND p.search_region <> '' AND (strpos(p.search_region, k.region) > 0
           OR strpos(k.region, p.search_region) > 0)) DESC,
         p.population DESC, p.id`,
        [keys.map((k) => k.name), keys.map((k) => k.region), keys.map((k) => k.countryCode)],
      )
      .then((rows) => rows.map((r) => ({ ...r, index: r.index - 1 })));
  }

  /** Names starting with the text; the exact name weighs as 50 times its population. */
  findByPrefix(s: PlaceSearch): Promise<FoundPlace[]> {
    return this.state.manager.query<FoundPlace[]>(
      `SELECT ${COLUMNS} FROM place p
       WHERE p.search_name LIKE $1 ${FILTERS}
       ORDER BY ${CODE_FIRST},
         CASE WHEN p.search_name = $4 THEN greatest(p.population, 1000)::bigint * 50
              ELSE p.population END DESC, p.search_name, p.id
       LIMIT $5`,
      [`${s.likeName}%`, s.likeQualifiers, s.excludeIds, s.name, s.limit],
    );
  }

  /** Names with a later word starting with the text ("petersburg" → Saint Petersburg). */
  findByWordPrefix(s: PlaceSearch): Promise<FoundPlace[]> {
    return this.state.manager.query<FoundPlace[]>(
      `SELECT ${COLUMNS} FROM place p
       WHERE p.search_name LIKE $1 ${FILTERS}
       ORDER BY ${CODE_FIRST}, p.population DESC, p.search_name, p.id
       LIMIT $4`,
      [`% ${s.likeName}%`, s.likeQualifiers, s.excludeIds, s.limit],
    );
  }

  /** Names similar to the text (trigram similarity above pg_trgm's threshold, 0.3): typos. */
  findSimilar(s: PlaceSearch): Promise<FoundPlace[]> {
    return this.state.manager.query<FoundPlace[]>(
      `SELECT ${COLUMNS} FROM place p
       WHERE p.search_name % $1 ${FILTERS}
       ORDER BY ${CODE_FIRST}, similarity(p.search_name, $1) DESC, p.population DESC, p.id
       LIMIT $4`,
      [s.name, s.likeQualifiers, s.excludeIds, s.limit],
    );
  }
}
