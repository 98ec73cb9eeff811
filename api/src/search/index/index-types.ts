import type {
  ConditionKey,
  CriterionKey,
  Criterions,
  EligibilityRule,
  SortOrder,
} from '@trialflow/contract';

/** The search index's inputs (rows from the store, a query) and outputs (result, hits). */

export interface IndexTrialRow {
  id: number;
  nctId: string;
  conditions: string[];
  studyType: string;
  overallStatus: string;
  phases: string[];
  specificity: string;
  treatmentClasses: string[];
  genes: string[];
  /** ISO date or null. */
  startDate: string | null;
  rules: EligibilityRule[];
}

export interface IndexSiteRow {
  id: number;
  trialId: number;
  facilityId: number;
  lat: number;
  lon: number;
}

export type FacetName =
  | 'trial_phase'
  | 'study_type'
  | 'recruiting_status'
  | 'treatment_subtype'
  | 'genetic_mutations'
  | 'specificity';

export interface IndexFilters {
  trial_phase?: string[];
  /** Effective study types (the caller applies the Interventional default). */
  study_type: string[];
  /** Effective statuses (the caller applies the default: both open statuses). */
  recruiting_status: string[];
  treatment_subtype?: string[];
  genetic_mutations?: string[];
  specificity?: string[];
}

export interface IndexQuery {
  condition: ConditionKey;
  lat: number;
  lon: number;
  radiusKm: number;
  facilityIds?: number[];
  criterions: Criterions;
  now: Date;
  filters: IndexFilters;
  sort: SortOrder;
}

export interface OpenQuestion {
  key: CriterionKey;
  /** Results with a rule on this criterion that its answer would settle. */
  trials: number;
}

export interface IndexResult {
  total: number;
  /**
   * Packed sort keys (see trialOfKey()): keys[0, sorted) are the smallest, in display order;
   * the rest are unordered until a page needs them (orderUpTo()). Sorting every match up front
   * cost more than finding them at 500,000 trials.
   */
  keys: Float64Array;
  sorted: number;
  facets: Record<FacetName, Record<string, number>>;
  openQuestions: OpenQuestion[];
}

export interface IndexHit {
  index: number;
  trialId: number;
  nctId: string;
  score: number;
  /** The nearest open site in the radius (and in facility_ids when given). */
  siteId: number;
  facilityId: number;
  distanceKm: number;
  /** Open sites in the radius (and in facility_ids when given). */
  sitesInRadius: number;
}

/** The index's data: typed arrays in shared memory, plus the names. */
export interface IndexArrays {
  trialIds: Int32Array;
  nctIds: string[];
  conditionLists: Int32Array[];
  /** Per condition, its trials by 1° cell of their open sites (see buildConditionCells). */
  conditionCells: CellIndex[];
  phase: Uint8Array;
  type: Uint8Array;
  status: Uint8Array;
  specificity: Uint8Array;
  treatment: Int32Array;
  startDay: Int32Array;
  geneStart: Int32Array;
  genes: Int32Array;
  geneNames: string[];
  /** Trial i's rules: ruleRefs[ruleStart[i], ruleStart[i + 1]), ids of the distinct rules below. */
  ruleStart: Int32Array;
  ruleRefs: Int32Array;
  ruleKind: Uint8Array;
  ruleKey: Uint8Array;
  ruleQualified: Uint8Array;
  ruleMin: Float64Array;
  ruleMax: Float64Array;
  ruleAltStart: Int32Array;
  alts: Uint8Array;
  siteStart: Int32Array;
  siteId: Int32Array;
  siteFacility: Int32Array;
  siteX: Float32Array;
  siteY: Float32Array;
  siteZ: Float32Array;
}

/**
 * Trials by map cell: the trials of one condition with an open site in each 1°×1° cell, as
 * compressed rows (trials of cell k: trials[start[k], start[k + 1])), each trial once per cell.
 * A search with a small radius reads the cells its circle touches instead of every trial.
 */
export interface CellIndex {
  start: Int32Array;
  trials: Int32Array;
}
