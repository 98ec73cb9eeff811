import { type QueryClient, useQuery } from '@tanstack/react-query';
import { getTrialOptions } from '@/api/@tanstack/react-query.gen';
import type { GetTrialData, TrialSiteDto } from '@/api/types.gen';

export type TrialQuery = NonNullable<GetTrialData['query']>;

/** The same trial for the same answers does not change while the tab is open. */
const TRIAL_STALE_MS = 5 * 60_000;

/**
 * The sites the details screen asks for with the trial: the ones it shows before 'show all'. A
 * trial with hundreds of sites then answers in a few kilobytes instead of tens, on the first
 * screen's path; the rest come when they are shown (useAllSites, loadAllSites).
 */
export const FIRST_SITES = 10;

function positiveInt(value: string | null): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/**
 * What a details address asks for: the facility to put first, the request it belongs to and the
 * answers (q), from ?facility=&requestID=&q=, with the first FIRST_SITES sites. `base` leaves the
 * answers out.
 */
export function trialQueryOf(params: URLSearchParams): {
  base: TrialQuery;
  withAnswers: TrialQuery;
} {
  const base: TrialQuery = { sites: FIRST_SITES };
  const facility = positiveInt(params.get('facility'));
  if (facility !== null) {
    base.facility = facility;
  }
  const requestId = params.get('requestID');
  if (requestId) {
    base.requestID = requestId.slice(0, 100);
  }
  const q = params.get('q');
  return { base, withAnswers: q ? { ...base, q } : base };
}

/** The details' first query, asked for by the route's loader while the screen's code loads. */
export function prefetchTrial(
  queryClient: QueryClient,
  nctId: string,
  params: URLSearchParams,
): Promise<void> {
  return queryClient.prefetchQuery({
    ...getTrialOptions({ path: { nctId: nctId.trim() }, query: trialQueryOf(params).withAnswers }),
    staleTime: TRIAL_STALE_MS,
  });
}

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
    staleTime: TRIAL_STALE_MS,
    // A failure the route's loader met is the screen's answer (its retry button asks again),
    // not a reason to send the same request twice on the page's first render.
    retryOnMount: false,
  });
}

/** The details' query for every site of the trial (the same answers and facility). */
function allSitesOptions(nctId: string, query: TrialQuery) {
  const { sites: _first, ...rest } = query;
  return { ...getTrialOptions({ path: { nctId }, query: rest }), staleTime: TRIAL_STALE_MS };
}

/** Every site of the trial, asked for once `enabled` (the doctor asked to see them all). */
export function useAllSites(nctId: string, query: TrialQuery, enabled: boolean) {
  return useQuery({
    ...allSitesOptions(nctId, query),
    enabled,
    select: (trial): TrialSiteDto[] => trial.sites,
  });
}

/** Every site of the trial, from the cache when they were shown already. */
export async function loadAllSites(
  queryClient: QueryClient,
  nctId: string,
  query: TrialQuery,
): Promise<TrialSiteDto[]> {
  return (await queryClient.fetchQuery(allSitesOptions(nctId, query))).sites;
}
