import { useQuery } from '@tanstack/react-query';
import { getTrialOptions } from '@/api/@tanstack/react-query.gen';
import type { GetTrialData } from '@/api/types.gen';

export type TrialQuery = NonNullable<GetTrialData['query']>;

/** GET /api/trials/{nctId}?q=&facility=&requestID=: the trial evaluated for the answers in q. */
export function useTrial(nctId: string, query: TrialQuery, enabled = true) {
  return useQuery({
    ...getTrialOptions({ path: { nctId }, query }),
    // The same trial asked again with other answers (a request's link completed with them)
    // keeps showing while the evaluation comes: no flash of a spinner.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[0] as { path?: { nctId?: string } } | undefined)?.path?.nctId ===
      nctId
        ? previous
        : undefined,
    enabled,
    // The same trial for the same answers does not change while the tab is open.
    staleTime: 5 * 60_000,
  });
}
