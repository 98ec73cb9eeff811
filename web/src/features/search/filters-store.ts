import { trackFilterSet } from '@/lib/analytics';
import { PATIENT_CLEARED_EVENT } from '@/lib/patient-form';
import { readItem, STORAGE_KEYS, writeItem } from '@/lib/storage';
import { FIRST_PAGE, SORT_ORDERS, type SortOrder } from './filter-options';
import { useExternalStore } from '@/lib/use-external-store';

/**
 * The search's filters, sort and page (spec 02 §3 "Filters state", §4 Trial search). Like the
 * patient form they live in local storage, so a reload keeps them and every tab shares them.
 */
export interface FiltersState {
  trial_phase: string[];
  study_type: string[];
  treatment_subtype: string[];
  genetic_mutations: string[];
  recruiting_status: string[];
  specificity: string[];
  /** A tighter maximum distance in the search's unit; '' = none. */
  distance: string;
}

export type ListFilter = Exclude<keyof FiltersState, 'distance'>;
export type FilterName = keyof FiltersState;

export const LIST_FILTERS: readonly ListFilter[] = [
  'trial_phase',
  'study_type',
  'treatment_subtype',
  'genetic_mutations',
  'recruiting_status',
  'specificity',
];

export function initialFilters(): FiltersState {
  return {
    trial_phase: [],
    study_type: ['Interventional'],
    treatment_subtype: [],
    genetic_mutations: [],
    recruiting_status: [],
    specificity: [],
    distance: '',
  };
}

/** The filter actions of spec 02 §3: each carries a name and a value. */
export type FilterAction =
  | { type: 'SET_FILTER'; name: ListFilter; value: string }
  | { type: 'REMOVE_FILTER'; name: ListFilter; value: string }
  | { type: 'CLEAR_FILTER'; name: FilterName }
  | { type: 'SET_SINGLE_FILTER'; name: FilterName; value: string | string[] }
  | { type: 'RESET_FILTERS' };

export function filtersReducer(state: FiltersState, action: FilterAction): FiltersState {
  switch (action.type) {
    case 'SET_FILTER':
      return state[action.name].includes(action.value)
        ? state
        : { ...state, [action.name]: [...state[action.name], action.value] };
    case 'REMOVE_FILTER':
      return { ...state, [action.name]: state[action.name].filter((v) => v !== action.value) };
    case 'CLEAR_FILTER':
      return { ...state, [action.name]: action.name === 'distance' ? '' : [] };
    case 'SET_SINGLE_FILTER': {
      if (action.name === 'distance') {
        return { ...state, distance: Array.isArray(action.value) ? '' : action.value };
      }
      const list = Array.isArray(action.value) ? action.value : [action.value];
      return { ...state, [action.name]: list.filter((v) => v !== '') };
    }
    case 'RESET_FILTERS':
      return initialFilters();
  }
}

/** How many filters narrow the search beyond the defaults. */
export function activeFilterCount(state: FiltersState): number {
  const initial = initialFilters();
  let count = state.distance === '' ? 0 : 1;
  for (const name of LIST_FILTERS) {
    const same =
      state[name].length === initial[name].length &&
      state[name].every((v) => initial[name].includes(v));
    if (!same) {
      count += state[name].length === 0 ? 0 : 1;
    }
  }
  return count;
}

// --- the store ---------------------------------------------------------------------------------

export interface SearchUiState {
  filters: FiltersState;
  sort: SortOrder;
  /** The condition the filters were chosen for: another condition starts from the defaults. */
  disease: string;
}

export const FILTERS_STORAGE_KEY = 'trialflow.search';
/** Fired (by whoever changes the condition) to start the search's filters and page afresh. */
export const DISEASE_CHANGED_EVENT = 'trialflow:disease-changed';

function initialUiState(disease = ''): SearchUiState {
  return { filters: initialFilters(), sort: 'match', disease };
}

function asList(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
}

