// The route loaders of the screens that show data on their first render (app/router.tsx). They
// sit outside the screens' chunks: the router runs a route's loader side by side with its lazy
// code, so the data is asked for while the screen's code still downloads.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { prefetchSearch } from '@/features/search/use-trial-search';
import { prefetchTrial } from '@/features/trial-details/api/get-trial';
import { prefetchForRoute } from '../route-query-client';

/**
 * The details: the trial's evaluation for the answers of the address; the first render waits for
 * it (3 s at most), so the page draws once, with its title.
 */
export function detailsLoader({ params, request }: LoaderFunctionArgs): Promise<null> {
  const nctId = params.id ?? params.trialId ?? '';
  const search = new URL(request.url).searchParams;
  return prefetchForRoute((client) => prefetchTrial(client, nctId, search));
}

/** The results: the first page of the stored search, drawn with the page. */
export function searchLoader(): Promise<null> {
  return prefetchForRoute((client) => prefetchSearch(client, 'patient'));
}
