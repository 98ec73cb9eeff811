/**
 * The places autocomplete in memory: the gazetteer's names, other names and postcodes as sorted
 * normalised keys, a prefix found by binary search and its range ranked in one pass (a top-k
 * list, never a sort of the range). Built from the tables the loader filled (each replica builds
 * its own), it answers exactly as the SQL of places.repository.ts ranks, in microseconds instead
 * of a round trip to Postgres per tier.
 */
import type { FoundPlace, FoundPostcode } from './places.repository';
import { normalizePlaceText } from './search-text';
import type { PlaceRow } from './gazetteer';
import { UK_POSTCODE_AREAS, ukOutwardCode } from './uk-postcode-areas';

/** A city as the index keeps it: a row of the place table. */
export type IndexPlace = PlaceRow;

/** Another name of a city (the place_name table's columns). */
export interface IndexName {
  placeId: number;
  searchName: string;
  name: string;
  spellings: string;
  population: number;
}

/** A postcode and its place (the place_postcode table's columns). */
export interface IndexPostcode extends FoundPostcode {
  id: number;
  searchPostcode: string;
  searchArea: string;
  population: number;
}

export interface PlaceIndexRows {
  places: IndexPlace[];
  names: IndexName[];
  postcodes: IndexPostcode[];
}

/** A name search over normalised text (search-text.ts), qualifiers normalised, not escaped. */
export interface IndexNameSearch {
  name: string;
  /** Each must start a word of the region or of the country's name, or be the country's code. */
  qualifiers: string[];
  excludeIds: number[];
  limit: number;
}

/** A postcode search: the normalised code (start), place name (start) and qualifiers. */
export interface IndexPostcodeSearch {
  postcode: string;
  place: string;
  qualifiers: string[];
  /** Codes of this country come before other countries' ones; '' for none. */
  preferCountry: string;
  limit: number;
}

/** Shorter texts match other names only exactly (as the SQL tier: no odd transliterations). */
export const OTHER_NAME_PREFIX_MIN = 4;

/** Each side (own names, other names) keeps this many times the limit before they are merged. */
const SIDE_FACTOR = 6;

type Compare<T> = (a: T, b: T) => number;

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The best k items seen, kept sorted: an item worse than the k-th costs one comparison. */
export class TopK<T> {
  readonly items: T[] = [];

  constructor(
    private readonly k: number,
    private readonly compare: Compare<T>,
  ) {}

  push(item: T): void {
    const items = this.items;
    if (this.k <= 0) {
      return;
    }
    if (items.length === this.k && this.compare(item, items[items.length - 1]) >= 0) {
      return;
    }
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(item, items[mid]) < 0) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    items.splice(lo, 0, item);
    if (items.length > this.k) {
      items.pop();
    }
  }
}

/** The first index of the sorted keys whose key is not below the prefix. */
export function lowerBound(keys: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < prefix) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

/** Positions, sorted by key, with the keys beside them for the binary search. */
interface SortedKeys {
  keys: string[];
  /** Index into the source array of each key. */
  refs: Int32Array;
}

/**
 * Work is done in slices of about this many items, with the event loop free in between: the
 * whole gazetteer's index is ~2 s of CPU on a busy machine, which in one piece stalled every
 * request of the process (health checks included) at the first place search.
 */
const SLICE = 5_000;

/** Lets the event loop answer what waits (timers, sockets) before the next slice of work. */
const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Positions 0…count-1 sorted by their key (then position), as a merge sort whose every step is
 * one slice: runs of SLICE positions sorted in place, then merged in pairs. Positions are kept in
 * typed arrays, not objects: half a million small objects cost more in garbage collection than
 * the sort itself.
 */
async function sortedKeys(count: number, keyOf: (ref: number) => string): Promise<SortedKeys> {
  const byKey = (a: number, b: number): number => byString(keyOf(a), keyOf(b)) || a - b;
  let from = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    from[i] = i;
  }
  for (let i = 0; i < count; i += SLICE) {
    from.subarray(i, Math.min(i + SLICE, count)).sort(byKey);
    await breathe();
  }
  let to = new Int32Array(count);
  let step = 0;
  for (let width = SLICE; width < count; width *= 2) {
    for (let lo = 0; lo < count; lo += 2 * width) {
      const mid = Math.min(lo + width, count);
      const hi = Math.min(lo + 2 * width, count);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k++) {
        to[k] = j >= hi || (i < mid && byKey(from[i], from[j]) <= 0) ? from[i++] : from[j++];
        if (++step % SLICE === 0) {
          await breathe();
        }
      }
    }
    [from, to] = [to, from];
  }
  const keys = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    keys[i] = keyOf(from[i]);
  }
  return { keys, refs: from };
}

