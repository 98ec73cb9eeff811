import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { GazetteerRows } from './gazetteer';
import type { IndexName, IndexPlace, IndexPostcode, PlaceIndexRows } from './place-index';
import { Place } from './place.entity';
import { PlacePostcode } from './place-postcode.entity';
import { PlaceGazetteerState } from './place-gazetteer-state.entity';

/** Any constant of our own: the transaction lock one replica holds while it loads the table. */
export const PLACE_LOAD_LOCK = 7_482_150_302;

/** Rows per INSERT … SELECT FROM unnest(…): 13 statements for the whole gazetteer. */
const INSERT_BATCH = 10_000;

/** Inserts the rows in batches, one array parameter per column (in the statement's order). */
async function insertBatches<T>(
  m: EntityManager,
  rows: readonly T[],
  sql: string,
  columns: (keyof T)[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH);
    await m.query(
      sql,
      columns.map((c) => batch.map((r) => r[c])),
    );
  }
}

export type FoundPlace = Pick<
  Place,
  'id' | 'name' | 'region' | 'countryCode' | 'country' | 'latitude' | 'longitude'
> & {
  /** The other name it was found by ("München" for Munich); null when by its own. */
  otherName?: string | null;
  /** Other spellings of that name, tab-separated. */
  otherSpellings?: string | null;
};

/** A postcode found, with its place. */
export type FoundPostcode = Pick<
  PlacePostcode,
  | 'countryCode'
  | 'postcode'
  | 'name'
  | 'searchName'
  | 'region'
  | 'country'
  | 'latitude'
  | 'longitude'
>;

/** A postcode search: normalised code (start) and place name (start), escaped for LIKE. */
export interface PostcodeSearch {
  postcode: string;
  likePostcode: string;
  likePlace: string;
  likeQualifiers: string[];
  /** Codes of this country (the visitor's) come before other countries' ones; '' for none. */
  preferCountry: string;
  limit: number;
}

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
/** Shorter texts match other names only exactly. */
const OTHER_NAME_PREFIX_MIN = 4;

