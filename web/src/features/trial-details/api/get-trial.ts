import { useQuery } from '@tanstack/react-query';
import { getTrialOptions } from '@/api/@tanstack/react-query.gen';
import type { GetTrialData } from '@/api/types.gen';

export type TrialQuery = NonNullable<GetTrialData['query']>;

/** GET /api/trials/{nctId}?q=&facility=&requestID=: the trial evaluated for the answers in q. */
export function useTrial(nctId: string, query: TrialQuery, enabled = true) {
  return useQuery({
    ...getTrialOptions({ path: { nctId }, query }),
    enabled,
    // The same trial for the same answers does not change while the tab is open.
    staleTime: 5 * 60_000,
  });
}
