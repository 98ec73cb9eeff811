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
const ASCII = /^[\x20-\x7e]*$/;

/**
 * Lower case, without accents (São → sao, Zürich → zurich, Łódź → lodz, Straße → strasse),
 * apostrophes, dots and brackets dropped, hyphens and runs of spaces as one space.
 * "Saint-Étienne" and "saint etienne" compare equal; so do "St. Louis" and "St Louis".
 */
export function normalizePlaceText(text: string): string {
  // Most names are plain ASCII: nothing to decompose or fold (the load normalises ~1M names).
  const lower = text.toLowerCase();
  if (ASCII.test(lower)) {
    return lower
      .replace(/['`.()]/g, '')
      .replace(/[\s\-_/]+/g, ' ')
      .trim();
  }
  return lower
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

/**
 * The parts of a chosen "München (Munich), Bavaria, Germany" label, so the label typed back
 * finds its place: the text before a trailing bracket of the first part (as typed) and the
 * bracket's normalised content; null when the first part ends in no bracket.
 */
export function nameBeforeBracket(q: string): { before: string; inside: string } | null {
  const first = q.split(',')[0];
  const match = /^(.*\S)\s*\(([^()]*)\)\s*$/u.exec(first);
  return match ? { before: match[1].trim(), inside: normalizePlaceText(match[2]) } : null;
}

/** A postcode as stored and compared: upper case, without spaces and hyphens ("SW1A 1AA" → "SW1A1AA"). */
export function normalizePostcode(text: string): string {
  return text.toUpperCase().replace(/[\s\-‐‑–—]+/gu, '');
}

export interface PostcodeQuery {
  /** normalizePostcode() of the code typed (or of its start). */
  postcode: string;
  /** The normalised place name typed after the code ("10117 Berlin"); '' when none. */
  place: string;
}

/**
 * A query that starts with a postcode: digits (10117, 02115, 28001, 1010 Wien), a letter-digit
 * code of the United Kingdom or Canada (SW1A, M1, T0A) or a Dutch one (1011 AB), followed by an
 * optional place name ("10117 Berlin", "75001 Paris"). Null when the text starts with a name.
 */
export function parsePostcodeQuery(q: string): PostcodeQuery | null {
  const first = q.split(',')[0].trim();
  // A full Dutch postcode before a name ("1011 AB Amsterdam", "1011AB Amsterdam"): no package has
  // the letters, so the four digits are the code and the name after the letters the place.
  const dutch = /^(\d{4}) ?[A-Za-z]{2}\s+(\D.*)$/u.exec(first);
  if (dutch) {
    return { postcode: dutch[1], place: normalizePlaceText(dutch[2]) };
  }
  const match =
    /^(\d[\d -]{1,9}|[A-Za-z]{1,2}\d[A-Za-z\d]?(?: ?\d[A-Za-z]{2})?)(?:\s+(\D.*))?$/u.exec(first);
  if (!match) {
    return null;
  }
  const postcode = normalizePostcode(match[1]);
  if (postcode.length < 2) {
    return null;
  }
  return { postcode, place: normalizePlaceText(match[2] ?? '') };
}

/**
 * Of the spellings of one other name ("Milano", "Milánó"), the one the doctor is typing: the
 * first whose lower case starts with the typed text's, else the first.
 */
export function spellingTyped(spellings: readonly string[], typed: string): string {
  const start = typed.trim().toLowerCase();
  return spellings.find((s) => s.toLowerCase().startsWith(start)) ?? spellings[0];
}

/**
 * Of two spellings of one name (normalised alike), the one to show: the one with accents or
 * letters beyond ASCII ("München" before "Munchen"), else the first.
 */
export function preferredSpelling(current: string, candidate: string): string {
  const marks = (s: string): number => s.replace(/[ -~]/g, '').length;
  return marks(candidate) > marks(current) ? candidate : current;
}

/** A LIKE pattern that matches the text literally (no wildcard in it survives). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * "Berlin, State of Berlin, Germany": the region is left out when there is none or when it only
 * repeats the city's name. A place found by another of its names shows that name first, the
 * gazetteer's in brackets ("München (Munich), Bavaria, Germany"); a postcode comes before the
 * name ("10117 Berlin, State of Berlin, Germany").
 */
export function placeLabel(
  city: string,
  region: string,
  country: string,
  shown: { otherName?: string | null; postcode?: string | null } = {},
): string {
  let name = city;
  if (shown.otherName && normalizePlaceText(shown.otherName) !== normalizePlaceText(city)) {
    name = `${shown.otherName} (${city})`;
  }
  if (shown.postcode) {
    name = `${shown.postcode} ${name}`;
  }
  const parts = [name];
  if (region && normalizePlaceText(region) !== normalizePlaceText(city)) {
    parts.push(region);
  }
  parts.push(country);
  return parts.join(', ');
}
