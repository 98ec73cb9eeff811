import { CONDITION_KEYS, type ConditionKey } from '../../common/conditions';
import {
  CRITERIA,
  CRITERION_KEYS,
  type CriterionKey,
  type Criterions,
  type EligibilityRule,
} from '../../criteria/criteria';
import { SPECIFICITIES, TREATMENT_CLASSES } from '../ctgov/ctgov-record';
import { matchScore } from './matching';
import {
  phaseOptionsOf,
  RECRUITING_STATUSES,
  recruitingStatusOf,
  type SortOrder,
  STUDY_TYPES,
  studyTypeOptionOf,
  TRIAL_PHASES,
} from './search-options';

/**
 * The in-memory search index: every open trial (recruiting or not yet recruiting) with its
 * filter attributes, compiled eligibility rules and open sites as unit vectors, held in typed
 * arrays (struct of arrays) so 500,000 trials and millions of sites cost little heap and no
 * garbage-collection pauses. A search walks the trials of one condition once: cheap filters,
 * then the radius over the trial's sites, then the rules; it counts the facets on the way and
 * sorts packed numeric keys. See search-index.service.ts for how it is loaded and refreshed.
 */

/** The earth radius of Postgres earthdistance (earth() = 6378168 m), so both agree on distances. */
export const EARTH_RADIUS_KM = 6378.168;

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

// Rule kinds and value kinds as small integers.
const REQUIRED = 0;
const EXCLUDED = 1;
const RANGE = 2;
const KIND_BOOLEAN = 0;
const KIND_THERAPY = 1;
const KIND_LINES = 2;
const KIND_NUMBER = 3;
const KIND_BIRTH_YEAR = 4;
const KIND_GENDER = 5;

