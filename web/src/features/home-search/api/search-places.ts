import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchPlacesQueryKey } from '@/api/@tanstack/react-query.gen';
import { searchPlaces } from '@/api/sdk.gen';
import type { PlaceDto } from '@/api/types.gen';

/** Suggestions shown at once. */
export const PLACES_LIMIT = 8;
/** Fewer characters than this match too much to be useful. */
export const PLACES_MIN_CHARS = 2;

/** The API takes at most this many characters. */
export const PLACES_QUERY_MAX = 60;

/**
 * The text as the API accepts it: plain single spaces (a pasted no-break space is a space too)
 * and at most PLACES_QUERY_MAX characters, never cutting a character in half.
 */
export function placesQuery(text: string): string {
  return Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, PLACES_QUERY_MAX).join('').trim();
}

/** GET /api/places?q=&limit= for the (already debounced) text of the location box. */
export function usePlaceSuggestions(text: string) {
  const q = placesQuery(text);
  return useQuery({
    queryKey: searchPlacesQueryKey({ query: { q, limit: PLACES_LIMIT } }),
    queryFn: async ({ signal }): Promise<PlaceDto[]> => {
      const { data } = await searchPlaces({
        query: { q, limit: PLACES_LIMIT },
        signal,
        throwOnError: true,
      });
      return data.places;
    },
    enabled: q.length >= PLACES_MIN_CHARS,
    // The list keeps the last suggestions while the next ones load, instead of flickering.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
