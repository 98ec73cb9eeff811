import { type Criterions, type EligibilityRule, inapplicableCriteria } from '@trialflow/contract';
import { evaluateRules } from '../matching';
import { CellScan, chordToKm, unitVector } from './geo-cells';
import { SearchIndexBuilder } from './index-builder';
import type { IndexQuery, IndexResult, IndexTrialRow } from './index-types';
import { SearchIndex } from './search-index';
import { orderUpTo } from './selection';

const BERLIN = { lat: 52.52, lon: 13.405 };
const POTSDAM = { lat: 52.3906, lon: 13.0645 }; // ~27 km from Berlin
const MUNICH = { lat: 48.1372, lon: 11.5756 }; // ~504 km from Berlin
const PARIS = { lat: 48.8566, lon: 2.3522 }; // ~878 km from Berlin
const NOW = new Date('2026-11-22T12:00:00Z');

function rule(
  r: Partial<EligibilityRule> & Pick<EligibilityRule, 'key' | 'kind'>,
): EligibilityRule {
  return { section: 'inclusion', source: 'text', text: `${r.key} ${r.kind}`, ...r };
}

function trial(id: number, over: Partial<IndexTrialRow> = {}): IndexTrialRow {
  return {
    id,
    nctId: `NCT${String(id).padStart(8, '0')}`,
    conditions: ['lung_cancer'],
    studyType: 'INTERVENTIONAL',
    overallStatus: 'RECRUITING',
    phases: ['PHASE2'],
    specificity: 'specific',
    treatmentClasses: ['Targeted Therapy'],
    genes: [],
    startDate: '2024-01-01',
    rules: [],
    ...over,
  };
}

function build(
  trials: IndexTrialRow[],
  sites: { trialId: number; at: { lat: number; lon: number }; facilityId?: number }[],
) {
  const b = new SearchIndexBuilder();
  for (const t of trials) {
    b.addTrial(t);
  }
  sites
    .map((s, i) => ({ ...s, id: 1000 + i }))
    .sort((x, y) => x.trialId - y.trialId)
    .forEach((s) =>
      b.addSite({
        id: s.id,
        trialId: s.trialId,
        facilityId: s.facilityId ?? s.id,
        lat: s.at.lat,
        lon: s.at.lon,
      }),
    );
  return b.build();
}

function query(over: Partial<IndexQuery> = {}): IndexQuery {
  return {
    condition: 'lung_cancer',
    lat: BERLIN.lat,
    lon: BERLIN.lon,
    radiusKm: 100,
    criterions: {},
    now: NOW,
    filters: {
      study_type: ['Interventional'],
      recruiting_status: ['Recruiting', 'Not yet recruiting'],
    },
    sort: 'match',
    ...over,
  };
}

function nctIds(index: ReturnType<typeof build>, q: IndexQuery): string[] {
  const result = index.search(q);
  return index.hits(result, 0, result.total, q).map((h) => h.nctId);
}