/** Calls fn for each item, a slice at a time. */
async function eachSliced<T>(items: readonly T[], fn: (item: T, i: number) => void): Promise<void> {
  for (let i = 0; i < items.length; i++) {
    fn(items[i], i);
    if (i % SLICE === SLICE - 1) {
      await breathe();
    }
  }
}

/** Calls visit(ref, key) for each key starting with prefix (or equal to it, when exact). */
function eachWithPrefix(
  sorted: SortedKeys,
  prefix: string,
  exact: boolean,
  visit: (ref: number, key: string) => void,
): void {
  const { keys, refs } = sorted;
  for (let i = lowerBound(keys, prefix); i < keys.length; i++) {
    const key = keys[i];
    if (exact ? key !== prefix : !key.startsWith(prefix)) {
      break;
    }
    visit(refs[i], key);
  }
}

/** The qualifier starts a word of the text (LIKE 'q%' OR LIKE '% q%'). */
const startsWord = (text: string, q: string): boolean =>
  text.startsWith(q) || text.includes(` ${q}`);

interface Hit {
  place: IndexPlace;
  /** The other name it was found by; null for its own. */
  other: IndexName | null;
  score: number;
  codeFirst: boolean;
}

/** code_first DESC, score DESC, then the name and id (a stable order for ties). */
const byRank: Compare<Hit> = (a, b) =>
  Number(b.codeFirst) - Number(a.codeFirst) ||
  b.score - a.score ||
  byString(a.place.searchName, b.place.searchName) ||
  a.place.id - b.place.id;

const bySideRank: Compare<Hit> = (a, b) =>
  byRank(a, b) || byString(a.other?.searchName ?? '', b.other?.searchName ?? '');

export class PlaceIndex {
  private readonly byId = new Map<number, IndexPlace>();
  private readonly ownNames: SortedKeys;
  /** Each later word of a name to its end ("petersburg" of "saint petersburg"). */
  private readonly laterWords: SortedKeys;
  private readonly otherNames: SortedKeys;
  private readonly codes: SortedKeys;
  /** The gazetteer's town of each UK postcode area found in it (the most populous namesake). */
  private readonly ukAreas = new Map<string, IndexPlace>();

  private constructor(
    private readonly places: IndexPlace[],
    private readonly names: IndexName[],
    private readonly postcodes: IndexPostcode[],
    keys: {
      ownNames: SortedKeys;
      laterWords: SortedKeys;
      otherNames: SortedKeys;
      codes: SortedKeys;
    },
  ) {
    this.ownNames = keys.ownNames;
    this.laterWords = keys.laterWords;
    this.otherNames = keys.otherNames;
    this.codes = keys.codes;
    for (const p of places) {
      this.byId.set(p.id, p);
    }
    for (const [area, town] of Object.entries(UK_POSTCODE_AREAS)) {
      let best: IndexPlace | undefined;
      eachWithPrefix(this.ownNames, normalizePlaceText(town), true, (ref) => {
        const p = places[ref];
        if (p.countryCode === 'GB' && (!best || p.population > best.population)) {
          best = p;
        }
      });
      if (best) {
        this.ukAreas.set(area, best);
      }
    }
  }

