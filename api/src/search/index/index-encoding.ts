import {
  CONDITION_KEYS,
  CRITERIA,
  CRITERION_KEYS,
  RECRUITING_STATUSES,
  SPECIFICITIES,
  STUDY_TYPES,
  TREATMENT_CLASSES,
  TRIAL_PHASES,
} from '@trialflow/contract';

/**
 * How the search index encodes trials as numbers: rule and value kinds as small integers, filter
 * values as bit masks, dates as days, and the packed numeric sort keys.
 */

// Rule kinds and value kinds as small integers.
export const REQUIRED = 0;
export const EXCLUDED = 1;
export const RANGE = 2;
export const KIND_BOOLEAN = 0;
export const KIND_THERAPY = 1;
export const KIND_LINES = 2;
export const KIND_NUMBER = 3;
export const KIND_BIRTH_YEAR = 4;
export const KIND_GENDER = 5;

export const KEY_IDS = new Map<string, number>(CRITERION_KEYS.map((k, i) => [k, i]));
export const KEY_KINDS = Uint8Array.from(CRITERION_KEYS, (k) => {
  switch (CRITERIA[k].kind) {
    case 'therapy':
      return KIND_THERAPY;
    case 'lines':
      return KIND_LINES;
    case 'number':
      return KIND_NUMBER;
    case 'birthYear':
      return KIND_BIRTH_YEAR;
    case 'gender':
      return KIND_GENDER;
    default:
      return KIND_BOOLEAN;
  }
});
export const GENDER_CODES: Record<string, number> = { male: 1, female: 2 };

export const CONDITION_IDS = new Map<string, number>(CONDITION_KEYS.map((k, i) => [k, i]));
export const PHASE_BITS = new Map<string, number>(TRIAL_PHASES.map((p, i) => [p, 1 << i]));
export const TYPE_BITS = new Map<string, number>(STUDY_TYPES.map((p, i) => [p, 1 << i]));
export const STATUS_BITS = new Map<string, number>(RECRUITING_STATUSES.map((p, i) => [p, 1 << i]));
export const TREATMENT_BITS = new Map<string, number>(TREATMENT_CLASSES.map((p, i) => [p, 1 << i]));
export const SPECIFICITY_BITS = new Map<string, number>(SPECIFICITIES.map((p, i) => [p, 1 << i]));

// Sort-key packing (all below 2^53): the trial index takes the low 21 bits.
export const INDEX_BITS = 2 ** 21;
export const MAX_TRIALS = INDEX_BITS - 1;
export const DIST_FINE = 2 ** 18; // 0.1 km steps up to 26,214 km
export const DIST_COARSE = 2 ** 15; // 1 km steps up to 32,767 km
export const SCORE_SPAN = 2 ** 7;
export const DAY_SPAN = 2 ** 16; // days since 1900-01-01

export type NumberArray = Float32Array | Float64Array | Int32Array | Uint8Array;

/**
 * A copy in shared memory: search worker threads (search-workers.ts) read the index's arrays
 * without copying them.
 */
export function shared<T extends NumberArray>(source: T): T {
  const Make = source.constructor as new (buffer: SharedArrayBuffer) => T;
  const out = new Make(new SharedArrayBuffer(source.byteLength));
  out.set(source);
  return out;
}

export function bitsOf(values: string[] | undefined, bits: Map<string, number>): number {
  let mask = 0;
  for (const v of values ?? []) {
    mask |= bits.get(v) ?? 0;
  }
  return mask;
}

/** Adds one to counts[b] for every set bit b of mask (no allocation: this runs per trial). */
export function countBits(mask: number, counts: Int32Array): void {
  for (let b = 0; mask !== 0; b++, mask >>>= 1) {
    if (mask & 1) {
      counts[b]++;
    }
  }
}

export function daysSince1900(iso: string | null): number {
  if (!iso) {
    return 0;
  }
  const t = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(t)) {
    return 0;
  }
  const days = Math.floor((t - Date.UTC(1900, 0, 1)) / 86_400_000);
  return Math.min(Math.max(days, 0), DAY_SPAN - 1);
}

export function trialOfKey(key: number): number {
  return key % INDEX_BITS;
}

export function named(names: readonly string[], counts: Int32Array): Record<string, number> {
  return Object.fromEntries(names.map((n, i) => [n, counts[i]]));
}