describe(SearchIndex.name, () => {
  it('should find trials of the condition with an open site in the radius, nearest distance exact', () => {
    const index = build(
      [trial(1), trial(2), trial(3, { conditions: ['breast_cancer'] })],
      [
        { trialId: 1, at: POTSDAM },
        { trialId: 1, at: PARIS },
        { trialId: 2, at: MUNICH },
        { trialId: 3, at: BERLIN },
      ],
    );
    const q = query();
    const result = index.search(q);
    expect(result.total).toBe(1);
    const [hit] = index.hits(result, 0, 25, q);
    expect(hit.nctId).toBe('NCT00000001');
    expect(hit.distanceKm).toBeGreaterThan(26);
    expect(hit.distanceKm).toBeLessThan(29);
    expect(nctIds(index, query({ radiusKm: 600 }))).toEqual(['NCT00000001', 'NCT00000002']);
  });

  it('should index only trials taking patients', () => {
    const index = build(
      [trial(1, { overallStatus: 'COMPLETED' }), trial(2, { overallStatus: 'NOT_YET_RECRUITING' })],
      [
        { trialId: 1, at: BERLIN },
        { trialId: 2, at: BERLIN },
      ],
    );
    expect(index.size).toBe(1);
    expect(nctIds(index, query())).toEqual(['NCT00000002']);
  });

  it('should keep sites with their own trial when trials without sites sit between', () => {
    const index = build(
      [trial(1), trial(2), trial(3), trial(4)],
      [
        { trialId: 1, at: PARIS },
        { trialId: 3, at: BERLIN },
      ],
    );
    expect(nctIds(index, query({ radiusKm: 10 }))).toEqual(['NCT00000003']);
    expect(nctIds(index, query({ radiusKm: 1000 })).sort()).toEqual(['NCT00000001', 'NCT00000003']);
  });

  it('should exclude only on a contradiction, unanswered being to check and lowering the score', () => {
    const egfr = rule({ key: 'egfr', kind: 'required' });
    const index = build(
      [trial(1, { rules: [egfr] }), trial(2, { rules: [] })],
      [
        { trialId: 1, at: BERLIN },
        { trialId: 2, at: BERLIN },
      ],
    );
    // Unanswered: both found; the open question is counted.
    const unknown = index.search(query());
    expect(unknown.total).toBe(2);
    expect(unknown.openQuestions).toEqual([{ key: 'egfr', trials: 1 }]);
    // EGFR positive: the requiring trial ranks first.
    expect(nctIds(index, query({ criterions: { egfr: true } }))).toEqual([
      'NCT00000001',
      'NCT00000002',
    ]);
    // EGFR negative: the requiring trial is excluded.
    expect(nctIds(index, query({ criterions: { egfr: false } }))).toEqual(['NCT00000002']);
  });

  it('should never exclude on a contradicted qualified rule', () => {
    const index = build(
      [trial(1, { rules: [rule({ key: 'brain_metastases', kind: 'excluded', qualified: true })] })],
      [{ trialId: 1, at: BERLIN }],
    );
    expect(nctIds(index, query({ criterions: { brain_metastases: true } }))).toEqual([
      'NCT00000001',
    ]);
  });

  it('should never exclude on a contradicted low-confidence rule, but on a confident one', () => {
    const index = build(
      [
        trial(1, {
          rules: [
            rule({ key: 'ecog', kind: 'range', max: 1, confidence: 'low', reading: 'cohort' }),
          ],
        }),
        trial(2, { rules: [rule({ key: 'ecog', kind: 'range', max: 1, confidence: 'high' })] }),
      ],
      [
        { trialId: 1, at: BERLIN },
        { trialId: 2, at: BERLIN },
      ],
    );
    expect(nctIds(index, query({ criterions: { ecog: 2 } }))).toEqual(['NCT00000001']);
  });

  it('should read age from the birth year, giving the benefit of the doubt at the boundary', () => {
    const adults = rule({ key: 'age', kind: 'range', min: 18, section: 'structured' });
    const index = build([trial(1, { rules: [adults] })], [{ trialId: 1, at: BERLIN }]);
    expect(nctIds(index, query({ criterions: { age: 2008 } }))).toEqual(['NCT00000001']); // 17 or 18
    expect(nctIds(index, query({ criterions: { age: 2009 } }))).toEqual([]); // 16 or 17
  });

  it('should filter by gender, ranges, therapy and alternatives', () => {
    const index = build(
      [
        trial(1, { rules: [rule({ key: 'gender', kind: 'required', value: 'female' })] }),
        trial(2, { rules: [rule({ key: 'ecog', kind: 'range', min: 0, max: 1 })] }),
        trial(3, { rules: [rule({ key: 'checkpoint_therapy', kind: 'excluded' })] }),
        trial(4, {
          rules: [rule({ key: 'relapsed', kind: 'required', anyOf: ['refractory'] })],
        }),
      ],
      [1, 2, 3, 4].map((trialId) => ({ trialId, at: BERLIN })),
    );
    const ids = (criterions: Criterions): string[] => nctIds(index, query({ criterions })).sort();
    expect(ids({ gender: 'male' })).toEqual(['NCT00000002', 'NCT00000003', 'NCT00000004']);
    expect(ids({ ecog: 2 })).toEqual(['NCT00000001', 'NCT00000003', 'NCT00000004']);
    expect(ids({ checkpoint_therapy: -1 })).toEqual(['NCT00000001', 'NCT00000002', 'NCT00000004']);
    expect(ids({ checkpoint_therapy: -2 })).toHaveLength(4);
    expect(ids({ relapsed: false, refractory: true })).toHaveLength(4);
    expect(ids({ relapsed: false, refractory: false })).toEqual([
      'NCT00000001',
      'NCT00000002',
      'NCT00000003',
    ]);
  });

  it('should count facets with every other filter applied but not their own', () => {
    const index = build(
      [
        trial(1, { phases: ['PHASE1'], genes: ['EGFR'] }),
        trial(2, { phases: ['PHASE2'], genes: ['ALK'] }),
        trial(3, { phases: ['PHASE2'], studyType: 'OBSERVATIONAL' }),
        trial(4, { phases: ['PHASE3'], overallStatus: 'NOT_YET_RECRUITING' }),
      ],
      [1, 2, 3, 4].map((trialId) => ({ trialId, at: BERLIN })),
    );
    const q = query({
      filters: {
        trial_phase: ['Phase 2'],
        study_type: ['Interventional'],
        recruiting_status: ['Recruiting', 'Not yet recruiting'],
      },
    });
    const result = index.search(q);
    expect(result.total).toBe(1);
    expect(result.facets.trial_phase).toEqual({
      'Phase 1': 1,
      'Phase 2': 1,
      'Phase 3': 1,
      'Phase 4': 0,
      'No Phase': 0,
    });
    // The observational Phase 2 trial shows in the study type facet only.
    expect(result.facets.study_type).toEqual({
      Interventional: 1,
      Observational: 1,
      'Expanded Access': 0,
    });
    expect(result.facets.genetic_mutations).toEqual({ ALK: 1 });
    expect(
      nctIds(
        index,
        query({ filters: { ...q.filters, trial_phase: undefined, genetic_mutations: ['EGFR'] } }),
      ),
    ).toEqual(['NCT00000001']);
  });

  it('should restrict to facility_ids and measure the distance to those sites', () => {
    const index = build(
      [trial(1)],
      [
        { trialId: 1, at: BERLIN, facilityId: 7 },
        { trialId: 1, at: MUNICH, facilityId: 9 },
      ],
    );
    const q = query({ radiusKm: 1000, facilityIds: [9] });
    const result = index.search(q);
    const [hit] = index.hits(result, 0, 25, q);
    expect(hit.facilityId).toBe(9);
    expect(hit.distanceKm).toBeGreaterThan(490);
    expect(index.search(query({ facilityIds: [42] })).total).toBe(0);
  });

  it('should sort by match, distance or newest and page', () => {
    const egfr = rule({ key: 'egfr', kind: 'required' });
    const index = build(
      [
        trial(1, { startDate: '2020-01-01' }),
        trial(2, { rules: [egfr], startDate: '2025-06-01' }),
        trial(3, { startDate: '2023-01-01' }),
      ],
      [
        { trialId: 1, at: BERLIN },
        { trialId: 2, at: MUNICH },
        { trialId: 3, at: POTSDAM },
      ],
    );
    const base = { radiusKm: 1000, criterions: { egfr: true } };
    expect(nctIds(index, query({ ...base, sort: 'match' }))).toEqual([
      'NCT00000002',
      'NCT00000001',
      'NCT00000003',
    ]);
    expect(nctIds(index, query({ ...base, sort: 'distance' }))).toEqual([
      'NCT00000001',
      'NCT00000003',
      'NCT00000002',
    ]);
    expect(nctIds(index, query({ ...base, sort: 'newest' }))).toEqual([
      'NCT00000002',
      'NCT00000003',
      'NCT00000001',
    ]);
    const q = query({ ...base, sort: 'distance' });
    const result = index.search(q);
    expect(index.hits(result, 1, 2, q).map((h) => h.nctId)).toEqual(['NCT00000003']);
  });

  it('should score exactly as the reference evaluation does', () => {
    const rules: EligibilityRule[] = [
      rule({ key: 'egfr', kind: 'required' }),
      rule({ key: 'ecog', kind: 'range', min: 0, max: 2 }),
      rule({ key: 'hiv', kind: 'excluded', section: 'exclusion' }),
      rule({ key: 'brain_metastases', kind: 'excluded', qualified: true }),
      rule({ key: 'age', kind: 'range', min: 18, max: 75, section: 'structured' }),
      rule({ key: 'chemotherapy', kind: 'range', max: 2 }),
      rule({ key: 'alk', kind: 'required', confidence: 'low', reading: 'calibration' }),
    ];
    const index = build([trial(1, { rules })], [{ trialId: 1, at: BERLIN }]);
    const answers: Criterions[] = [
      {},
      { egfr: true },
      { egfr: true, ecog: 1, hiv: false },
      { brain_metastases: true, age: 1960, chemotherapy: 1 },
      { egfr: true, ecog: 0, hiv: false, brain_metastases: false, age: 1970, chemotherapy: 0 },
      // Possible conflicts (a qualified rule, a low-confidence one) weigh two open questions.
      { egfr: true, brain_metastases: true, alk: false },
      { alk: false },
    ];
    for (const criterions of answers) {
      const q = query({ criterions });
      const [hit] = index.hits(index.search(q), 0, 1, q);
      expect(hit.score).toBe(evaluateRules(rules, criterions, NOW).score);
    }
  });

  it('should score one verdict per criterion and leave out open inapplicable rules, as the reference does', () => {
    const rules: EligibilityRule[] = [
      rule({ key: 'brain_metastases', kind: 'excluded', text: 'No brain metastases' }),
      rule({ key: 'brain_metastases', kind: 'excluded', section: 'exclusion', qualified: true }),
      rule({ key: 'ecog', kind: 'range', max: 2 }),
      rule({ key: 'ecog', kind: 'range', max: 1, confidence: 'low', reading: 'cohort' }),
      rule({ key: 'pregnant_nursing', kind: 'excluded', section: 'exclusion' }),
      rule({ key: 'tnbc', kind: 'excluded', section: 'exclusion' }),
      rule({ key: 'egfr', kind: 'required' }),
    ];
    const index = build([trial(1, { rules })], [{ trialId: 1, at: BERLIN }]);
    const answers: Criterions[] = [
      {},
      { gender: 'male' },
      { gender: 'female', age: 1950 },
      { brain_metastases: false, ecog: 2 },
      { brain_metastases: false, ecog: 1, gender: 'male', egfr: true },
    ];
    for (const criterions of answers) {
      const q = query({ criterions });
      const [hit] = index.hits(index.search(q), 0, 1, q);
      const reference = evaluateRules(
        rules,
        criterions,
        NOW,
        inapplicableCriteria(criterions, 'lung_cancer', NOW),
      );
      expect(hit.score).toBe(reference.score);
    }
    // A man: pregnancy is no open question; TNBC is no lung patient's question either.
    const open = index.search(query({ criterions: { gender: 'male' } })).openQuestions;
    expect(open.map((o) => o.key).sort()).toEqual(['brain_metastases', 'ecog', 'egfr']);
    // Answered, an inapplicable criterion is evaluated as usual: it still excludes.
    expect(nctIds(index, query({ criterions: { gender: 'male', tnbc: true } }))).toEqual([]);
  });

  it('should convert chords to great-circle distance', () => {
    const [ax, ay, az] = unitVector(BERLIN.lat, BERLIN.lon);
    const [bx, by, bz] = unitVector(PARIS.lat, PARIS.lon);
    const km = chordToKm(Math.hypot(ax - bx, ay - by, az - bz));
    expect(km).toBeGreaterThan(876);
    expect(km).toBeLessThan(881);
  });
});

