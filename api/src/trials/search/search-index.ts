import { CONDITION_KEYS, type ConditionKey } from '../../common/conditions';
import {
  CRITERIA,
  CRITERION_KEYS,
  type CriterionKey,
  type Criterions,
  type EligibilityRule,
} from '../../criteria/criteria';
import { SPECIFICITIES, TREATMENT_CLASSES } from '../ctgov-record';
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
  /** Packed sort keys, ascending = display order; see trialOfKey(). */
  keys: Float64Array;
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

class Growable<T extends Float32Array | Float64Array | Int32Array | Uint8Array> {
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
  done(): T {
    return this.data.slice(0, this.length) as T;
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
    this.ruleStart.push(this.ruleKind.length);
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
    this.ruleKind.push(kind);
    this.ruleKey.push(key);
    this.ruleQualified.push(rule.qualified ? 1 : 0);
    if (KEY_KINDS[key] === KIND_GENDER) {
      this.ruleMin.push(GENDER_CODES[rule.value ?? ''] ?? 0);
      this.ruleMax.push(0);
    } else {
      this.ruleMin.push(rule.min ?? -Infinity);
      this.ruleMax.push(rule.max ?? Infinity);
    }
    this.ruleAltStart.push(this.alts.length);
    for (const alt of rule.anyOf ?? []) {
      const id = KEY_IDS.get(alt);
      if (id !== undefined) {
        this.alts.push(id);
      }
    }
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
    siteStart.set(this.siteStart.done());
    siteStart[n] = this.siteId.length;
    const ruleStart = new Int32Array(n + 1);
    ruleStart.set(this.ruleStart.done());
    ruleStart[n] = this.ruleKind.length;
    const ruleAltStart = new Int32Array(this.ruleKind.length + 1);
    ruleAltStart.set(this.ruleAltStart.done());
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
    return new SearchIndex({
      trialIds: this.trialIds.done(),
      nctIds: this.nctIds,
      conditionLists: this.conditionLists.map((l) => Int32Array.from(l)),
      phase: this.phase.done(),
      type: this.type.done(),
      status: this.status.done(),
      specificity: this.specificity.done(),
      treatment: this.treatment.done(),
      startDay: this.startDay.done(),
      geneStart,
      genes,
      geneNames: this.geneNames,
      ruleStart,
      ruleKind: this.ruleKind.done(),
      ruleKey: this.ruleKey.done(),
      ruleQualified: this.ruleQualified.done(),
      ruleMin: this.ruleMin.done(),
      ruleMax: this.ruleMax.done(),
      ruleAltStart,
      alts: this.alts.done(),
      siteStart,
      siteId: this.siteId.done(),
      siteFacility: this.siteFacility.done(),
      siteX: this.siteX.done(),
      siteY: this.siteY.done(),
      siteZ: this.siteZ.done(),
    });
  }
}

interface IndexArrays {
  trialIds: Int32Array;
  nctIds: string[];
  conditionLists: Int32Array[];
  phase: Uint8Array;
  type: Uint8Array;
  status: Uint8Array;
  specificity: Uint8Array;
  treatment: Int32Array;
  startDay: Int32Array;
  geneStart: Int32Array;
  genes: Int32Array;
  geneNames: string[];
  ruleStart: Int32Array;
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

/** Criterions compiled for the rule loop: truth -1 unknown / 0 / 1, numbers NaN when unknown. */
interface CompiledCriterions {
  truth: Int8Array;
  value: Float64Array;
  year: number;
}

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

  constructor(private readonly a: IndexArrays) {
    this.geneIds = new Map(a.geneNames.map((g, i) => [g, i]));
  }

