import { Inject, Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { visitorCountry } from '../common/country-codes';
import { PlaceDto, toPlaceDto } from './dto/place-response.dto';
import { PlacesLoader } from './places-loader';
import { FoundPlace, PlaceSearch, PlacesRepository } from './places.repository';
import { escapeLike, parsePlaceQuery } from './search-text';

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
   * Places for an autocomplete text, best first: names starting with it, then names with a
   * later word starting with it (each tier fills only what is left), and only when neither
   * found anything, similar names: a typo. Similarity is the costly search (thousands of
   * trigram candidates to recheck), so it is kept for when it is the only help.
   */
  async search(q: string, limit: number): Promise<PlaceDto[]> {
    const { name, qualifiers } = parsePlaceQuery(q);
    if (!name) {
      return [];
    }
    await this.loader.whenReady();
    const search = (found: FoundPlace[]): PlaceSearch => ({
      name,
      likeName: escapeLike(name),
      likeQualifiers: qualifiers.map(escapeLike),
      excludeIds: found.map((p) => p.id),
      limit: limit - found.length,
    });
    const found = await this.places.findByPrefix(search([]));
    if (found.length < limit && name.length >= WORD_PREFIX_MIN) {
      found.push(...(await this.places.findByWordPrefix(search(found))));
    }
    if (found.length === 0 && name.length >= SIMILAR_MIN) {
      found.push(...(await this.places.findSimilar(search(found))));
    }
    return found.map(toPlaceDto);
  }

  /** Spec 02 §9: the country of the IP-geolocation header, HR when there is none. */
  visitorCountry(headers: IncomingHttpHeaders): string {
    const header = this.env.VISITOR_COUNTRY_HEADER;
    return visitorCountry(header ? headers[header.toLowerCase()] : undefined);
  }
}
