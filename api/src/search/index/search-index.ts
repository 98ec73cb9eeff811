import {
  type ConditionKey,
  CRITERION_KEYS,
  type Criterions,
  inapplicableCriteria,
  RECRUITING_STATUSES,
  type SortOrder,
  SPECIFICITIES,
  STUDY_TYPES,
  TREATMENT_CLASSES,
  TRIAL_PHASES,
} from '@trialflow/contract';
import { matchScore, SOFT_CONFLICT_WEIGHT } from '../matching';
import { CellScan, chordToKm, EARTH_RADIUS_KM, unitVector } from './geo-cells';
import {
  bitsOf,
  CONDITION_IDS,
  countBits,
  DAY_SPAN,
  DIST_COARSE,
  DIST_FINE,
  GENDER_CODES,
  INDEX_BITS,
  KEY_IDS,
  KEY_KINDS,
  KIND_BIRTH_YEAR,
  KIND_BOOLEAN,
  KIND_GENDER,
  KIND_LINES,
  KIND_NUMBER,
  KIND_THERAPY,
  named,
  PHASE_BITS,
  RANGE,
  REQUIRED,
  SCORE_SPAN,
  SPECIFICITY_BITS,
  STATUS_BITS,
  TREATMENT_BITS,
  trialOfKey,
  TYPE_BITS,
} from './index-encoding';
import type {
  FacetName,
  IndexArrays,
  IndexHit,
  IndexQuery,
  IndexResult,
  OpenQuestion,
} from './index-types';
import { FIRST_ORDERED, orderUpTo } from './selection';

/**
 * The in-memory search index: every open trial (recruiting or not yet recruiting) with its
 * filter attributes, compiled eligibility rules and open sites as unit vectors, held in typed
 * arrays (struct of arrays) so 500,000 trials and millions of sites cost little heap and no
 * garbage-collection pauses. A search walks the trials of one condition once: cheap filters,
 * then the radius over the trial's sites, then the rules; it counts the facets on the way and
 * sorts packed numeric keys. See search-index.service.ts for how it is loaded and refreshed; index-builder.ts builds it,
 * index-encoding.ts, geo-cells.ts and selection.ts hold its parts.
 */

/** Criterions compiled for the rule loop: truth -1 unknown / 0 / 1, numbers NaN when unknown. */
interface CompiledCriterions {
  truth: Int8Array;
  value: Float64Array;
  year: number;
  /** 1 for criteria that cannot apply to the patient (@trialflow/contract relevance.ts). */
  inapplicable: Uint8Array;
}

// What a distinct rule does to a trial for one query (ruleEffects()): > 0 matched with that
// weight; otherwise counted unknown, as an open question or not; or the trial is excluded.
const EFFECT_UNKNOWN = 0;
const EFFECT_OPEN = -1;
const EFFECT_EXCLUDES = -2;
/** An open rule over a criterion that cannot apply to the patient: not counted at all. */
const EFFECT_IGNORED = -3;

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
  /** Scratch for one verdict per criterion in scoreTrial(): trial stamp, open flag, weight. */
  private readonly keySeen = new Int32Array(CRITERION_KEYS.length).fill(-1);
  private readonly keyOpen = new Uint8Array(CRITERION_KEYS.length);
  private readonly keyWeight = new Int8Array(CRITERION_KEYS.length);
  private scoreRun = 0;

  private positions: Map<string, number> | null = null;

  private readonly cells: CellScan;

  constructor(private readonly a: IndexArrays) {
    this.cells = new CellScan(a.trialIds.length);
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

  compileCriterions(
    criterions: Criterions,
    now: Date,
    condition?: ConditionKey,
  ): CompiledCriterions {
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
    const inapplicable = new Uint8Array(CRITERION_KEYS.length);
    for (const key of inapplicableCriteria(criterions, condition, now)) {
      const id = KEY_IDS.get(key);
      if (id !== undefined) {
        inapplicable[id] = 1;
      }
    }
    return { truth, value, year: now.getFullYear(), inapplicable };
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
      if (outcome === 1 && c.inapplicable[key] === 1) {
        effects[r] = EFFECT_IGNORED;
        continue;
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
    const seen = this.keySeen;
    const open = this.keyOpen;
    const best = this.keyWeight;
    const start = ruleStart[i];
    const end = ruleStart[i + 1];
    // A fresh stamp per call: a call that returned early leaves no stale state behind.
    if (++this.scoreRun === 0x7fffffff) {
      this.scoreRun = 0;
      seen.fill(-1);
    }
    const run = this.scoreRun;
    // One verdict per criterion (matching.ts evaluateRules): first the rules' effects by key ...
    for (let r = start; r < end; r++) {
      const rule = ruleRefs[r];
      const effect = effects[rule];
      if (effect === EFFECT_EXCLUDES) {
        return -1;
      }
      if (effect === EFFECT_IGNORED) {
        continue;
      }
      const key = ruleKey[rule];
      if (seen[key] !== run) {
        seen[key] = run;
        open[key] = 0;
        best[key] = 0;
      }
      if (effect > 0) {
        best[key] = Math.max(best[key], effect);
      } else {
        // A possible conflict outweighs an open question of the same criterion (matching.ts).
        open[key] = Math.max(open[key], effect === EFFECT_UNKNOWN ? SOFT_CONFLICT_WEIGHT : 1);
        if (effect === EFFECT_OPEN && tally !== null && stamp[key] !== i) {
          stamp[key] = i;
          tally[key]++;
        }
      }
    }
    // ... then each criterion once: open, or matched with its heaviest rule's weight.
    let weight = 0;
    let unknown = 0;
    for (let r = start; r < end; r++) {
      const rule = ruleRefs[r];
      if (effects[rule] === EFFECT_IGNORED) {
        continue;
      }
      const key = ruleKey[rule];
      if (seen[key] !== run) {
        continue; // counted already
      }
      seen[key] = -1;
      if (open[key] > 0) {
        unknown += open[key];
      } else {
        weight += best[key];
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

  search(q: IndexQuery): IndexResult {
    const a = this.a;
    const condition = CONDITION_IDS.get(q.condition);
    const list =
      condition === undefined
        ? new Int32Array(0)
        : this.cells.candidatesNear(
            this.a.conditionLists[condition],
            this.a.conditionCells[condition],
            q.lat,
            q.lon,
            q.radiusKm,
          );
    const [cx, cy, cz] = unitVector(q.lat, q.lon);
    const maxChord = 2 * Math.sin(Math.min(q.radiusKm / EARTH_RADIUS_KM, Math.PI) / 2);
    const maxChord2 = maxChord * maxChord;
    const facilities = q.facilityIds ? new Set(q.facilityIds) : null;
    const effects = this.ruleEffects(this.compileCriterions(q.criterions, q.now, q.condition));
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
    const effects = this.ruleEffects(this.compileCriterions(q.criterions, q.now, q.condition));
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