const KEY_IDS = new Map<string, number>(CRITERION_KEYS.map((k, i) => [k, i]));
const KEY_KINDS = Uint8Array.from(CRITERION_KEYS, (k) => {
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
const GENDER_CODES: Record<string, number> = { male: 1, female: 2 };

const CONDITION_IDS = new Map<string, number>(CONDITION_KEYS.map((k, i) => [k, i]));
const PHASE_BITS = new Map<string, number>(TRIAL_PHASES.map((p, i) => [p, 1 << i]));
const TYPE_BITS = new Map<string, number>(STUDY_TYPES.map((p, i) => [p, 1 << i]));
const STATUS_BITS = new Map<string, number>(RECRUITING_STATUSES.map((p, i) => [p, 1 << i]));
const TREATMENT_BITS = new Map<string, number>(TREATMENT_CLASSES.map((p, i) => [p, 1 << i]));
const SPECIFICITY_BITS = new Map<string, number>(SPECIFICITIES.map((p, i) => [p, 1 << i]));

// Sort-key packing (all below 2^53): the trial index takes the low 21 bits.
const INDEX_BITS = 2 ** 21;
export const MAX_TRIALS = INDEX_BITS - 1;
const DIST_FINE = 2 ** 18; // 0.1 km steps up to 26,214 km
const DIST_COARSE = 2 ** 15; // 1 km steps up to 32,767 km
const SCORE_SPAN = 2 ** 7;
const DAY_SPAN = 2 ** 16; // days since 1900-01-01

type NumberArray = Float32Array | Float64Array | Int32Array | Uint8Array;

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

class Growable<T extends NumberArray> {
  private data: T;
  length = 0;
  constructor(private readonly make: (n: number) => T) {
    this.data = make(1024);
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = this.make(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  get(i: number): number {
    return this.data[i];
  }
  set(i: number, value: number): void {
    this.data[i] = value;
  }
  /** The values pushed so far, as a view (to copy from). */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
  done(): T {
    return shared(this.view());
  }
}

function bitsOf(values: string[] | undefined, bits: Map<string, number>): number {
  let mask = 0;
  for (const v of values ?? []) {
    mask |= bits.get(v) ?? 0;
  }
  return mask;
}

/** Adds one to counts[b] for every set bit b of mask (no allocation: this runs per trial). */
function countBits(mask: number, counts: Int32Array): void {
  for (let b = 0; mask !== 0; b++, mask >>>= 1) {
    if (mask & 1) {
      counts[b]++;
    }
  }
}

function daysSince1900(iso: string | null): number {
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

/** Streams trials (ascending id) then sites (ascending trial id) into a SearchIndex. */
export class SearchIndexBuilder {
  private readonly trialIds = new Growable((n) => new Int32Array(n));
  private readonly nctIds: string[] = [];
  private readonly conditionLists: number[][] = CONDITION_KEYS.map(() => []);
  private readonly phase = new Growable((n) => new Uint8Array(n));
  private readonly type = new Growable((n) => new Uint8Array(n));
  private readonly status = new Growable((n) => new Uint8Array(n));
  private readonly specificity = new Growable((n) => new Uint8Array(n));
  private readonly treatment = new Growable((n) => new Int32Array(n));
  private readonly startDay = new Growable((n) => new Int32Array(n));
  private readonly geneLists: number[][] = [];
  private readonly geneIds = new Map<string, number>();
  private readonly geneNames: string[] = [];
  private readonly ruleStart = new Growable((n) => new Int32Array(n));
  /** Each trial's rules as ids of distinct rules: trials share most of theirs. */
  private readonly ruleRefs = new Growable((n) => new Int32Array(n));
  private readonly ruleIds = new Map<string, number>();
  private readonly ruleKind = new Growable((n) => new Uint8Array(n));
  private readonly ruleKey = new Growable((n) => new Uint8Array(n));
  private readonly ruleQualified = new Growable((n) => new Uint8Array(n));
  private readonly ruleMin = new Growable((n) => new Float64Array(n));
  private readonly ruleMax = new Growable((n) => new Float64Array(n));
  private readonly ruleAltStart = new Growable((n) => new Int32Array(n));
  private readonly alts = new Growable((n) => new Uint8Array(n));
  private readonly siteStart = new Growable((n) => new Int32Array(n));
  private readonly siteId = new Growable((n) => new Int32Array(n));
  private readonly siteFacility = new Growable((n) => new Int32Array(n));
  private readonly siteX = new Growable((n) => new Float32Array(n));
  private readonly siteY = new Growable((n) => new Float32Array(n));
  private readonly siteZ = new Growable((n) => new Float32Array(n));
  private siteTrial = 0;
  private lastTrialId = -Infinity;
  private lastSiteTrialId = -Infinity;

  get trialCount(): number {
    return this.nctIds.length;
  }

  /** Adds an open trial; trials that take no patients are skipped (returns false). */
  addTrial(row: IndexTrialRow): boolean {
    if (row.id <= this.lastTrialId) {
      throw new Error('trials must arrive in ascending id order');
    }
    this.lastTrialId = row.id;
    const status = recruitingStatusOf(row.overallStatus);
    if (!status || this.nctIds.length >= MAX_TRIALS) {
      return false;
    }
    const index = this.nctIds.length;
    this.trialIds.push(row.id);
    this.nctIds.push(row.nctId);
    for (const c of row.conditions) {
      const id = CONDITION_IDS.get(c);
      if (id !== undefined) {
        this.conditionLists[id].push(index);
      }
    }
    this.phase.push(bitsOf(phaseOptionsOf(row.phases), PHASE_BITS));
    const type = studyTypeOptionOf(row.studyType);
    this.type.push(type ? TYPE_BITS.get(type)! : 0);
    this.status.push(STATUS_BITS.get(status)!);
    this.specificity.push(SPECIFICITY_BITS.get(row.specificity) ?? 0);
    this.treatment.push(bitsOf(row.treatmentClasses, TREATMENT_BITS));
    this.startDay.push(daysSince1900(row.startDate));
    this.geneLists.push(
      [...new Set(row.genes)].map((g) => {
        let id = this.geneIds.get(g);
        if (id === undefined) {
          id = this.geneNames.length;
          this.geneIds.set(g, id);
          this.geneNames.push(g);
        }
        return id;
      }),
    );
    this.ruleStart.push(this.ruleRefs.length);
    for (const rule of row.rules) {
      this.addRule(rule);
    }
    this.siteStart.push(this.siteId.length);
    return true;
  }

  private addRule(rule: EligibilityRule): void {
    const key = KEY_IDS.get(rule.key);
    if (key === undefined) {
      return;
    }
    const kind = rule.kind === 'required' ? REQUIRED : rule.kind === 'excluded' ? EXCLUDED : RANGE;
    const gender = KEY_KINDS[key] === KIND_GENDER;
    const min = gender ? (GENDER_CODES[rule.value ?? ''] ?? 0) : (rule.min ?? -Infinity);
    const max = gender ? 0 : (rule.max ?? Infinity);
    const alts: number[] = [];
    for (const alt of rule.anyOf ?? []) {
      const id = KEY_IDS.get(alt);
      if (id !== undefined) {
        alts.push(id);
      }
    }
    const qualified = rule.qualified ? 1 : 0;
    const signature = `${kind} ${key} ${qualified} ${min} ${max} ${alts.join(',')}`;
    let id = this.ruleIds.get(signature);
    if (id === undefined) {
      id = this.ruleKind.length;
      this.ruleIds.set(signature, id);
      this.ruleKind.push(kind);
      this.ruleKey.push(key);
      this.ruleQualified.push(qualified);
      this.ruleMin.push(min);
      this.ruleMax.push(max);
      this.ruleAltStart.push(this.alts.length);
      for (const alt of alts) {
        this.alts.push(alt);
      }
    }
    this.ruleRefs.push(id);
  }

  /** Adds an open site with coordinates; a site of a skipped trial is ignored. */
  addSite(row: IndexSiteRow): void {
    if (row.trialId < this.lastSiteTrialId) {
      throw new Error('sites must arrive in ascending trial id order');
    }
    this.lastSiteTrialId = row.trialId;
    const ids = this.trialIds;
    // Walk the trial pointer forward to this site's trial (both streams ascend).
    while (this.siteTrial < ids.length && this.trialIdAt(this.siteTrial) < row.trialId) {
      this.siteTrial++;
      this.closeSitesUpTo(this.siteTrial);
    }
    if (this.siteTrial >= ids.length || this.trialIdAt(this.siteTrial) !== row.trialId) {
      return;
    }
    const lat = (row.lat * Math.PI) / 180;
    const lon = (row.lon * Math.PI) / 180;
    this.siteId.push(row.id);
    this.siteFacility.push(row.facilityId);
    this.siteX.push(Math.cos(lat) * Math.cos(lon));
    this.siteY.push(Math.cos(lat) * Math.sin(lon));
    this.siteZ.push(Math.sin(lat));
  }

  private trialIdAt(i: number): number {
    return this.trialIds.get(i);
  }

  // Site ranges are [siteStart[i], siteStart[i + 1]); starts of trials without sites are
  // written when the pointer passes them.
  private closeSitesUpTo(i: number): void {
    this.siteStart.set(i, this.siteId.length);
  }

  build(): SearchIndex {
    const n = this.nctIds.length;
    while (this.siteTrial < n) {
      this.siteTrial++;
      if (this.siteTrial < n) {
        this.closeSitesUpTo(this.siteTrial);
      }
    }
    const siteStart = new Int32Array(n + 1);
    siteStart.set(this.siteStart.view());
    siteStart[n] = this.siteId.length;
    const ruleStart = new Int32Array(n + 1);
    ruleStart.set(this.ruleStart.view());
    ruleStart[n] = this.ruleRefs.length;
    const ruleAltStart = new Int32Array(this.ruleKind.length + 1);
    ruleAltStart.set(this.ruleAltStart.view());
    ruleAltStart[this.ruleKind.length] = this.alts.length;
    const geneStart = new Int32Array(n + 1);
    const genes = new Int32Array(this.geneLists.reduce((s, l) => s + l.length, 0));
    let g = 0;
    for (let i = 0; i < n; i++) {
      geneStart[i] = g;
      for (const id of this.geneLists[i]) {
        genes[g++] = id;
      }
    }
    geneStart[n] = g;
    const conditionLists = this.conditionLists.map((l) => shared(Int32Array.from(l)));
    const siteX = this.siteX.done();
    const siteY = this.siteY.done();
    const siteZ = this.siteZ.done();
    return new SearchIndex({
      conditionLists,
      conditionCells: buildConditionCells(conditionLists, siteStart, siteX, siteY, siteZ).map(
        (c) => ({ start: shared(c.start), trials: shared(c.trials) }),
      ),
      trialIds: this.trialIds.done(),
      nctIds: this.nctIds,
      phase: this.phase.done(),
      type: this.type.done(),
      status: this.status.done(),
      specificity: this.specificity.done(),
      treatment: this.treatment.done(),
      startDay: this.startDay.done(),
      geneStart: shared(geneStart),
      genes: shared(genes),
      geneNames: this.geneNames,
      ruleStart: shared(ruleStart),
      ruleRefs: this.ruleRefs.done(),
      ruleKind: this.ruleKind.done(),
      ruleKey: this.ruleKey.done(),
      ruleQualified: this.ruleQualified.done(),
      ruleMin: this.ruleMin.done(),
      ruleMax: this.ruleMax.done(),
      ruleAltStart: shared(ruleAltStart),
      alts: this.alts.done(),
      siteStart: shared(siteStart),
      siteId: this.siteId.done(),
      siteFacility: this.siteFacility.done(),
      siteX,
      siteY,
      siteZ,
    });
  }
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
interface CellIndex {
  start: Int32Array;
  trials: Int32Array;
}

const CELLS_LON = 360;
const CELLS = 180 * CELLS_LON;

function cellOf(x: number, y: number, z: number): number {
  const lat = (Math.asin(Math.max(-1, Math.min(1, z))) * 180) / Math.PI;
  const lon = (Math.atan2(y, x) * 180) / Math.PI;
  const row = Math.min(179, Math.max(0, Math.floor(lat + 90)));
  const col = Math.min(CELLS_LON - 1, Math.max(0, Math.floor(lon + 180)));
  return row * CELLS_LON + col;
}

function buildConditionCells(
  lists: Int32Array[],
  siteStart: Int32Array,
  siteX: Float32Array,
  siteY: Float32Array,
  siteZ: Float32Array,
): CellIndex[] {
  const siteCell = new Int32Array(siteX.length);
  for (let s = 0; s < siteX.length; s++) {
    siteCell[s] = cellOf(siteX[s], siteY[s], siteZ[s]);
  }
  const lastTrial = new Int32Array(CELLS);
  return lists.map((list) => {
    const start = new Int32Array(CELLS + 1);
    // Counting pass, then filling pass; lastTrial keeps a trial from entering a cell twice.
    for (const pass of [0, 1]) {
      lastTrial.fill(-1);
      const fill = pass === 1 ? start.slice() : null;
      const trials = pass === 1 ? new Int32Array(start[CELLS]) : null;
      for (let li = 0; li < list.length; li++) {
        const i = list[li];
        for (let st = siteStart[i], end = siteStart[i + 1]; st < end; st++) {
          const cell = siteCell[st];
          if (lastTrial[cell] === i) {
            continue;
          }
          lastTrial[cell] = i;
          if (fill === null) {
            start[cell + 1]++;
          } else {
            trials![fill[cell]++] = i;
          }
        }
      }
      if (pass === 0) {
        for (let k = 0; k < CELLS; k++) {
          start[k + 1] += start[k];
        }
      } else {
        return { start, trials: trials! };
      }
    }
    throw new Error('unreachable');
  });
}

/** Criterions compiled for the rule loop: truth -1 unknown / 0 / 1, numbers NaN when unknown. */
interface CompiledCriterions {
  truth: Int8Array;
  value: Float64Array;
  year: number;
}

// What a distinct rule does to a trial for one query (ruleEffects()): > 0 matched with that
// weight; otherwise counted unknown, as an open question or not; or the trial is excluded.
const EFFECT_UNKNOWN = 0;
const EFFECT_OPEN = -1;
const EFFECT_EXCLUDES = -2;

const D_PHASE = 1;
const D_TYPE = 2;
const D_STATUS = 4;
const D_TREATMENT = 8;
const D_GENES = 16;
const D_SPECIFICITY = 32;

export class SearchIndex {
  private readonly geneIds: Map<string, number>;
  /** Scratch: per-criterion stamp so a trial counts each open question once. */
  private readonly keyStamp = new Int32Array(CRITERION_KEYS.length).fill(-1);

  private positions: Map<string, number> | null = null;

  constructor(private readonly a: IndexArrays) {
    this.geneIds = new Map(a.geneNames.map((g, i) => [g, i]));
  }

  /**
   * The arrays for a search worker: shared typed arrays and the gene names (search() needs no NCT
   * ids; hits() runs in the thread that holds this index).
   */
  get workerArrays(): IndexArrays {
    return { ...this.a, nctIds: [] };
  }

  /** The position of a trial by NCT id, or -1 when it is not indexed (closed, no open site). */
  positionOf(nctId: string): number {
    this.positions ??= new Map(this.a.nctIds.map((n, i) => [n, i]));
    return this.positions.get(nctId) ?? -1;
  }

  get size(): number {
    return this.a.trialIds.length;
  }

  get siteCount(): number {
    return this.a.siteId.length;
  }

  /** Gene names some indexed trial mentions (the genetic_mutations facet's vocabulary). */
  get geneNames(): readonly string[] {
    return this.a.geneNames;
  }

  compileCriterions(criterions: Criterions, now: Date): CompiledCriterions {
    const truth = new Int8Array(CRITERION_KEYS.length).fill(-1);
    const value = new Float64Array(CRITERION_KEYS.length).fill(NaN);
    for (const [key, v] of Object.entries(criterions)) {
      const id = KEY_IDS.get(key);
      if (id === undefined || v === undefined || v === null || v === '') {
        continue;
      }
      switch (KEY_KINDS[id]) {
        case KIND_BOOLEAN:
          if (typeof v === 'boolean') {
            truth[id] = v ? 1 : 0;
            value[id] = v ? 1 : 0;
          }
          break;
        case KIND_THERAPY:
          if (typeof v === 'number') {
            truth[id] = v === -1 || v > 0 ? 1 : 0;
            value[id] = v;
          }
          break;
        case KIND_LINES:
          if (typeof v === 'number') {
            truth[id] = v >= 1 ? 1 : 0;
            value[id] = v;
          }
          break;
        case KIND_NUMBER:
          if (typeof v === 'number') {
            truth[id] = v !== 0 ? 1 : 0;
            value[id] = v;
          }
          break;
        case KIND_BIRTH_YEAR:
          if (typeof v === 'number') {
            value[id] = v;
          }
          break;
        case KIND_GENDER:
          value[id] = GENDER_CODES[String(v)] ?? NaN;
          break;
      }
    }
    return { truth, value, year: now.getFullYear() };
  }

  /**
   * Every distinct rule's effect for these criterions, computed once per query: the trial loop
   * then only adds effects up.
   */
  ruleEffects(c: CompiledCriterions): Int8Array {
    const { ruleKind, ruleKey, ruleMin, ruleMax, ruleAltStart, alts, ruleQualified } = this.a;
    const { truth, value } = c;
    const effects = new Int8Array(ruleKind.length);
    for (let r = 0; r < ruleKind.length; r++) {
      const kind = ruleKind[r];
      const key = ruleKey[r];
      const keyKind = KEY_KINDS[key];
      // 0 matched, 1 unknown, 2 conflicting
      let outcome: number;
      if (kind === RANGE) {
        const v = value[key];
        if (v !== v) {
          outcome = 1;
        } else if (keyKind === KIND_BIRTH_YEAR) {
          const oldest = c.year - v;
          outcome = oldest < ruleMin[r] || oldest - 1 > ruleMax[r] ? 2 : 0;
        } else {
          outcome = v < ruleMin[r] || v > ruleMax[r] ? 2 : 0;
        }
      } else if (keyKind === KIND_GENDER) {
        const v = value[key];
        if (v !== v) {
          outcome = 1;
        } else {
          outcome = (kind === REQUIRED) === (v === ruleMin[r]) ? 0 : 2;
        }
      } else {
        const own = truth[key];
        let anyTrue = own === 1;
        let allFalse = own === 0;
        for (let x = ruleAltStart[r], xe = ruleAltStart[r + 1]; x < xe; x++) {
          const t = truth[alts[x]];
          if (t === 1) {
            anyTrue = true;
          }
          if (t !== 0) {
            allFalse = false;
          }
        }
        if (kind === REQUIRED) {
          outcome = anyTrue ? 0 : allFalse ? 2 : 1;
        } else {
          outcome = anyTrue ? 2 : allFalse ? 0 : 1;
        }
      }
      effects[r] =
        outcome === 0
          ? kind === REQUIRED
            ? 2
            : 1
          : outcome === 1
            ? EFFECT_OPEN
            : ruleQualified[r] === 0
              ? EFFECT_EXCLUDES
              : EFFECT_UNKNOWN;
    }
    return effects;
  }

  /**
   * Trial i's score for the query whose ruleEffects() these are, or -1 when an answered
   * criterion contradicts one of its rules. Open questions are tallied into `tally` when given.
   */
  private scoreTrial(i: number, effects: Int8Array, tally: Int32Array | null): number {
    const { ruleStart, ruleRefs, ruleKey } = this.a;
    const stamp = this.keyStamp;
    let weight = 0;
    let unknown = 0;
    for (let r = ruleStart[i], end = ruleStart[i + 1]; r < end; r++) {
      const rule = ruleRefs[r];
      const effect = effects[rule];
      if (effect > 0) {
        weight += effect;
      } else if (effect === EFFECT_EXCLUDES) {
        return -1;
      } else {
        unknown++;
        if (effect === EFFECT_OPEN && tally !== null) {
          const key = ruleKey[rule];
          if (stamp[key] !== i) {
            stamp[key] = i;
            tally[key]++;
          }
        }
      }
    }
    return matchScore(weight, unknown);
  }

  /** Set by nearestSite(): the site position (-1: none) and its squared chord. */
  private nearest = -1;
  private nearestChord2 = Infinity;

  /** The nearest qualifying site of trial i, into this.nearest / this.nearestChord2. */
  private nearestSite(
    i: number,
    cx: number,
    cy: number,
    cz: number,
    facilities: Set<number> | null,
  ): void {
    const a = this.a;
    let best = -1;
    let bestChord2 = Infinity;
    for (let s = a.siteStart[i], end = a.siteStart[i + 1]; s < end; s++) {
      if (facilities !== null && !facilities.has(a.siteFacility[s])) {
        continue;
      }
      const dx = a.siteX[s] - cx;
      const dy = a.siteY[s] - cy;
      const dz = a.siteZ[s] - cz;
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 < bestChord2) {
        bestChord2 = d2;
        best = s;
      }
    }
    this.nearest = best;
    this.nearestChord2 = bestChord2;
  }

  /** Scratch for search(): the sort keys of the matches, before the result's copy. */
  private scratch = new Float64Array(0);
  /** Scratch for candidatesNear(): the query that last saw each trial. */
  private seen: Int32Array | null = null;
  private seenQuery = 0;

  /**
   * The trials of a condition that may have a site in the radius: those listed in the cells the
   * circle's bounding box covers, when that is well under the whole list (else the list).
   */
  private candidatesNear(
    condition: number,
    lat: number,
    lon: number,
    radiusKm: number,
  ): Int32Array {
    const list = this.a.conditionLists[condition];
    const cells = this.a.conditionCells[condition];
    if (list.length < 2048) {
      return list;
    }
    const angle = radiusKm / EARTH_RADIUS_KM;
    if (angle >= Math.PI / 4) {
      return list;
    }
    const dLat = (angle * 180) / Math.PI;
    const south = Math.max(-90, lat - dLat);
    const north = Math.min(90, lat + dLat);
    const rowFrom = Math.max(0, Math.floor(south + 90));
    const rowTo = Math.min(179, Math.floor(north + 90));
    // Longitudes within the angle at the band's widest latitude (all of them near a pole).
    const widest = Math.max(Math.abs(south), Math.abs(north));
    const ratio = Math.sin(angle) / Math.cos((widest * Math.PI) / 180);
    const cols: [number, number][] = [];
    if (north >= 89 || south <= -89 || ratio >= 1) {
      cols.push([0, CELLS_LON - 1]);
    } else {
      const dLon = (Math.asin(ratio) * 180) / Math.PI;
      const west = Math.floor(lon - dLon + 180);
      const east = Math.floor(lon + dLon + 180);
      if (west < 0) {
        cols.push([west + CELLS_LON, CELLS_LON - 1], [0, east]);
      } else if (east >= CELLS_LON) {
        cols.push([west, CELLS_LON - 1], [0, east - CELLS_LON]);
      } else {
        cols.push([west, east]);
      }
    }
    let entries = 0;
    for (let row = rowFrom; row <= rowTo; row++) {
      for (const [from, to] of cols) {
        entries += cells.start[row * CELLS_LON + to + 1] - cells.start[row * CELLS_LON + from];
      }
    }
    if (entries > list.length / 2) {
      return list;
    }
    this.seen ??= new Int32Array(this.size);
    const seen = this.seen;
    const query = ++this.seenQuery;
    const out = new Int32Array(entries);
    let n = 0;
    for (let row = rowFrom; row <= rowTo; row++) {
      for (const [from, to] of cols) {
        for (
          let e = cells.start[row * CELLS_LON + from], end = cells.start[row * CELLS_LON + to + 1];
          e < end;
          e++
        ) {
          const i = cells.trials[e];
          if (seen[i] !== query) {
            seen[i] = query;
            out[n++] = i;
          }
        }
      }
    }
    return out.subarray(0, n);
  }

  search(q: IndexQuery): IndexResult {
    const a = this.a;
    const condition = CONDITION_IDS.get(q.condition);
    const list =
      condition === undefined
        ? new Int32Array(0)
        : this.candidatesNear(condition, q.lat, q.lon, q.radiusKm);
    const [cx, cy, cz] = unitVector(q.lat, q.lon);
    const maxChord = 2 * Math.sin(Math.min(q.radiusKm / EARTH_RADIUS_KM, Math.PI) / 2);
    const maxChord2 = maxChord * maxChord;
    const facilities = q.facilityIds ? new Set(q.facilityIds) : null;
    const effects = this.ruleEffects(this.compileCriterions(q.criterions, q.now));
    const tally = new Int32Array(CRITERION_KEYS.length);
    this.keyStamp.fill(-1);

    const f = q.filters;
    const phaseMask = bitsOf(f.trial_phase, PHASE_BITS);
    const typeMask = bitsOf(f.study_type, TYPE_BITS);
    const statusMask = bitsOf(f.recruiting_status, STATUS_BITS);
    const treatmentMask = bitsOf(f.treatment_subtype, TREATMENT_BITS);
    const specificityMask = bitsOf(f.specificity, SPECIFICITY_BITS);
    const geneFilter = new Uint8Array(a.geneNames.length);
    let geneFilterOn = false;
    for (const g of f.genetic_mutations ?? []) {
      geneFilterOn = true;
      const id = this.geneIds.get(g);
      if (id !== undefined) {
        geneFilter[id] = 1;
      }
    }

    const phaseCounts = new Int32Array(TRIAL_PHASES.length);
    const typeCounts = new Int32Array(STUDY_TYPES.length);
    const statusCounts = new Int32Array(RECRUITING_STATUSES.length);
    const treatmentCounts = new Int32Array(TREATMENT_CLASSES.length);
    const specificityCounts = new Int32Array(SPECIFICITIES.length);
    const geneCounts = new Int32Array(a.geneNames.length);

    const { phase, type, status, treatment, specificity, geneStart, genes } = a;
    const { siteStart, siteX, siteY, siteZ, siteFacility } = a;
    // Keys go into a scratch buffer kept between searches; the result gets an exact copy.
    if (this.scratch.length < list.length) {
      this.scratch = new Float64Array(list.length);
    }
    const keys = this.scratch;
    let total = 0;
    for (let li = 0; li < list.length; li++) {
      const i = list[li];
      // Which filter dimensions does the trial fail? Facets count a trial for a dimension when
      // it passes every other one, so two failures mean it counts nowhere.
      let fails = 0;
      if (phaseMask !== 0 && (phase[i] & phaseMask) === 0) fails |= D_PHASE;
      if ((type[i] & typeMask) === 0) fails |= D_TYPE;
      if ((status[i] & statusMask) === 0) fails |= D_STATUS;
      if (treatmentMask !== 0 && (treatment[i] & treatmentMask) === 0) fails |= D_TREATMENT;
      if (specificityMask !== 0 && (specificity[i] & specificityMask) === 0) {
        fails |= D_SPECIFICITY;
      }
      if (geneFilterOn) {
        let hit = false;
        for (let g = geneStart[i], ge = geneStart[i + 1]; g < ge; g++) {
          if (geneFilter[genes[g]] === 1) {
            hit = true;
            break;
          }
        }
        if (!hit) fails |= D_GENES;
      }
      if (fails !== 0 && (fails & (fails - 1)) !== 0) {
        continue;
      }
      // The nearest qualifying site (inlined nearestSite(): this loop runs for every trial).
      let chord2 = Infinity;
      for (let st = siteStart[i], end = siteStart[i + 1]; st < end; st++) {
        if (facilities !== null && !facilities.has(siteFacility[st])) {
          continue;
        }
        const dx = siteX[st] - cx;
        const dy = siteY[st] - cy;
        const dz = siteZ[st] - cz;
        const d2 = dx * dx + dy * dy + dz * dz;
        if (d2 < chord2) {
          chord2 = d2;
        }
      }
      if (chord2 > maxChord2) {
        continue;
      }
      const score = this.scoreTrial(i, effects, fails === 0 ? tally : null);
      if (score < 0) {
        continue;
      }
      if (fails === 0 || fails === D_PHASE) {
        countBits(phase[i], phaseCounts);
      }
      if (fails === 0 || fails === D_TYPE) {
        countBits(type[i], typeCounts);
      }
      if (fails === 0 || fails === D_STATUS) {
        countBits(status[i], statusCounts);
      }
      if (fails === 0 || fails === D_TREATMENT) {
        countBits(treatment[i], treatmentCounts);
      }
      if (fails === 0 || fails === D_SPECIFICITY) {
        countBits(specificity[i], specificityCounts);
      }
      if (fails === 0 || fails === D_GENES) {
        for (let g = geneStart[i], ge = geneStart[i + 1]; g < ge; g++) geneCounts[genes[g]]++;
      }
      if (fails !== 0) {
        continue;
      }
      keys[total++] = this.sortKey(q.sort, i, score, chordToKm(Math.sqrt(chord2)));
    }
    const matches = keys.slice(0, total);
    const facets = {
      trial_phase: named(TRIAL_PHASES, phaseCounts),
      study_type: named(STUDY_TYPES, typeCounts),
      recruiting_status: named(RECRUITING_STATUSES, statusCounts),
      treatment_subtype: named(TREATMENT_CLASSES, treatmentCounts),
      genetic_mutations: Object.fromEntries(
        a.geneNames
          .map((g, id) => [g, geneCounts[id]] as const)
          .filter(([, n]) => n > 0)
          .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])),
      ),
      specificity: named(SPECIFICITIES, specificityCounts),
    } satisfies Record<FacetName, Record<string, number>>;
    const openQuestions: OpenQuestion[] = [];
    tally.forEach((n, id) => {
      if (n > 0) {
        openQuestions.push({ key: CRITERION_KEYS[id], trials: n });
      }
    });
    openQuestions.sort((x, y) => y.trials - x.trials || x.key.localeCompare(y.key));
    const result: IndexResult = { total, keys: matches, sorted: 0, facets, openQuestions };
    orderUpTo(result, FIRST_ORDERED);
    return result;
  }

  private sortKey(sort: SortOrder, i: number, score: number, km: number): number {
    const rank = SCORE_SPAN - 1 - score;
    if (sort === 'distance') {
      const d = Math.min(Math.round(km * 10), DIST_FINE - 1);
      return (d * SCORE_SPAN + rank) * INDEX_BITS + i;
    }
    if (sort === 'newest') {
      const d = Math.min(Math.round(km), DIST_COARSE - 1);
      return ((DAY_SPAN - 1 - this.a.startDay[i]) * DIST_COARSE + d) * INDEX_BITS + i;
    }
    const d = Math.min(Math.round(km * 10), DIST_FINE - 1);
    return (rank * DIST_FINE + d) * INDEX_BITS + i;
  }

  /** The hits of positions [from, to) of a result, with exact nearest site and score. */
  hits(result: IndexResult, from: number, to: number, q: IndexQuery): IndexHit[] {
    orderUpTo(result, to);
    const positions: number[] = [];
    for (let p = from; p < Math.min(to, result.keys.length); p++) {
      positions.push(trialOfKey(result.keys[p]));
    }
    return this.hitsAt(positions, q);
  }

  /**
   * Hits for trials by index position (see positionOf), in that order: score, nearest open site
   * and the open sites in the radius. A trial with no qualifying site has siteId -1.
   */
  hitsAt(positions: readonly number[], q: IndexQuery): IndexHit[] {
    const a = this.a;
    const [cx, cy, cz] = unitVector(q.lat, q.lon);
    const facilities = q.facilityIds ? new Set(q.facilityIds) : null;
    const effects = this.ruleEffects(this.compileCriterions(q.criterions, q.now));
    const maxChord = 2 * Math.sin(Math.min(q.radiusKm / EARTH_RADIUS_KM, Math.PI) / 2);
    const maxChord2 = maxChord * maxChord;
    return positions.map((i) => {
      this.nearestSite(i, cx, cy, cz, facilities);
      const site = this.nearest;
      let inRadius = 0;
      for (let s = a.siteStart[i], end = a.siteStart[i + 1]; s < end; s++) {
        if (facilities !== null && !facilities.has(a.siteFacility[s])) {
          continue;
        }
        const dx = a.siteX[s] - cx;
        const dy = a.siteY[s] - cy;
        const dz = a.siteZ[s] - cz;
        if (dx * dx + dy * dy + dz * dz <= maxChord2) {
          inRadius++;
        }
      }
      return {
        index: i,
        trialId: a.trialIds[i],
        nctId: a.nctIds[i],
        score: this.scoreTrial(i, effects, null),
        siteId: site < 0 ? -1 : a.siteId[site],
        facilityId: site < 0 ? -1 : a.siteFacility[site],
        distanceKm: site < 0 ? Infinity : chordToKm(Math.sqrt(this.nearestChord2)),
        sitesInRadius: inRadius,
      };
    });
  }
}

/** How many keys a search orders at once: the first pages without another pass. */
const FIRST_ORDERED = 256;

/**
 * Makes keys[0, n) the n smallest keys in ascending order: selects them from the unordered rest
 * (quickselect, linear) and sorts only those. Later pages extend it, doubling each time.
 */
export function orderUpTo(result: IndexResult, n: number): void {
  const keys = result.keys;
  const from = result.sorted;
  if (n <= from || from >= keys.length) {
    return;
  }
  const to = Math.min(keys.length, Math.max(n, from * 2, FIRST_ORDERED));
  if (to < keys.length) {
    selectSmallest(keys, from, keys.length - 1, to - 1);
  }
  keys.subarray(from, to).sort();
  result.sorted = to;
}

/** Quickselect: rearranges a[lo..hi] so that a[k] is in place, smaller keys before it. */
function selectSmallest(a: Float64Array, lo: number, hi: number, k: number): void {
  while (hi > lo) {
    // Median of three as the pivot, moved to hi.
    const mid = (lo + hi) >>> 1;
    if (a[mid] < a[lo]) swap(a, mid, lo);
    if (a[hi] < a[lo]) swap(a, hi, lo);
    if (a[mid] < a[hi]) swap(a, mid, hi);
    const pivot = a[hi];
    let store = lo;
    for (let i = lo; i < hi; i++) {
      if (a[i] < pivot) {
        swap(a, i, store);
        store++;
      }
    }
    swap(a, store, hi);
    if (store === k) {
      return;
    }
    if (store < k) {
      lo = store + 1;
    } else {
      hi = store - 1;
    }
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

export function trialOfKey(key: number): number {
  return key % INDEX_BITS;
}

export function unitVector(lat: number, lon: number): [number, number, number] {
  const φ = (lat * Math.PI) / 180;
  const λ = (lon * Math.PI) / 180;
  // Rounded through float32 like the stored sites, so a site at the centre is at distance 0.
  return [
    Math.fround(Math.cos(φ) * Math.cos(λ)),
    Math.fround(Math.cos(φ) * Math.sin(λ)),
    Math.fround(Math.sin(φ)),
  ];
}

/** Great-circle distance from the chord between two unit vectors. */
export function chordToKm(chord: number): number {
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(chord / 2, 1));
}

function named(names: readonly string[], counts: Int32Array): Record<string, number> {
  return Object.fromEntries(names.map((n, i) => [n, counts[i]]));
}
