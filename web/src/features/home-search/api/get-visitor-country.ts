import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dispatchForm, getForm, isAnswered } from '@/lib/patient-form';
import { STORAGE_KEYS, useStoredItem, writeItem } from '@/lib/storage';
import { isCountryCode, radiusUnitFor } from '../location';
import { getVisitorCountryQueryKey } from '@/api/@tanstack/react-query.gen';
import { getVisitorCountry } from '@/api/sdk.gen';

/** Spec 01 §8: when the visitor's country cannot be had, it is Croatia. */
export const VISITOR_COUNTRY_FALLBACK = 'HR';

/**
 * First visit (no stored country code): GET /api/places/visitor-country and store the answer as
 * STORAGE_KEYS.countryCode, which also gives the radius unit until a place is picked (spec 02 §9).
 * It biases nothing else: the places search is the same for everyone.
 */
export function useVisitorCountryPrefill(): void {
  const stored = useStoredItem(STORAGE_KEYS.countryCode);
  const { data, isError } = useQuery({
    queryKey: getVisitorCountryQueryKey(),
    queryFn: async ({ signal }) => {
      const { data: answer } = await getVisitorCountry({ signal, throwOnError: true });
      return answer.countryCode;
    },
    enabled: !stored,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (stored || (data === undefined && !isError)) {
      return;
    }
    const code = data && isCountryCode(data) ? data.toUpperCase() : VISITOR_COUNTRY_FALLBACK;
    // Written from an effect, not the query function: an unmounted page never writes late.
    writeItem(STORAGE_KEYS.countryCode, code);
    if (!isAnswered(getForm().radius_unit)) {
      dispatchForm({ type: 'set', name: 'radius_unit', value: radiusUnitFor(code) });
    }
  }, [stored, data, isError]);
}