  get size(): number {
    return this.a.nctIds.length;
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
   * Evaluates trial i's rules: returns -1 when an answered criterion contradicts a rule (the
   * trial is excluded), else the score. Open questions are tallied into `tally` when given.
   */
  private scoreTrial(i: number, c: CompiledCriterions, tally: Int32Array | null): number {
    const a = this.a;
    let weight = 0;
    let unknown = 0;
    for (let r = a.ruleStart[i], end = a.ruleStart[i + 1]; r < end; r++) {
      const kind = a.ruleKind[r];
      const key = a.ruleKey[r];
      const keyKind = KEY_KINDS[key];
      // 0 matched, 1 unknown, 2 conflicting
      let outcome: number;
      if (kind === RANGE) {
        const v = c.value[key];
        if (v !== v) {
          outcome = 1;
        } else if (keyKind === KIND_BIRTH_YEAR) {
          const oldest = c.year - v;
          outcome = oldest < a.ruleMin[r] || oldest - 1 > a.ruleMax[r] ? 2 : 0;
        } else {
          outcome = v < a.ruleMin[r] || v > a.ruleMax[r] ? 2 : 0;
        }
      } else if (keyKind === KIND_GENDER) {
        const v = c.value[key];
        if (v !== v) {
          outcome = 1;
        } else {
          outcome = (kind === REQUIRED) === (v === a.ruleMin[r]) ? 0 : 2;
        }
      } else {
        let anyTrue = c.truth[key] === 1;
        let allFalse = c.truth[key] === 0;
        for (let x = a.ruleAltStart[r], xe = a.ruleAltStart[r + 1]; x < xe; x++) {
          const t = c.truth[a.alts[x]];
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
      if (outcome === 0) {
        weight += kind === REQUIRED ? 2 : 1;
      } else if (outcome === 2 && a.ruleQualified[r] === 0) {
        return -1;
      } else {
        unknown++;
        if (outcome === 1 && tally !== null && this.keyStamp[key] !== i) {
          this.keyStamp[key] = i;
          tally[key]++;
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

  search(q: IndexQuery): IndexResult {
    const a = this.a;
    const list = a.conditionLists[CONDITION_IDS.get(q.condition) ?? -1] ?? new Int32Array(0);
    const [cx, cy, cz] = unitVector(q.lat, q.lon);
    const maxChord = 2 * Math.sin(Math.min(q.radiusKm / EARTH_RADIUS_KM, Math.PI) / 2);
    const maxChord2 = maxChord * maxChord;
    const facilities = q.facilityIds ? new Set(q.facilityIds) : null;
    const c = this.compileCriterions(q.criterions, q.now);
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

    let keys = new Float64Array(Math.min(list.length, 1024));
    let total = 0;
    for (let li = 0; li < list.length; li++) {
      const i = list[li];
      // Which filter dimensions does the trial fail? Facets count a trial for a dimension when
      // it passes every other one, so two failures mean it counts nowhere.
      let fails = 0;
      if (phaseMask !== 0 && (a.phase[i] & phaseMask) === 0) fails |= D_PHASE;
      if ((a.type[i] & typeMask) === 0) fails |= D_TYPE;
      if ((a.status[i] & statusMask) === 0) fails |= D_STATUS;
      if (treatmentMask !== 0 && (a.treatment[i] & treatmentMask) === 0) fails |= D_TREATMENT;
      if (specificityMask !== 0 && (a.specificity[i] & specificityMask) === 0) {
        fails |= D_SPECIFICITY;
      }
      if (geneFilterOn) {
        let hit = false;
        for (let g = a.geneStart[i], ge = a.geneStart[i + 1]; g < ge; g++) {
          if (geneFilter[a.genes[g]] === 1) {
            hit = true;
            break;
          }
        }
        if (!hit) fails |= D_GENES;
      }
      if (fails !== 0 && (fails & (fails - 1)) !== 0) {
        continue;
      }
      this.nearestSite(i, cx, cy, cz, facilities);
      const chord2 = this.nearestChord2;
      if (this.nearest < 0 || chord2 > maxChord2) {
        continue;
      }
      const score = this.scoreTrial(i, c, fails === 0 ? tally : null);
      if (score < 0) {
        continue;
      }
      if (fails === 0 || fails === D_PHASE) {
        countBits(a.phase[i], phaseCounts);
      }
      if (fails === 0 || fails === D_TYPE) {
        countBits(a.type[i], typeCounts);
      }
      if (fails === 0 || fails === D_STATUS) {
        countBits(a.status[i], statusCounts);
      }
      if (fails === 0 || fails === D_TREATMENT) {
        countBits(a.treatment[i], treatmentCounts);
      }
      if (fails === 0 || fails === D_SPECIFICITY) {
        countBits(a.specificity[i], specificityCounts);
      }
      if (fails === 0 || fails === D_GENES) {
        for (let g = a.geneStart[i], ge = a.geneStart[i + 1]; g < ge; g++) geneCounts[a.genes[g]]++;
      }
      if (fails !== 0) {
        continue;
      }
      if (total === keys.length) {
        const grown = new Float64Array(keys.length * 2);
        grown.set(keys);
        keys = grown;
      }
      keys[total++] = this.sortKey(q.sort, i, score, chordToKm(Math.sqrt(chord2)));
    }
    const sorted = keys.subarray(0, total).sort();
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
    return { total, keys: sorted, facets, openQuestions };
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
    const [cx, cy, cz] = unitVector(q.lat, q.lon);
    const facilities = q.facilityIds ? new Set(q.facilityIds) : null;
    const c = this.compileCriterions(q.criterions, q.now);
    const out: IndexHit[] = [];
    for (let p = from; p < Math.min(to, result.keys.length); p++) {
      const i = trialOfKey(result.keys[p]);
      this.nearestSite(i, cx, cy, cz, facilities);
      const site = this.nearest;
      const chord2 = this.nearestChord2;
      out.push({
        index: i,
        trialId: this.a.trialIds[i],
        nctId: this.a.nctIds[i],
        score: this.scoreTrial(i, c, null),
        siteId: this.a.siteId[site],
        facilityId: this.a.siteFacility[site],
        distanceKm: chordToKm(Math.sqrt(chord2)),
      });
    }
    return out;
  }
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