describe(orderUpTo.name, () => {
  it('should order exactly the smallest keys a page needs, extending page by page', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const size of [0, 1, 5, 255, 256, 257, 3000]) {
      const keys = Float64Array.from({ length: size }, () => Math.floor(random() * 1e12));
      const expected = Array.from(keys).sort((a, b) => a - b);
      const result = {
        total: size,
        keys,
        sorted: 0,
        facets: {} as IndexResult['facets'],
        openQuestions: [],
      };
      for (const upTo of [25, 50, 300, 1000, size]) {
        orderUpTo(result, upTo);
        const n = Math.min(upTo, size);
        expect(result.sorted).toBeGreaterThanOrEqual(n);
        expect(Array.from(result.keys.subarray(0, n))).toEqual(expected.slice(0, n));
      }
      expect(Array.from(result.keys).sort((a, b) => a - b)).toEqual(expected);
    }
  });
});

describe(CellScan.name, () => {
  // Enough trials of one condition for the cell path (small lists are scanned whole).
  let seed = 11;
  const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const trials = Array.from({ length: 4000 }, (_, i) => trial(i + 1));
  const sites = trials.flatMap((t) =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
      trialId: t.id,
      // Worldwide, with extra sites near the poles and the date line.
      at:
        random() < 0.2
          ? { lat: 80 + random() * 9.9, lon: random() * 360 - 180 }
          : random() < 0.2
            ? {
                lat: random() * 20 - 10,
                lon: random() < 0.5 ? 179.5 + random() * 0.5 : -180 + random() * 0.5,
              }
            : { lat: random() * 160 - 80, lon: random() * 360 - 180 },
    })),
  );
  const index = build(trials, sites);

  it.each([
    [BERLIN, 50],
    [BERLIN, 500],
    [{ lat: 0, lon: 179.9 }, 300],
    [{ lat: 0, lon: -179.9 }, 1500],
    [{ lat: 85, lon: 10 }, 400],
    [{ lat: -60, lon: -70 }, 2500],
  ])('should find exactly the trials with a site in the radius (%o, %d km)', (at, radiusKm) => {
    const [cx, cy, cz] = unitVector(at.lat, at.lon);
    const expected = new Set(
      sites
        .filter((s) => {
          const [x, y, z] = unitVector(s.at.lat, s.at.lon);
          return chordToKm(Math.hypot(x - cx, y - cy, z - cz)) <= radiusKm + 1e-6;
        })
        .map((s) => s.trialId),
    );
    const result = index.search(query({ lat: at.lat, lon: at.lon, radiusKm }));
    const found = new Set(index.hits(result, 0, result.total, query()).map((h) => h.trialId));
    expect(result.total).toBe(expected.size);
    expect(found).toEqual(expected);
  });
});
