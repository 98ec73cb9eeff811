import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import {
  activeFilterCount,
  dispatchFilter,
  FILTERS_STORAGE_KEY,
  filtersReducer,
  getPage,
  getSearchUi,
  initialFilters,
  resetSearchUiForTests,
  setPage,
  syncDisease,
} from './filters-store';

afterEach(() => {
  resetSearchUiForTests();
  delete window.dataLayer;
});

describe('search filters state (spec 02 §3 Filters state)', () => {
  it('should start with study type Interventional and an empty distance', () => {
    expect(initialFilters()).toEqual({
      trial_phase: [],
      study_type: ['Interventional'],
      treatment_subtype: [],
      genetic_mutations: [],
      recruiting_status: [],
      specificity: [],
      distance: '',
    });
    expect(activeFilterCount(initialFilters())).toBe(0);
  });

  it('should set, remove, clear, set single and reset like the spec actions', () => {
    let state = filtersReducer(initialFilters(), {
      type: 'SET_FILTER',
      name: 'genetic_mutations',
      value: 'EGFR',
    });
    state = filtersReducer(state, { type: 'SET_FILTER', name: 'genetic_mutations', value: 'EGFR' });
    state = filtersReducer(state, { type: 'SET_FILTER', name: 'genetic_mutations', value: 'ALK' });
    expect(state.genetic_mutations).toEqual(['EGFR', 'ALK']);
    state = filtersReducer(state, {
      type: 'REMOVE_FILTER',
      name: 'genetic_mutations',
      value: 'EGFR',
    });
    expect(state.genetic_mutations).toEqual(['ALK']);
    state = filtersReducer(state, { type: 'SET_SINGLE_FILTER', name: 'distance', value: '50' });
    state = filtersReducer(state, {
      type: 'SET_SINGLE_FILTER',
      name: 'study_type',
      value: 'Observational',
    });
    expect(state).toMatchObject({ distance: '50', study_type: ['Observational'] });
    expect(activeFilterCount(state)).toBe(3);
    state = filtersReducer(state, { type: 'CLEAR_FILTER', name: 'genetic_mutations' });
    expect(state.genetic_mutations).toEqual([]);
    expect(filtersReducer(state, { type: 'RESET_FILTERS' })).toEqual(initialFilters());
  });

  it('should keep the filters in local storage and go back to page 1 on every change', () => {
    setPage(4);
    dispatchFilter({ type: 'SET_FILTER', name: 'trial_phase', value: 'Phase 3' });

    expect(getPage()).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.page)).toBe('1');
    resetSearchUiForTests();
    expect(getSearchUi().filters.trial_phase).toEqual(['Phase 3']);
  });

  it('should record a filter-set event with the filter type for set actions only', () => {
    dispatchFilter({ type: 'SET_FILTER', name: 'genetic_mutations', value: 'EGFR' });
    dispatchFilter({ type: 'SET_SINGLE_FILTER', name: 'distance', value: '50' });
    dispatchFilter({ type: 'REMOVE_FILTER', name: 'genetic_mutations', value: 'EGFR' });
    dispatchFilter({ type: 'CLEAR_FILTER', name: 'distance' });
    dispatchFilter({ type: 'RESET_FILTERS' });

    // The value describes the patient, so only the filter's name is recorded.
    expect(window.dataLayer).toEqual([
      { event: 'filter_set', filterType: 'genetic_mutations' },
      { event: 'filter_set', filterType: 'distance' },
    ]);
  });

  it('should read a damaged or foreign entry as the defaults', () => {
    localStorage.setItem(FILTERS_STORAGE_KEY, '{"filters":{"trial_phase":"Phase 1"},"sort":"x"}');
    expect(getSearchUi()).toEqual({ filters: initialFilters(), sort: 'match', disease: '' });
    resetSearchUiForTests();
    localStorage.setItem(FILTERS_STORAGE_KEY, 'not json');
    expect(getSearchUi().filters).toEqual(initialFilters());
  });

  it('should start afresh for another condition but keep filters chosen before one was known', () => {
    dispatchFilter({ type: 'SET_FILTER', name: 'trial_phase', value: 'Phase 1' });
    syncDisease('lung_cancer');
    expect(getSearchUi()).toMatchObject({
      disease: 'lung_cancer',
      filters: { trial_phase: ['Phase 1'] },
    });

    setPage(3);
    syncDisease('breast_cancer');
    expect(getSearchUi()).toMatchObject({ disease: 'breast_cancer', filters: initialFilters() });
    expect(getPage()).toBe(1);
  });
});
