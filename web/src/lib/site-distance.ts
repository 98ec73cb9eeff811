import type { TFunction } from 'i18next';
import { numberFormat } from './intl';

/** Nearer than this (km or mi), a site placed at its city is in the city searched. */
const SAME_CITY_DISTANCE = 1;
/** Nearer than this, the distance would read "0 km". */
const ROUNDS_TO_NOTHING = 0.05;

export interface SiteDistance {
  distance: number;
  /** Placed at its city: the record gives no coordinates. */
  approximateLocation?: boolean;
  city?: string | null;
}

/** A distance in the reader's language, to one decimal: "12.4", "12,4". */
export function formatDistance(language: string, distance: number): string {
  return numberFormat(language, { maximumFractionDigits: 1 }).format(distance);
}

/**
 * The distance line of a site on a card or the details: "12 km away", "about 40 km away" for a
 * site placed at its city, and for such a site in the city searched "in Berlin" rather than
 * "about 0 km away"; "nearby" for a distance that rounds to nothing. keys: the translation
 * group with distance, distanceApprox, distanceInCity and distanceNearby.
 */
export function siteDistanceText(
  t: TFunction,
  language: string,
  keys: 'search.card' | 'search.details.sites',
  site: SiteDistance,
  unit: string,
): string {
  const city = site.city?.trim();
  if (site.approximateLocation && site.distance < SAME_CITY_DISTANCE) {
    return city ? t(`${keys}.distanceInCity`, { city }) : t(`${keys}.distanceNearby`);
  }
  if (site.distance < ROUNDS_TO_NOTHING) {
    return t(`${keys}.distanceNearby`);
  }
  return t(site.approximateLocation ? `${keys}.distanceApprox` : `${keys}.distance`, {
    distance: formatDistance(language, site.distance),
    unit: t(`search.units.${unit === 'MI' ? 'MI' : 'KM'}`),
  });
}