  /**
   * Builds the index from the tables' rows (which it takes over), in slices that leave the event
   * loop free: the process keeps answering while it is built.
   */
  static async build(rows: PlaceIndexRows): Promise<PlaceIndex> {
    const { places, names, postcodes } = rows;
    // The driver gives every row its own copy of a region's or country's text: one copy each
    // (tens of MB less heap on the whole gazetteer).
    const strings = new Map<string, string>();
    const intern = (text: string): string => {
      const seen = strings.get(text);
      if (seen !== undefined) {
        return seen;
      }
      strings.set(text, text);
      return text;
    };
    // Each later word of a name to its end, with the place it is a word of.
    const laterKeys: string[] = [];
    const laterRefs: number[] = [];
    await eachSliced(places, (p, ref) => {
      p.region = intern(p.region);
      p.searchRegion = intern(p.searchRegion);
      p.countryCode = intern(p.countryCode);
      p.country = intern(p.country);
      p.searchCountry = intern(p.searchCountry);
      for (let i = p.searchName.indexOf(' '); i >= 0; i = p.searchName.indexOf(' ', i + 1)) {
        laterKeys.push(p.searchName.slice(i + 1));
        laterRefs.push(ref);
      }
    });
    await eachSliced(postcodes, (c) => {
      c.countryCode = intern(c.countryCode);
      c.name = intern(c.name);
      c.searchName = intern(c.searchName);
      c.region = intern(c.region);
      c.country = intern(c.country);
      c.searchArea = intern(c.searchArea);
    });
    await eachSliced(names, (n) => {
      n.spellings = intern(n.spellings);
    });
    const later = await sortedKeys(laterKeys.length, (i) => laterKeys[i]);
    return new PlaceIndex(places, names, postcodes, {
      ownNames: await sortedKeys(places.length, (ref) => places[ref].searchName),
      // Sorted positions of the later words, mapped to the places they are words of.
      laterWords: { keys: later.keys, refs: later.refs.map((i) => laterRefs[i]) },
      otherNames: await sortedKeys(names.length, (ref) => names[ref].searchName),
      codes: await sortedKeys(postcodes.length, (ref) => postcodes[ref].searchPostcode),
    });
  }

  get size(): { places: number; names: number; postcodes: number; ukAreas: number } {
    return {
      places: this.places.length,
      names: this.names.length,
      postcodes: this.postcodes.length,
      ukAreas: this.ukAreas.size,
    };
  }

  /**
   * Places whose name or one of whose other names starts with the text (findByPrefix's
   * ranking): an exact name weighs 50 times its population (at least 1,000), another name a
   * quarter of its own weight; a place in a country named by its code first; a place found by
   * both shows by its own name, found by several other names by the best-ranked one.
   */
  findByPrefix(s: IndexNameSearch): FoundPlace[] {
    const excluded = new Set(s.excludeIds);
    const side = s.limit * SIDE_FACTOR;
    const weight = (searchName: string, population: number): number =>
      searchName === s.name ? Math.max(population, 1000) * 50 : population;

    const own = new TopK<Hit>(side, bySideRank);
    eachWithPrefix(this.ownNames, s.name, false, (ref) => {
      const place = this.places[ref];
      if (!excluded.has(place.id) && this.passes(place, s.qualifiers)) {
        own.push({
          place,
          other: null,
          score: weight(place.searchName, place.population),
          codeFirst: this.codeFirst(place, s.qualifiers),
        });
      }
    });
    const others = new TopK<Hit>(side, bySideRank);
    const exact = s.name.length < OTHER_NAME_PREFIX_MIN;
    eachWithPrefix(this.otherNames, s.name, exact, (ref) => {
      const other = this.names[ref];
      const place = this.byId.get(other.placeId);
      if (place && !excluded.has(place.id) && this.passes(place, s.qualifiers)) {
        others.push({
          place,
          other,
          score: Math.floor(weight(other.searchName, other.population) / 4),
          codeFirst: this.codeFirst(place, s.qualifiers),
        });
      }
    });

    // Per place the best hit: the highest score, its own name on a tie, else the first name.
    const best = new Map<number, Hit>();
    for (const hit of [...own.items, ...others.items]) {
      const seen = best.get(hit.place.id);
      if (
        !seen ||
        hit.score > seen.score ||
        (hit.score === seen.score &&
          seen.other !== null &&
          (hit.other === null || hit.other.name < seen.other.name))
      ) {
        best.set(hit.place.id, hit);
      }
    }
    return [...best.values()]
      .sort(byRank)
      .slice(0, s.limit)
      .map((hit) => found(hit.place, hit.other));
  }

