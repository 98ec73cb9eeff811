import { useMemo } from 'react';
import { usePatientForm } from '@/lib/patient-form';
import { usePartner } from '@/lib/partner';
import { STORAGE_KEYS, useStoredItem } from '@/lib/storage';
import { useSummarizeTrials } from './api/summarize-trials';
import { FIRST_PAGE } from './filter-options';
import { initialFilters, useSearchUi } from './filters-store';
import { isLocationComplete, searchBody, type SearchMode } from './search-request';

/** The defaults, for a form whose condition the stored filters were not chosen for. */
const DEFAULT_FILTERS = Object.freeze(initialFilters());

/** The current page (local storage `page`, shared by the tabs). */
export function usePage(): number {
  const raw = useStoredItem(STORAGE_KEYS.page);
  const page = Number.parseInt(raw ?? '', 10);
  return Number.isInteger(page) && page >= FIRST_PAGE ? page : FIRST_PAGE;
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
  const complete = isLocationComplete(form);
  const userSource =
    typeof form.userSource === 'string' && form.userSource ? form.userSource : partner.userSource;
  const disease = typeof form.type_of_disease === 'string' ? form.type_of_disease : '';
  // Until the stored filters are reset for another condition (an effect of the page), search
  // with the defaults rather than send the old condition's filters once.
  const filters = !disease || !ui.disease || ui.disease === disease ? ui.filters : DEFAULT_FILTERS;
  const body = useMemo(
    () => searchBody({ form, mode, filters, sort: ui.sort, page, userSource }),
    [form, mode, filters, ui.sort, page, userSource],
  );
  const query = useSummarizeTrials(body, complete);
  return { form, ui, filters, page, body, complete, query };
}
