import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { summarizeTrials } from '@/api/sdk.gen';
import type { TrialSummaryRequestDto } from '@/api/types.gen';

/**
 * POST /api/trials/summary without `trials`: the page of the search as summaries with their
 * reasons, plus total, facets and open questions. It runs the same search as
 * POST /api/trials/questionnaire (spec 02 §7 calls 1 and 2) in one round trip.
 */
export function summarizeTrialsQueryOptions(body: TrialSummaryRequestDto) {
  return queryOptions({
    // The generated client has no query options for a POST: keyed by operation id and body.
    queryKey: [{ _id: 'summarizeTrials', body }] as const,
    queryFn: async ({ signal }) => {
      const { data } = await summarizeTrials({ body, signal, throwOnError: true });
      return data;
    },
  });
}

export function useSummarizeTrials(body: TrialSummaryRequestDto, enabled: boolean) {
  return useQuery({
    ...summarizeTrialsQueryOptions(body),
    enabled,
    // A new page, filter or sort keeps the current results on screen until the next arrive.
    placeholderData: keepPreviousData,
  });
}