  /** Names with a later word starting with the text, by population (findByWordPrefix). */
  findByWordPrefix(s: IndexNameSearch): FoundPlace[] {
    const excluded = new Set(s.excludeIds);
    const seen = new Set<number>();
    const top = new TopK<Hit>(s.limit, byRank);
    eachWithPrefix(this.laterWords, s.name, false, (ref) => {
      const place = this.places[ref];
      if (seen.has(place.id)) {
        return;
      }
      seen.add(place.id);
      if (!excluded.has(place.id) && this.passes(place, s.qualifiers)) {
        top.push({
          place,
          other: null,
          score: place.population,
          codeFirst: this.codeFirst(place, s.qualifiers),
        });
      }
    });
    return top.items.map((hit) => found(hit.place));
  }

  /**
   * Postcodes starting with the code typed, of a place with a word starting with the name typed
   * after it: the exact code first, then the preferred country's, then by population
   * (findByPostcode).
   */
  findByPostcode(s: IndexPostcodeSearch): FoundPostcode[] {
    type CodeHit = { code: IndexPostcode; exact: boolean; preferred: boolean };
    const top = new TopK<CodeHit>(
      s.limit,
      (a, b) =>
        Number(b.exact) - Number(a.exact) ||
        Number(b.preferred) - Number(a.preferred) ||
        b.code.population - a.code.population ||
        byString(a.code.searchPostcode, b.code.searchPostcode) ||
        byString(a.code.searchName, b.code.searchName) ||
        a.code.id - b.code.id,
    );
    eachWithPrefix(this.codes, s.postcode, false, (ref, key) => {
      const code = this.postcodes[ref];
      if (s.place !== '' && !startsWord(code.searchName, s.place)) {
        return;
      }
      if (!s.qualifiers.every((q) => startsWord(code.searchArea, q))) {
        return;
      }
      top.push({
        code,
        exact: key === s.postcode,
        preferred: code.countryCode === s.preferCountry,
      });
    });
    // A UK outward code ("M1", "SW1A 1AA") is a whole code: its area's town comes first, before
    // the codes of other countries it only starts (M1 → Manchester, then Toronto's M1B, M1C…).
    // A letter-digit-letter code that is a Canadian area itself ("M1B") stays Canadian only.
    const uk = ukOutwardCode(s.postcode);
    const town = uk && this.ukAreas.get(uk.area);
    if (uk && town && !(uk.canadianShape && top.items.some((hit) => hit.exact))) {
      const code: IndexPostcode = {
        id: -1,
        countryCode: town.countryCode,
        postcode: uk.shown,
        searchPostcode: s.postcode,
        name: town.name,
        searchName: town.searchName,
        region: town.region,
        country: town.country,
        searchArea: `${town.searchRegion} ${town.searchCountry} ${town.countryCode.toLowerCase()}`,
        latitude: town.latitude,
        longitude: town.longitude,
        population: town.population,
      };
      if (
        (s.place === '' || startsWord(code.searchName, s.place)) &&
        s.qualifiers.every((q) => startsWord(code.searchArea, q))
      ) {
        top.push({ code, exact: true, preferred: code.countryCode === s.preferCountry });
      }
    }
    return top.items.map(({ code }) => ({
      countryCode: code.countryCode,
      postcode: code.postcode,
      name: code.name,
      searchName: code.searchName,
      region: code.region,
      country: code.country,
      latitude: code.latitude,
      longitude: code.longitude,
    }));
  }

  /** Each qualifier starts a word of the region or of the country's name, or is its code. */
  private passes(place: IndexPlace, qualifiers: string[]): boolean {
    return qualifiers.every(
      (q) =>
        startsWord(place.searchRegion, q) ||
        startsWord(place.searchCountry, q) ||
        place.countryCode.toLowerCase() === q,
    );
  }

  private codeFirst(place: IndexPlace, qualifiers: string[]): boolean {
    return qualifiers.length > 0 && qualifiers.includes(place.countryCode.toLowerCase());
  }
}

/** As the SQL answers: otherName and otherSpellings only from the tier of other names. */
function found(place: IndexPlace, other?: IndexName | null): FoundPlace {
  const shown: FoundPlace = {
    id: place.id,
    name: place.name,
    region: place.region,
    countryCode: place.countryCode,
    country: place.country,
    latitude: place.latitude,
    longitude: place.longitude,
  };
  if (other !== undefined) {
    shown.otherName = other?.name ?? null;
    shown.otherSpellings = other?.spellings ?? null;
  }
  return shown;
}
