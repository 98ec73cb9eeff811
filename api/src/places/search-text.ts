/**
 * Place search text: what the autocomplete accepts, and the one normalisation applied both to
 * the gazetteer's names when they are loaded and to the typed query, so the comparison is
 * accent-, case- and punctuation-insensitive without Postgres' unaccent (not immutable, so not
 * indexable) and gives the same answer on every Postgres.
 */

/**
 * Letters of any alphabet, digits, spaces and . , ' - ( ) — the location input's characters
 * (spec 02 §5). The typographic apostrophe ’ counts as an apostrophe: phone keyboards type it.
 */
export const PLACE_QUERY = /^[\p{L}\p{M}\p{N} .,'’()-]+$/u;
export const PLACE_QUERY_MAX = 60;

/** Letters that Unicode decomposition does not split into a base letter and a mark. */
const FOLDED: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  þ: 'th',
  ħ: 'h',
  ŧ: 't',
};
const FOLDED_RE = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'gu');

/**
 * Lower case, without accents (São → sao, Zürich → zurich, Łódź → lodz, Straße → strasse),
 * apostrophes, dots and brackets dropped, hyphens and runs of spaces as one space.
 * "Saint-Étienne" and "saint etienne" compare equal; so do "St. Louis" and "St Louis".
 */
export function normalizePlaceText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(FOLDED_RE, (c) => FOLDED[c])
    .replace(/['’ʻ‘`.()]/gu, '')
    .replace(/[\s\-‐‑–—_/]+/gu, ' ')
    .trim();
}

export interface PlaceQuery {
  /** The normalised city name (the text before the first comma). */
  name: string;
  /**
   * Normalised parts after the name ("Berlin, Germany", "Berlin, US", or a chosen label typed
   * back: "Berlin, State of Berlin, Germany"): each must name the region, the country or its code.
   */
  qualifiers: string[];
}

/** Splits a typed query into the city name and its qualifiers, normalised. */
export function parsePlaceQuery(q: string): PlaceQuery {
  const [name, ...rest] = q.split(',').map(normalizePlaceText);
  return { name: name ?? '', qualifiers: rest.filter((part) => part !== '') };
}

/** A LIKE pattern that matches the text literally (no wildcard in it survives). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * "Berlin, State of Berlin, Germany": the region is left out when there is none or when it only
 * repeats the city's name.
 */
export function placeLabel(city: string, region: string, country: string): string {
  const parts = [city];
  if (region && normalizePlaceText(region) !== normalizePlaceText(city)) {
    parts.push(region);
  }
  parts.push(country);
  return parts.join(', ');
}