function load(): SearchUiState {
  const raw = readItem(FILTERS_STORAGE_KEY);
  if (!raw) {
    return initialUiState();
  }
  try {
    const parsed = JSON.parse(raw) as Partial<SearchUiState> | null;
    const base = initialUiState(typeof parsed?.disease === 'string' ? parsed.disease : '');
    const stored = (parsed?.filters ?? {}) as Partial<Record<FilterName, unknown>>;
    const filters = { ...base.filters };
    for (const name of LIST_FILTERS) {
      filters[name] = asList(stored[name]) ?? filters[name];
    }
    if (typeof stored.distance === 'string') {
      filters.distance = stored.distance;
    }
    const sort = SORT_ORDERS.includes(parsed?.sort as SortOrder)
      ? (parsed?.sort as SortOrder)
      : base.sort;
    return { ...base, filters, sort };
  } catch {
    // A damaged entry starts afresh.
    return initialUiState();
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: SearchUiState | null = null;

function emit(): void {
  for (const listener of listeners) {
    listener();
  }
}

export function getSearchUi(): SearchUiState {
  snapshot ??= load();
  return snapshot;
}

function save(next: SearchUiState): void {
  snapshot = next;
  try {
    window.localStorage.setItem(FILTERS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the filters still work for this page view.
  }
  emit();
}

// The page is the spec's `page` entry of local storage (spec 02 §3), cleared on logout.
export function getPage(): number {
  const page = Number.parseInt(readItem(STORAGE_KEYS.page) ?? '', 10);
  return Number.isInteger(page) && page >= FIRST_PAGE ? page : FIRST_PAGE;
}

export function setPage(page: number): void {
  const next = Math.max(FIRST_PAGE, Math.floor(page));
  if (next !== getPage() || readItem(STORAGE_KEYS.page) === null) {
    writeItem(STORAGE_KEYS.page, String(next));
  }
}

/** Applies a filter action; every filter change starts again at page 1 (spec 02 §2). */
export function dispatchFilter(action: FilterAction): void {
  const current = getSearchUi();
  save({ ...current, filters: filtersReducer(current.filters, action) });
  setPage(FIRST_PAGE);
  if (action.type === 'SET_FILTER' || action.type === 'SET_SINGLE_FILTER') {
    // Spec 02 §3: each set action records a filter-set event with the filter type.
    trackFilterSet(action.name);
  }
}

/** A new sort starts at page 1; the list scrolls back to its top (spec 02 §4). */
export function setSort(sort: SortOrder): void {
  save({ ...getSearchUi(), sort });
  setPage(FIRST_PAGE);
}

/** Filters and page back to their defaults for this condition (the sort is kept). */
export function resetForDisease(disease: string): void {
  save({ ...getSearchUi(), filters: initialFilters(), disease });
  setPage(FIRST_PAGE);
}

/**
 * Keeps the filters in step with the form's condition: another condition starts from the
 * defaults; filters stored before any condition was recorded are kept for this one.
 */
export function syncDisease(disease: string): void {
  const current = getSearchUi();
  if (!disease || current.disease === disease) {
    return;
  }
  if (current.disease === '') {
    save({ ...current, disease });
  } else {
    resetForDisease(disease);
  }
}

// A new patient or a logout (lib/patient-form): the filters and page of the last patient go.
window.addEventListener(PATIENT_CLEARED_EVENT, () => {
  try {
    window.localStorage.removeItem(FILTERS_STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
  writeItem(STORAGE_KEYS.page, null);
  snapshot = initialUiState();
  emit();
});

function onStorage(event: StorageEvent): void {
  if (event.key === FILTERS_STORAGE_KEY || event.key === null) {
    snapshot = load();
    emit();
  }
}

export function subscribeSearchUi(listener: Listener): () => void {
  if (listeners.size === 0) {
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('storage', onStorage);
    }
  };
}

export function useSearchUi(): SearchUiState {
  return useExternalStore(subscribeSearchUi, getSearchUi);
}

/** For tests: forget the in-memory snapshot so the next read comes from local storage. */
export function resetSearchUiForTests(): void {
  snapshot = null;
}
