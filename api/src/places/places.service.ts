import { Inject, Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { isCountryCode, visitorCountry } from '../common/country-codes';
import { PlacesLoader } from './places-loader';
import { countryCodeOf } from './country-names';
import { PlaceDto, toPlaceDto, toPostcodeDto } from './dto/place-response.dto';
import type { IndexNameSearch, IndexPostcodeSearch } from './place-index';
import {
  type CityKey,
  FoundPlace,
  FoundPostcode,
  PlaceSearch,
  PlacesRepository,
} from './places.repository';
import {
  escapeLike,
  nameBeforeBracket,
  normalizePlaceText,
  parsePlaceQuery,
  parsePostcodeQuery,
} from './search-text';

/** A place as a registry names it (a trial site's city, state and English country name). */
export interface NamedPlace {
  city: string;
  state: string;
  country: string;
}

export interface Coordinates {
  lat: number;
  lon: number;
}

/** Shorter texts match too much for the word-start and similarity tiers to be worth their time. */
const WORD_PREFIX_MIN = 3;
const SIMILAR_MIN = 4;

@Injectable()
export class PlacesService {
  constructor(
    private readonly places: PlacesRepository,
    private readonly loader: PlacesLoader,
    @Inject(ENV) private readonly env: Pick<Env, 'VISITOR_COUNTRY_HEADER'>,
  ) {}

  /**
   * Places for an autocomplete text, best first. A text starting with a postcode ("10117",
   * "02115 Boston") answers that code's places; when no stored code matches, the name after it
   * is searched as a place ("1010 Wien" → Vienna). Otherwise: names (the gazetteer's or another
   * of the place's: "München", "Wien") starting with it, then names with a later word starting
   * with it (each tier fills only what is left), and only when neither found anything, similar
   * names: a typo. Similarity is the costly search (thousands of trigram candidates to recheck),
   * so it is kept for when it is the only help. A chosen "München (Munich), …" label typed back
   * finds its place by the name before the bracket.
   *
   * A code used in several countries (28001: Madrid, and Albemarle in the US) lists each; the
   * exact code first, then those of the visitor's country (nearCountry, from the geolocation
   * header when one is configured), then by the population of their place.
   */
  async search(q: string, limit: number, nearCountry: string | null = null): Promise<PlaceDto[]> {
    const postcode = parsePostcodeQuery(q);
    const { name, qualifiers } = parsePlaceQuery(q);
    if (!name) {
      return [];
    }
    await this.loader.whenReady();
    if (postcode) {
      const codes = await this.findByPostcode({
        postcode: postcode.postcode,
        place: postcode.place,
        qualifiers,
        preferCountry: nearCountry ?? '',
        limit,
      });
      if (codes.length > 0 || !postcode.place) {
        return codes.map(toPostcodeDto);
      }
      const typedPlace = q
        .split(',')[0]
        .trim()
        .replace(/^\S+\s+/u, '');
      return (await this.searchNames(postcode.place, qualifiers, limit)).map((p) =>
        toPlaceDto(p, typedPlace),
      );
    }
    const bracket = nameBeforeBracket(q);
    if (bracket && normalizePlaceText(bracket.before)) {
      const found = await this.searchNames(normalizePlaceText(bracket.before), qualifiers, limit);
      if (found.some((p) => normalizePlaceText(p.name) === bracket.inside)) {
        return found.map((p) => toPlaceDto(p, bracket.before));
      }
    }
    const typed = q.split(',')[0];
    return (await this.searchNames(name, qualifiers, limit)).map((p) => toPlaceDto(p, typed));
  }

  /**
   * The name tiers. The in-memory index answers the prefix and later-word tiers; Postgres the
   * rare similarity tier (typos) and everything while the index is not built.
   */
  private async searchNames(
    name: string,
    qualifiers: string[],
    limit: number,
  ): Promise<FoundPlace[]> {
    const index = this.loader.currentIndex();
    const search = (found: FoundPlace[]): IndexNameSearch => ({
      name,
      qualifiers,
      excludeIds: found.map((p) => p.id),
      limit: limit - found.length,
    });
    const sql = (s: IndexNameSearch): PlaceSearch => ({
      name: s.name,
      likeName: escapeLike(s.name),
      likeQualifiers: s.qualifiers.map(escapeLike),
      excludeIds: s.excludeIds,
      limit: s.limit,
    });
    const found = index
      ? index.findByPrefix(search([]))
      : await this.places.findByPrefix(sql(search([])));
    if (found.length < limit && name.length >= WORD_PREFIX_MIN) {
      const s = search(found);
      found.push(
        ...(index ? index.findByWordPrefix(s) : await this.places.findByWordPrefix(sql(s))),
      );
    }
    if (found.length === 0 && name.length >= SIMILAR_MIN) {
      found.push(...(await this.places.findSimilar(sql(search(found)))));
    }
    return found;
  }

  private async findByPostcode(s: IndexPostcodeSearch): Promise<FoundPostcode[]> {
    const index = this.loader.currentIndex();
    if (index) {
      return index.findByPostcode(s);
    }
    return this.places.findByPostcode({
      postcode: s.postcode,
      likePostcode: escapeLike(s.postcode),
      likePlace: escapeLike(s.place),
      likeQualifiers: s.qualifiers.map(escapeLike),
      preferCountry: s.preferCountry,
      limit: s.limit,
    });
  }

  /**
   * The approximate coordinates of named places from the gazetteer (waiting for its load): the
   * city of that name in that country, the state deciding between namesakes, else the most
   * populous. Answers one entry per place, null when the gazetteer has no such city or the
   * country is unknown.
   */
  async locateCities(places: NamedPlace[]): Promise<(Coordinates | null)[]> {
    await this.loader.whenReady();
    const keys: CityKey[] = [];
    const keyOf: number[] = [];
    const seen = new Map<string, number>();
    for (const place of places) {
      const countryCode = countryCodeOf(place.country);
      const name = normalizePlaceText(place.city);
      if (!countryCode || !name) {
        keyOf.push(-1);
        continue;
      }
      const key: CityKey = { name, region: normalizePlaceText(place.state), countryCode };
      const id = `${key.countryCode}|${key.region}|${key.name}`;
      let index = seen.get(id);
      if (index === undefined) {
        index = keys.push(key) - 1;
        seen.set(id, index);
      }
      keyOf.push(index);
    }
    const found = new Map<number, Coordinates>();
    for (const row of await this.places.findCityCoordinates(keys)) {
      found.set(row.index, { lat: row.latitude, lon: row.longitude });
    }
    return keyOf.map((index) => found.get(index) ?? null);
  }

  /**
   * The country of the IP-geolocation header when one is configured and names a country; null
   * otherwise (no HR default: it only ranks postcodes of several countries).
   */
  knownVisitorCountry(headers: IncomingHttpHeaders): string | null {
    const header = this.env.VISITOR_COUNTRY_HEADER;
    const raw = header ? headers[header.toLowerCase()] : undefined;
    const code = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase() ?? '';
    return isCountryCode(code) ? code : null;
  }

  /** Spec 02 §9: the country of the IP-geolocation header, HR when there is none. */
  visitorCountry(headers: IncomingHttpHeaders): string {
    const header = this.env.VISITOR_COUNTRY_HEADER;
    return visitorCountry(header ? headers[header.toLowerCase()] : undefined);
  }
}
