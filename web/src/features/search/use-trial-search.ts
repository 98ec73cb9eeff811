import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { configQueryOptions } from '@/lib/app-config';
import { getForm, usePatientForm, type PatientForm } from '@/lib/patient-form';
import { resolvePartner, usePartner } from '@/lib/partner';
import { readItem, readUser, STORAGE_KEYS, useStoredItem } from '@/lib/storage';
import { summarizeTrialsQueryOptions, useSummarizeTrials } from './api/summarize-trials';
import { FIRST_PAGE } from './filter-options';
import {
  getPage,
  getSearchUi,
  initialFilters,
  type SearchUiState,
  useSearchUi,
} from './filters-store';
import { isLocationComplete, searchBody, type SearchMode } from './search-request';

/** The defaults, for a form whose condition the stored filters were not chosen for. */
const DEFAULT_FILTERS = Object.freeze(initialFilters());

/** The current page (local storage `page`, shared by the tabs). */
export function usePage(): number {
  const raw = useStoredItem(STORAGE_KEYS.page);
  const page = Number.parseInt(raw ?? '', 10);
  return Number.isInteger(page) && page >= FIRST_PAGE ? page : FIRST_PAGE;
}

interface SearchInputs {
  form: PatientForm;
  ui: SearchUiState;
  page: number;
  partnerUserSource: string;
  mode: SearchMode;
}

/** The search the results screen sends for the stored form, filters, sort and page. */
function searchOf({ form, ui, page, partnerUserSource, mode }: SearchInputs) {
  const complete = isLocationComplete(form);
  const userSource =
    typeof form.userSource === 'string' && form.userSource ? form.userSource : partnerUserSource;
  const disease = typeof form.type_of_disease === 'string' ? form.type_of_disease : '';
  // Until the stored filters are reset for another condition (an effect of the page), search
  // with the defaults rather than send the old condition's filters once.
  const filters = !disease || !ui.disease || ui.disease === disease ? ui.filters : DEFAULT_FILTERS;
  const body = searchBody({ form, mode, filters, sort: ui.sort, page, userSource });
  return { complete, filters, body };
}

/**
 * The results' loader: the page of results is asked for while the screen's code loads, and the
 * first render waits for it (3 s at most), so the results page draws once, with its first cards,
 * not a frame, then a skeleton, then the cards. The same inputs as useTrialSearch: the same body,
 * so the screen finds it in the cache.
 */
export async function prefetchSearch(queryClient: QueryClient, mode: SearchMode): Promise<void> {
  const config = await queryClient.ensureQueryData(configQueryOptions());
  const user = readUser();
  const partner = resolvePartner(
    config.partners,
    config.defaultUserSource,
    user?.userSource ?? readItem(STORAGE_KEYS.partnerSource),
  );
  const { complete, body } = searchOf({
    form: getForm(),
    ui: getSearchUi(),
    page: getPage(),
    partnerUserSource: partner.userSource,
    mode,
  });
  if (complete) {
    const options = summarizeTrialsQueryOptions(body);
    await queryClient.fetchQuery(options).catch(() => {
      // The results screen asks again itself and shows its own error and retry.
      queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
    });
  }
}

/**
 * The search of the current form, filters, sort and page. The results screen and the filter
 * panels use it alike: the same body is the same query, so they share one request and its facets.
 */
export function useTrialSearch(mode: SearchMode) {
  const form = usePatientForm();
  const ui = useSearchUi();
  const page = usePage();
  const partner = usePartner();
  const { complete, filters, body } = useMemo(
    () => searchOf({ form, ui, page, partnerUserSource: partner.userSource, mode }),
    [form, ui, page, partner.userSource, mode],
  );
  const query = useSummarizeTrials(body, complete);
  return { form, ui, filters, page, body, complete, query };
}
