import { client } from '@/api/client.gen';
import type { Options } from '@/api/sdk.gen';

/*
 * GET /api/places and GET /api/places/visitor-country, written the way @hey-api generates them.
 * TEMPORARY: the places endpoints are being added to the API; once `npm run generate` has put
 * `searchPlaces` and `getVisitorCountry` into web/src/api/sdk.gen.ts, delete this file and import
 * them (and their types) from '@/api/sdk.gen' instead. Their signatures are the same.
 */

/** One suggestion of the places autocomplete. */
export type PlaceDto = {
  id: string;
  /** The formatted address shown and stored as zip_code. */
  label: string;
  city: string;
  region: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  latitude: number;
  longitude: number;
};

export type SearchPlacesData = {
  body?: never;
  path?: never;
  query: { q: string; limit?: number };
  url: '/api/places';
};

export type SearchPlacesResponses = { 200: { places: Array<PlaceDto> } };

export type GetVisitorCountryData = {
  body?: never;
  path?: never;
  query?: never;
  url: '/api/places/visitor-country';
};

export type GetVisitorCountryResponses = { 200: { countryCode: string } };

/** Places matching a typed text (operationId searchPlaces). */
export const searchPlaces = <ThrowOnError extends boolean = false>(
  options: Options<SearchPlacesData, ThrowOnError>,
) =>
  (options.client ?? client).get<SearchPlacesResponses, unknown, ThrowOnError>({
    url: '/api/places',
    ...options,
  });

/** The visitor's country from the request address (operationId getVisitorCountry). */
export const getVisitorCountry = <ThrowOnError extends boolean = false>(
  options?: Options<GetVisitorCountryData, ThrowOnError>,
) =>
  (options?.client ?? client).get<GetVisitorCountryResponses, unknown, ThrowOnError>({
    url: '/api/places/visitor-country',
    ...options,
  });
