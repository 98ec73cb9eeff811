/**
 * Filter values (spec 02 §3 Filters state), with no imports: the web app imports this file for
 * its filter options, so the two cannot drift.
 */

/** Filter values as the web app sends them (spec 02 §3 Filters state). */
export const TRIAL_PHASES = ['Phase 1', 'Phase 2', 'Phase 3', 'Phase 4', 'No Phase'] as const;
export type TrialPhase = (typeof TRIAL_PHASES)[number];

export const STUDY_TYPES = ['Interventional', 'Observational', 'Expanded Access'] as const;
export type StudyTypeOption = (typeof STUDY_TYPES)[number];

export const RECRUITING_STATUSES = ['Recruiting', 'Not yet recruiting'] as const;
export type RecruitingStatusOption = (typeof RECRUITING_STATUSES)[number];

export const SPECIFICITIES = ['pantumor', 'specific', 'basket'] as const;
export type Specificity = (typeof SPECIFICITIES)[number];

/** The spec's treatment_subtype values (spec 02 §3 Filters). */
export const TREATMENT_CLASSES = [
  'Antibiotics',
  'Antisense Oligonucleotides',
  'Antivirals',
  'Behavioral',
  'Cell Therapy',
  'Checkpoint Inhibitors',
  'Chemotherapy',
  'Combination Product',
  'Device',
  'Diagnostic Test',
  'Dietary Supplement',
  'Genetic',
  'Hormone Therapy',
  'Monoclonal Antibodies',
  'Other',
  'Procedure',
  'Radiation Therapy',
  'Radiopharmaceuticals',
  'Targeted Therapy',
  'Vaccines',
] as const;
export type TreatmentClass = (typeof TREATMENT_CLASSES)[number];

export const SORTS = ['match', 'distance', 'newest'] as const;
export type SortOrder = (typeof SORTS)[number];

export const RADIUS_UNITS = ['KM', 'MI'] as const;
export type RadiusUnit = (typeof RADIUS_UNITS)[number];

export const KM_PER_MILE = 1.609344;

/** Pages of 25, first page 1 (spec 02 §9). */
export const PAGE_SIZE = 25;

/** CT.gov phases → the filter's phase (Early Phase 1 counts as Phase 1; NA as No Phase). */
export function phaseOptionsOf(phases: string[]): TrialPhase[] {
  const out = new Set<TrialPhase>();
  for (const p of phases) {
    switch (p) {
      case 'EARLY_PHASE1':
      case 'PHASE1':
        out.add('Phase 1');
        break;
      case 'PHASE2':
        out.add('Phase 2');
        break;
      case 'PHASE3':
        out.add('Phase 3');
        break;
      case 'PHASE4':
        out.add('Phase 4');
        break;
    }
  }
  if (out.size === 0) {
    out.add('No Phase');
  }
  return [...out];
}

/** CT.gov studyType → the filter's study type; null for anything else. */
export function studyTypeOptionOf(studyType: string): StudyTypeOption | null {
  switch (studyType) {
    case 'INTERVENTIONAL':
      return 'Interventional';
    case 'OBSERVATIONAL':
      return 'Observational';
    case 'EXPANDED_ACCESS':
      return 'Expanded Access';
    default:
      return null;
  }
}

/** CT.gov overallStatus → the filter's status; null for a trial that does not take patients. */
export function recruitingStatusOf(status: string): RecruitingStatusOption | null {
  switch (status) {
    case 'RECRUITING':
      return 'Recruiting';
    case 'NOT_YET_RECRUITING':
      return 'Not yet recruiting';
    default:
      return null;
  }
}

/** A site that takes no patients (a closed status); '' (not given) counts as open. */
export const CLOSED_SITE_STATUSES: ReadonlySet<string> = new Set([
  'ACTIVE_NOT_RECRUITING',
  'COMPLETED',
  'TERMINATED',
  'WITHDRAWN',
  'SUSPENDED',
  'TEMPORARILY_NOT_AVAILABLE',
  'NO_LONGER_AVAILABLE',
  'WITHHELD',
]);

export function isOpenSiteStatus(status: string): boolean {
  return !CLOSED_SITE_STATUSES.has(status);
}

/** Spec 02 §9: MI when the country is US or GB, otherwise KM. */
export function defaultRadiusUnit(country: string): RadiusUnit {
  return ['US', 'GB'].includes(country.toUpperCase()) ? 'MI' : 'KM';
}

export function toKm(value: number, unit: RadiusUnit): number {
  return unit === 'MI' ? value * KM_PER_MILE : value;
}

export function fromKm(km: number, unit: RadiusUnit): number {
  return unit === 'MI' ? km / KM_PER_MILE : km;
}

/** The largest radius a search accepts, in its unit (the API's limit). */
export const MAX_RADIUS = 20_000;

/**
 * The radius choices the doctor is offered (home form, results page), in the search's unit; the
 * nearest trials beyond an empty radius are counted up to the next of these that holds some.
 */
export const RADIUS_CHOICES: readonly number[] = [
  10,
  25,
  50,
  100,
  250,
  500,
  1000,
  2500,
  5000,
  10_000,
  MAX_RADIUS,
];

/** The default radius (spec 02 §3 radius '1000'). */
export const DEFAULT_RADIUS = 1000;