const CODE_MATCH = `(lower(p.country_code) = ANY($2::text[]))`;
const CODE_FIRST = `${CODE_MATCH} DESC`;

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
  replaceAll(rows: GazetteerRows, version: string): Promise<boolean> {
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
         WHERE i.schemaname = current_schema()
           AND i.tablename IN ('place', 'place_name', 'place_postcode')
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      );
      for (const index of indexes) {
        await m.query(`DROP INDEX "${index.name.replace(/"/g, '""')}"`);
      }
      await m.query('TRUNCATE place_name, place_postcode, place');
      await insertBatches(
        m,
        rows.places,
        `INSERT INTO place (id, name, search_name, region, search_region, country_code, country,
           search_country, latitude, longitude, population)
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[],
           $6::text[], $7::text[], $8::text[], $9::float8[], $10::float8[], $11::int[])
         ON CONFLICT (id) DO NOTHING`,
        [
          'id',
          'name',
          'searchName',
          'region',
          'searchRegion',
          'countryCode',
          'country',
          'searchCountry',
          'latitude',
          'longitude',
          'population',
        ],
      );
      // Only names of stored places (place_name has no foreign key: see its migration).
      await insertBatches(
        m,
        rows.names,
        `INSERT INTO place_name (place_id, search_name, name, spellings, population)
         SELECT n.* FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[])
           AS n(place_id, search_name, name, spellings, population)
         WHERE EXISTS (SELECT 1 FROM place p WHERE p.id = n.place_id)
         ON CONFLICT DO NOTHING`,
        ['placeId', 'searchName', 'name', 'spellings', 'population'],
      );
      await insertBatches(
        m,
        rows.postcodes,
        `INSERT INTO place_postcode (country_code, postcode, search_postcode, name, search_name,
           region, country, search_area, latitude, longitude, population)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
           $6::text[], $7::text[], $8::text[], $9::float8[], $10::float8[], $11::int[])`,
        [
          'countryCode',
          'postcode',
          'searchPostcode',
          'name',
          'searchName',
          'region',
          'country',
          'searchArea',
          'latitude',
          'longitude',
          'population',
        ],
      );
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
      await m.query('ANALYZE place_name');
      await m.query('ANALYZE place_postcode');
      return true;
    });
  }

  /**
   * Every row of the three tables and the gazetteer version they hold, read in one snapshot (a
   * reload by another replica is seen whole or not at all), for the in-memory index.
   */
  findIndexRows(): Promise<{ version: string | null; rows: PlaceIndexRows }> {
    return this.state.manager.transaction('REPEATABLE READ', async (m) => {
      const [state] = await m.query<{ version: string }[]>(
        'SELECT version FROM place_gazetteer_state WHERE id = 1',
      );
      const places = await m.query<IndexPlace[]>(
        `SELECT id, name, search_name AS "searchName", region, search_region AS "searchRegion",
           country_code AS "countryCode", country, search_country AS "searchCountry", latitude,
           longitude, population
         FROM place`,
      );
      const names = await m.query<IndexName[]>(
        `SELECT place_id AS "placeId", search_name AS "searchName", name, spellings, population
         FROM place_name`,
      );
      const postcodes = await m.query<IndexPostcode[]>(
        `SELECT id, country_code AS "countryCode", postcode, search_postcode AS "searchPostcode",
           name, search_name AS "searchName", region, country, search_area AS "searchArea",
           latitude, longitude, population
         FROM place_postcode`,
      );
      return { version: state?.version || null, rows: { places, names, postcodes } };
    });
  }

  /**
   * For each key, the gazetteer city of exactly that name, or of that other name ("München" for
   * Munich, at a quarter of its population's weight), in that country: the one whose region
   * contains the key's region or is contained in it (Bayern / Bavaria do not meet, so a region
   * only decides between namesakes), else the most weighty. Keys no city has are left out.
   */
  findCityCoordinates(keys: CityKey[]): Promise<CityCoordinates[]> {
    if (keys.length === 0) {
      return Promise.resolve([]);
    }
    return this.state.manager
      .query<CityCoordinates[]>(
        `WITH k AS (
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY
             AS k(name, region, country_code, index)
         ), candidates AS (
           SELECT k.index, k.region, p.id, p.search_region, p.latitude, p.longitude,
             p.population::bigint AS weight
           FROM k JOIN place p ON p.search_name = k.name AND p.country_code = k.country_code
           UNION ALL
           SELECT k.index, k.region, p.id, p.search_region, p.latitude, p.longitude,
             p.population::bigint / 4
           FROM k JOIN place_name n ON n.search_name = k.name
             JOIN place p ON p.id = n.place_id AND p.country_code = k.country_code
         )
         SELECT DISTINCT ON (c.index) c.index::int AS index, c.latitude, c.longitude
         FROM candidates c
         ORDER BY c.index,
           (c.region <> '' AND c.search_region <> '' AND (strpos(c.search_region, c.region) > 0
             OR strpos(c.region, c.search_region) > 0)) DESC,
           c.weight DESC, c.id`,
        [keys.map((k) => k.name), keys.map((k) => k.region), keys.map((k) => k.countryCode)],
      )
      .then((rows) => rows.map((r) => ({ ...r, index: r.index - 1 })));
  }

  /**
   * Places whose name or one of whose other names ("München", "Wien") starts with the text;
   * an exact name weighs as 50 times its population, another name a quarter of its own (the
   * dump's other names include historical ones: Madras for Chennai must not push Madrid down
   * for "Madr"). A place found by both shows by its own name; found by several other names, by
   * the best-ranked one.
   */
  findByPrefix(s: PlaceSearch): Promise<FoundPlace[]> {
    const score = (alias: string): string =>
      `(CASE WHEN ${alias}.search_name = $4 THEN greatest(${alias}.population, 1000)::bigint * 50
            ELSE ${alias}.population::bigint END)` + (alias === 'n' ? ' / 4' : '');
    // Other names match a short text only exactly ("Rom"): their prefixes would fill the list
    // with odd transliterations ("Ber" → "beroorizonchi") and cost the most.
    const otherName =
      s.name.length >= OTHER_NAME_PREFIX_MIN ? 'n.search_name LIKE $1' : 'n.search_name = $4';
    // Without qualifiers the other names need no join to rank: only their top rows get one.
    const otherNames =
      s.likeQualifiers.length === 0
        ? `SELECT n.place_id, n.name, ${score('n')}, false, n.spellings
           FROM place_name n
           WHERE ${otherName} AND n.place_id <> ALL($3::int[])
           ORDER BY 3 DESC LIMIT $6`
        : `SELECT p.id, n.name, ${score('n')}, ${CODE_MATCH}, n.spellings
           FROM place_name n JOIN place p ON p.id = n.place_id
           WHERE ${otherName} ${FILTERS}
           ORDER BY 4 DESC, 3 DESC LIMIT $6`;
    return this.state.manager.query<FoundPlace[]>(
      `WITH hits AS (
         (SELECT p.id, NULL::text AS other, ${score('p')} AS score, ${CODE_MATCH} AS code_first,
            NULL::text AS spellings
          FROM place p
          WHERE p.search_name LIKE $1 ${FILTERS}
          ORDER BY code_first DESC, score DESC LIMIT $6)
         UNION ALL
         (${otherNames})
       ), best AS (
         SELECT DISTINCT ON (id) id, other, score, code_first, spellings FROM hits
         ORDER BY id, score DESC, (other IS NULL) DESC, other
       )
       SELECT ${COLUMNS}, b.other AS "otherName", b.spellings AS "otherSpellings"
       FROM best b JOIN place p ON p.id = b.id
       ORDER BY b.code_first DESC, b.score DESC, p.search_name, p.id
       LIMIT $5`,
      [`${s.likeName}%`, s.likeQualifiers, s.excludeIds, s.name, s.limit, s.limit * 6],
    );
  }

  /**
   * Postcodes starting with the code typed (the exact code first), of a place starting with the
   * name typed after it, if any; the preferred country's first, then by the population of their
   * place.
   */
  findByPostcode(s: PostcodeSearch): Promise<FoundPostcode[]> {
    return this.state.manager.query<FoundPostcode[]>(
      `SELECT pc.country_code AS "countryCode", pc.postcode, pc.name, pc.search_name AS "searchName",
         pc.region, pc.country, pc.latitude, pc.longitude
       FROM place_postcode pc
       WHERE pc.search_postcode LIKE $1
         AND ($2 = '' OR pc.search_name LIKE $2 || '%' OR pc.search_name LIKE '% ' || $2 || '%')
         AND NOT EXISTS (
           SELECT 1 FROM unnest($3::text[]) AS q(part)
           WHERE NOT (' ' || pc.search_area) LIKE '% ' || q.part || '%')
       ORDER BY (pc.search_postcode = $4) DESC, (pc.country_code = $6) DESC, pc.population DESC,
         pc.search_postcode, pc.search_name, pc.id
       LIMIT $5`,
      [`${s.likePostcode}%`, s.likePlace, s.likeQualifiers, s.postcode, s.limit, s.preferCountry],
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
