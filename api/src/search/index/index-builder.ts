import {
  CONDITION_KEYS,
  type EligibilityRule,
  phaseOptionsOf,
  ruleExcludes,
  recruitingStatusOf,
  studyTypeOptionOf,
} from '@trialflow/contract';
import { buildConditionCells } from './geo-cells';
import {
  bitsOf,
  CONDITION_IDS,
  daysSince1900,
  EXCLUDED,
  GENDER_CODES,
  KEY_IDS,
  KEY_KINDS,
  KIND_GENDER,
  MAX_TRIALS,
  type NumberArray,
  PHASE_BITS,
  RANGE,
  REQUIRED,
  shared,
  SPECIFICITY_BITS,
  STATUS_BITS,
  TREATMENT_BITS,
  TYPE_BITS,
} from './index-encoding';
import type { IndexSiteRow, IndexTrialRow } from './index-types';
import { SearchIndex } from './search-index';

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
    // A qualified or low-confidence rule never excludes: the same flag for the rule loop.
    const qualified = ruleExcludes(rule) ? 0 : 1;
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
