import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { type Criterions, type EligibilityRule, RADIUS_CHOICES } from '@trialflow/contract';
import { evaluateRules } from '../api/src/search/matching';
import { SearchController } from '../api/src/search/search.controller';
import { TrialsImportService } from '../api/src/trials/trials-import.service';
import { CTGOV_DIR } from './utils/shipped-data';
import { createTestApp, TestApp } from './utils/test-app';

const CTGOV = CTGOV_DIR;
const BERLIN = { lat: 52.52, long: 13.405 };

interface CriterionResult {
  key: string;
  outcome: string;
  rule: string;
  text?: string;
  kind?: string;
  min?: number;
  max?: number;
  qualified?: boolean;
  confidence?: 'high' | 'low';
  reading?: string;
  texts?: string[];
}

interface Summary {
  nctId: string;
  briefTitle: string;
  score: number;
  conditions: string[];
  phases: string[];
  overallStatus: string;
  matched: CriterionResult[];
  toCheck: CriterionResult[];
  conflicting: CriterionResult[];
  nearestSite: { facilityId: number; city: string; country: string; distance: number } | null;
  sitesInRadius: number;
}

/** The doctor's search of the issue: lung cancer near Berlin, EGFR positive, stage IV, ECOG 1. */
const berlinLung = {
  type_of_disease: 'lung_cancer',
  country: 'DE',
  location: BERLIN,
  radius: 1000,
  radius_unit: 'KM',
  criterions: {
    egfr: true,
    tumor_stage: 4,
    ecog: 1,
    age: 1962,
    gender: 'female',
    interventional: true,
  },
};

describe(SearchController.name, () => {
  let t: TestApp;
  let tmp: string;
  let rulesOf: (nctId: string) => Promise<EligibilityRule[]>;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'trialflow-search-'));
    t = await createTestApp();
    await t.app.get(TrialsImportService).importPaths([CTGOV]);
    rulesOf = async (nctId) =>
      (
        await t.dataSource.query<{ rules: EligibilityRule[] }[]>(
          'SELECT rules FROM trial WHERE nct_id = $1',
          [nctId],
        )
      )[0].rules;
  });

  afterAll(async () => {
    rmSync(tmp, { recursive: true, force: true });
    await t.close();
  });

  const summary = (body: object) => request(t.http).post('/api/trials/summary').send(body);
  const search = (body: object) => request(t.http).post('/api/trials/questionnaire').send(body);

  describe('lung cancer near Berlin, EGFR positive', () => {
    let res: request.Response;
    beforeAll(async () => {
      res = await summary(berlinLung);
    });

    it('should return exactly the open trials with an open site in the radius that the answers allow', async () => {
      expect(res.status).toBe(200);
      expect(res.body.unit).toBe('KM');
      // An independent answer: Postgres earthdistance over every site, the reference evaluation.
      const rows = await t.dataSource.query<{ nct_id: string; rules: EligibilityRule[] }[]>(
        `SELECT t.nct_id, t.rules FROM trial t
          WHERE 'lung_cancer' = ANY(t.conditions) AND t.study_type = 'INTERVENTIONAL'
            AND t.overall_status IN ('RECRUITING', 'NOT_YET_RECRUITING')
            AND EXISTS (SELECT 1 FROM site s WHERE s.trial_id = t.id AND s.lat IS NOT NULL
                          AND s.status NOT IN ('COMPLETED', 'TERMINATED', 'WITHDRAWN',
                                               'ACTIVE_NOT_RECRUITING', 'SUSPENDED')
                          AND earth_distance(ll_to_earth(s.lat, s.lon),
                                             ll_to_earth($1, $2)) <= 1000000)`,
        [BERLIN.lat, BERLIN.long],
      );
      const { interventional: _, ...criterions } = berlinLung.criterions;
      const expected = rows
        .filter((r) => evaluateRules(r.rules, criterions as Criterions).conflicting.length === 0)
        .map((r) => r.nct_id)
        .sort();
      expect(expected.length).toBeGreaterThan(0);
      expect((res.body.trials as Summary[]).map((tr) => tr.nctId).sort()).toEqual(expected);
      expect(res.body.total).toBe(expected.length);
    });

    it('should give each trial its reasons, nearest open site and no conflicts', () => {
      expect(res.body.trials).not.toHaveLength(0);
      for (const trial of res.body.trials as Summary[]) {
        expect(trial.conditions).toContain('lung_cancer');
        expect(['RECRUITING', 'NOT_YET_RECRUITING']).toContain(trial.overallStatus);
        expect(trial.nearestSite!.distance).toBeLessThanOrEqual(1000);
        expect(trial.sitesInRadius).toBeGreaterThan(0);
        expect(trial.conflicting).toEqual([]);
        expect(trial.matched.length).toBeGreaterThan(0);
        for (const reason of [...trial.matched, ...trial.toCheck]) {
          expect(reason.rule.length).toBeGreaterThan(0);
          // Cards stay small: the source sentences come with the details screen.
          expect(reason.text).toBeUndefined();
          // Range rules carry their bounds, so a client can word them in its language.
          if (reason.kind === 'range') {
            expect(typeof (reason.min ?? reason.max)).toBe('number');
          }
        }
      }
    });

    it('should give the nearest open site and the sites in the radius as Postgres measures them', async () => {
      for (const trial of res.body.trials as Summary[]) {
        const [row] = await t.dataSource.query<{ km: number; n: string }[]>(
          `SELECT min(d) / 1000 AS km, count(*) FILTER (WHERE d <= 1000000) AS n
             FROM (SELECT earth_distance(ll_to_earth(s.lat, s.lon), ll_to_earth($2, $3)) AS d
                     FROM site s JOIN trial tr ON tr.id = s.trial_id
                    WHERE tr.nct_id = $1 AND s.lat IS NOT NULL
                      AND s.status IN ('RECRUITING', 'NOT_YET_RECRUITING', '')) x`,
          [trial.nctId, BERLIN.lat, BERLIN.long],
        );
        expect(trial.nearestSite!.distance).toBeCloseTo(row.km, 0);
        expect(trial.sitesInRadius).toBe(Number(row.n));
      }
    });
  });

  describe('EGFR positive, anywhere', () => {
    const anywhere = { ...berlinLung, radius: 20000 };
    let res: request.Response;
    beforeAll(async () => {
      res = await summary(anywhere);
    });

    it('should explain the fit: the EGFR requirement met, with the rule and its sentence, best first', async () => {
      expect(res.status).toBe(200);
      const trials = res.body.trials as Summary[];
      const egfr = trials.filter((tr) => tr.matched.some((m) => m.key === 'egfr'));
      expect(egfr.length).toBeGreaterThan(0);
      const reason = egfr[0].matched.find((m) => m.key === 'egfr')!;
      expect(reason.rule).toBe('EGFR mutation required');
      const scores = trials.map((tr) => tr.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      // The details screen names the sentence the requirement was read from.
      const q = Buffer.from(JSON.stringify({ egfr: 'yes' }), 'utf8').toString('base64');
      const details = await request(t.http).get(`/api/trials/${egfr[0].nctId}`).query({ q });
      const sentence = (details.body.matched as CriterionResult[]).find((m) => m.key === 'egfr')!;
      expect(sentence.text).toMatch(/EGFR/i);
    });

    it('should leave out for an EGFR-negative patient the trials that plainly require EGFR (a class that proved precise), and keep the others "to check"', async () => {
      const requiring = (res.body.trials as Summary[]).filter((tr) =>
        tr.matched.some((m) => m.key === 'egfr'),
      );
      expect(requiring.length).toBeGreaterThan(0);
      const negative = await summary({
        ...anywhere,
        criterions: { ...anywhere.criterions, egfr: false },
        trials: requiring.map((tr) => tr.nctId),
      });
      expect(negative.status).toBe(200);
      // Round 10b: EGFR required in inclusion may exclude (the pool of biomarker requirements
      // passed the calibration). Named, every trial is summarised: a plainly read requirement
      // shows as the conflict, and the search leaves such a trial out.
      const summaries = negative.body.trials as Summary[];
      const conflicting = summaries.filter((tr) => tr.conflicting.some((c) => c.key === 'egfr'));
      expect(conflicting.length).toBeGreaterThan(0);
      for (const tr of conflicting) {
        const rules = await rulesOf(tr.nctId);
        expect(
          rules.some(
            (r) =>
              r.key === 'egfr' && r.kind === 'required' && r.confidence !== 'low' && !r.qualified,
          ),
        ).toBe(true);
      }
      const searched = await summary({
        ...anywhere,
        criterions: { ...anywhere.criterions, egfr: false },
      });
      expect(searched.status).toBe(200);
      const found = new Set((searched.body.trials as Summary[]).map((tr) => tr.nctId));
      expect(conflicting.filter((tr) => found.has(tr.nctId))).toEqual([]);
      // A requirement read with a low confidence (an exception, a list, a cohort) still shows
      // "to check" with its sentence, never as a conflict.
      for (const tr of summaries.filter((t) => !conflicting.includes(t))) {
        expect(tr.toCheck.find((c) => c.key === 'egfr')).toMatchObject({ confidence: 'low' });
      }
    });

    it('should leave out the trials whose ECOG limit (a class that proved precise) the patient exceeds', async () => {
      const ids = new Set((res.body.trials as Summary[]).map((tr) => tr.nctId));
      const worse = await summary({
        ...anywhere,
        criterions: { ...anywhere.criterions, ecog: 3 },
      });
      expect(worse.status).toBe(200);
      const worseIds = new Set((worse.body.trials as Summary[]).map((tr) => tr.nctId));
      const leftOut = [...ids].filter((id) => !worseIds.has(id));
      expect(leftOut.length).toBeGreaterThan(0);
      for (const id of leftOut) {
        const rules = await rulesOf(id);
        expect(
          rules.some(
            (r) =>
              r.key === 'ecog' &&
              r.kind === 'range' &&
              (r.max ?? 5) < 3 &&
              r.confidence !== 'low' &&
              !r.qualified,
          ),
        ).toBe(true);
      }
    });

    it('should report unanswered criteria as to check, and the questions that decide the most', async () => {
      const open = await summary({ ...anywhere, criterions: { interventional: true } });
      expect(open.status).toBe(200);
      expect(open.body.total).toBeGreaterThanOrEqual(res.body.total);
      expect(
        (open.body.trials as Summary[]).some((tr) => tr.toCheck.some((c) => c.key === 'egfr')),
      ).toBe(true);
      expect(open.body.openQuestions.length).toBeGreaterThan(0);
      expect(open.body.openQuestions[0]).toEqual({
        key: expect.any(String),
        label: expect.any(String),
        trials: expect.any(Number),
      });
    });
  });

  it('should show each rule once with its confidence, no pregnancy question for a man and only lung questions', async () => {
    const asked = async (gender: string) => {
      const res = await summary({
        ...berlinLung,
        criterions: { gender, age: 1990, interventional: true },
      });
      expect(res.status).toBe(200);
      return res.body as { trials: Summary[]; openQuestions: { key: string }[] };
    };
    const woman = await asked('female');
    const man = await asked('male');
    const toCheck = (body: { trials: Summary[] }, key: string) =>
      body.trials.some((tr) => tr.toCheck.some((c) => c.key === key));
    // The shipped lung trials exclude pregnancy: open for a woman, not shown to a man.
    expect(toCheck(woman, 'pregnant_nursing')).toBe(true);
    expect(toCheck(man, 'pregnant_nursing')).toBe(false);
    expect(man.openQuestions.map((q) => q.key)).not.toContain('pregnant_nursing');
    for (const body of [woman, man]) {
      const keys = body.openQuestions.map((q) => q.key);
      for (const other of ['tnbc', 'er', 'msi_high', 'crpc']) {
        expect(keys).not.toContain(other);
      }
      for (const tr of body.trials) {
        const results = [...tr.matched, ...tr.toCheck, ...tr.conflicting];
        // One criterion, one verdict.
        expect(new Set(results.map((c) => c.key)).size).toBe(results.length);
        for (const c of results) {
          expect(['high', 'low']).toContain(c.confidence);
        }
      }
    }
  });

  it('should answer the hit list with the same total, and the same order, on call 1', async () => {
    const [hits, summaries] = await Promise.all([search(berlinLung), summary(berlinLung)]);
    expect(hits.status).toBe(200);
    expect(hits.body.total).toBe(summaries.body.total);
    expect(hits.body.nctIds).toEqual(summaries.body.trials.map((s: Summary) => s.nctId));
    expect(hits.body.trials[0]).toEqual({
      nctId: hits.body.nctIds[0],
      score: expect.any(Number),
      distance: expect.any(Number),
      facilityId: expect.any(Number),
    });
  });

  it('should answer 400 naming what the location criteria miss', async () => {
    const res = await summary({ type_of_disease: 'lung_cancer', location: { lat: 52.5 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The location criteria are incomplete: country, location.long, radius missing.',
    );
    expect(res.body.errors).toEqual({
      country: 'isNotEmpty',
      'location.long': 'isNotEmpty',
      radius: 'isNotEmpty',
    });
  });

  it('should answer 400 for an unknown criterion, a bad filter value and a non-integer radius', async () => {
    const unknown = await summary({ ...berlinLung, criterions: { egfrr: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ 'criterions.egfrr': 'unknownCriterion' });
    const filter = await summary({ ...berlinLung, filters: { trial_phase: ['Phase 9'] } });
    expect(filter.status).toBe(400);
    expect(filter.body.errors).toHaveProperty(['filters.trial_phase']);
    const radius = await summary({ ...berlinLung, radius: 10.5 });
    expect(radius.status).toBe(400);
    expect(radius.body.errors).toEqual({ radius: 'isInt' });
  });

  it('should parse radius as an integer and facility ids as numbers (spec call 2)', async () => {
    const hits = await search(berlinLung);
    const facility = hits.body.trials[0].facilityId as number;
    const res = await search({ ...berlinLung, radius: '1000', facility_ids: [String(facility)] });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.trials.every((h: { facilityId: number }) => h.facilityId === facility)).toBe(
      true,
    );
  });

  it('should filter by phase and count facets with the other filters applied', async () => {
    const all = await search({ ...berlinLung, criterions: {} });
    const phase2 = all.body.facets.trial_phase['Phase 2'] as number;
    expect(phase2).toBeGreaterThan(0);
    const filtered = await search({
      ...berlinLung,
      criterions: {},
      filters: { trial_phase: ['Phase 2'] },
    });
    expect(filtered.body.total).toBe(phase2);
    // The phase facet ignores its own filter: still the counts of every phase.
    expect(filtered.body.facets.trial_phase).toEqual(all.body.facets.trial_phase);
    const summaries = await summary({
      ...berlinLung,
      criterions: {},
      filters: { trial_phase: ['Phase 2'] },
    });
    expect(summaries.body.trials).toHaveLength(Math.min(phase2, 25));
    for (const s of summaries.body.trials as Summary[]) {
      expect(s.phases).toContain('Phase 2');
    }
  });

  it('should default to interventional trials, widened by the study type filter and interventional=false', async () => {
    const base = { ...berlinLung, criterions: {} };
    const interventional = await search(base);
    const observational = interventional.body.facets.study_type.Observational as number;
    const all = await search({ ...base, criterions: { interventional: false } });
    expect(all.body.total).toBe(interventional.body.total + observational);
    const onlyObs = await search({ ...base, filters: { study_type: ['Observational'] } });
    expect(onlyObs.body.total).toBe(observational);
  });

  it('should page by 25 and sort by distance or newest', async () => {
    const base = { ...berlinLung, criterions: {}, radius: 20000, sort: 'distance' };
    const page1 = await search(base);
    expect(page1.body.pageSize).toBe(25);
    expect(page1.body.total).toBeGreaterThan(25);
    expect(page1.body.nctIds).toHaveLength(25);
    const distances = page1.body.trials.map((h: { distance: number }) => h.distance);
    expect(distances).toEqual([...distances].sort((a: number, b: number) => a - b));
    const page2 = await search({ ...base, page: 2 });
    expect(page2.body.page).toBe(2);
    expect(page2.body.trials[0].distance).toBeGreaterThanOrEqual(distances[24]);
    const firstIds = page1.body.nctIds as string[];
    expect((page2.body.nctIds as string[]).some((id) => firstIds.includes(id))).toBe(false);
    const newest = await summary({ ...base, sort: 'newest' });
    const starts = (newest.body.trials as { startDate: string | null }[]).map(
      (s) => s.startDate ?? '',
    );
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it('should use miles in the US', async () => {
    const res = await summary({
      type_of_disease: 'lung_cancer',
      country: 'US',
      location: { lat: 40.7128, long: -74.006 },
      radius: 300,
      criterions: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.unit).toBe('MI');
    expect(res.body.trials).not.toHaveLength(0);
    for (const s of res.body.trials as Summary[]) {
      expect(s.nearestSite!.distance).toBeLessThanOrEqual(300);
    }
  });

  describe('no trial inside the radius (issue 15)', () => {
    const REYKJAVIK = { lat: 64.1466, long: -21.9426 };
    const CLOSED = `('COMPLETED', 'TERMINATED', 'WITHDRAWN', 'ACTIVE_NOT_RECRUITING', 'SUSPENDED')`;

    /** Postgres' own answer: each open lung trial's nearest open site from Reykjavík, in km. */
    const nearestKm = async (): Promise<number[]> =>
      (
        await t.dataSource.query<{ km: string }[]>(
          `SELECT min(earth_distance(ll_to_earth(s.lat, s.lon), ll_to_earth($1, $2))) / 1000 AS km
             FROM trial t JOIN site s ON s.trial_id = t.id
            WHERE 'lung_cancer' = ANY(t.conditions) AND t.study_type = 'INTERVENTIONAL'
              AND t.overall_status IN ('RECRUITING', 'NOT_YET_RECRUITING')
              AND s.lat IS NOT NULL AND s.status NOT IN ${CLOSED}
            GROUP BY t.id`,
          [REYKJAVIK.lat, REYKJAVIK.long],
        )
      ).map((r) => Number(r.km));

    it('should count the nearest trials beyond the radius, up to the next offered radius that holds one', async () => {
      const res = await search({
        type_of_disease: 'lung_cancer',
        country: 'IS',
        location: REYKJAVIK,
        radius: 50,
        radius_unit: 'KM',
        criterions: {},
      });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(0);
      const distances = await nearestKm();
      const nearest = Math.min(...distances);
      const to = RADIUS_CHOICES.find((r) => r > 50 && r >= nearest)!;
      expect(res.body.nearestBeyond).toEqual({
        count: distances.filter((km) => km <= to).length,
        from: 50,
        to,
        nearest: expect.closeTo(nearest, 0) as number,
      });
      expect(res.body.nearestBeyond.count).toBeGreaterThan(0);

      // Searching the band's radius finds exactly those trials.
      const wider = await summary({
        type_of_disease: 'lung_cancer',
        country: 'IS',
        location: REYKJAVIK,
        radius: to,
        radius_unit: 'KM',
        criterions: {},
      });
      expect(wider.body.total).toBe(res.body.nearestBeyond.count);
      expect(wider.body.nearestBeyond).toBeNull();
    });

    it('should give the band in miles for a search in miles', async () => {
      const res = await summary({
        type_of_disease: 'lung_cancer',
        country: 'IS',
        location: REYKJAVIK,
        radius: 25,
        radius_unit: 'MI',
        criterions: {},
      });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(0);
      const nearestMi = Math.min(...(await nearestKm())) / 1.609344;
      expect(res.body.nearestBeyond.from).toBe(25);
      expect(res.body.nearestBeyond.nearest).toBeCloseTo(nearestMi, 0);
      expect(res.body.nearestBeyond.to).toBe(RADIUS_CHOICES.find((r) => r > 25 && r >= nearestMi));
    });

    it('should say nothing of trials beyond when trials are inside the radius', async () => {
      const res = await summary(berlinLung);
      expect(res.body.total).toBeGreaterThan(0);
      expect(res.body.nearestBeyond).toBeNull();
    });
  });

  it('should summarise the trials named, with conflicts shown', async () => {
    const anywhere = { ...berlinLung, radius: 20000 };
    const worse = { ...anywhere, criterions: { ...anywhere.criterions, ecog: 3 } };
    const hits = await search(anywhere);
    const worseHits = await search(worse);
    const excluded = (hits.body.nctIds as string[]).find(
      (id) => !(worseHits.body.nctIds as string[]).includes(id),
    )!;
    const res = await summary({ ...worse, trials: [excluded, 'NCT99999999'] });
    expect(res.status).toBe(200);
    expect(res.body.trials.map((s: Summary) => s.nctId)).toEqual([excluded]);
    expect(res.body.trials[0].conflicting.map((c: CriterionResult) => c.key)).toContain('ecog');
  });

  it('should summarise a named trial that no longer recruits, from the store', async () => {
    const [closed] = await t.dataSource.query<{ nct_id: string }[]>(
      `SELECT t.nct_id FROM trial t
        WHERE t.overall_status NOT IN ('RECRUITING', 'NOT_YET_RECRUITING')
          AND EXISTS (SELECT 1 FROM site s WHERE s.trial_id = t.id AND s.lat IS NOT NULL)
        ORDER BY t.id LIMIT 1`,
    );
    const hits = await search(berlinLung);
    const open = hits.body.nctIds[0] as string;
    const res = await summary({ ...berlinLung, radius: 20000, trials: [closed.nct_id, open] });
    expect(res.status).toBe(200);
    expect(res.body.trials.map((s: Summary) => s.nctId)).toEqual([closed.nct_id, open]);
    expect(res.body.trials[0].overallStatus).not.toBe('RECRUITING');
  });

  it('should accept the questionnaire answers and convert them on the server', async () => {
    const viaAnswers = await search({
      ...berlinLung,
      criterions: undefined,
      answers: { egfr: 'yes', cancer_stage: '4', ecog: '1', age: '64', gender: 'female' },
      userSource: 'ancora_hcp',
    });
    expect(viaAnswers.status).toBe(200);
    const viaCriterions = await search(berlinLung);
    expect(viaAnswers.body.nctIds).toEqual(viaCriterions.body.nctIds);
    const bad = await search({ ...berlinLung, criterions: undefined, answers: { egfrr: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'answers.egfrr': 'invalidAnswer' });
  });

  describe('details', () => {
    const q = (answers: object): string =>
      Buffer.from(JSON.stringify(answers), 'utf8').toString('base64');

    it('should give the trial with its evaluation for the answers in q and sites nearest first', async () => {
      const hits = await search(berlinLung);
      const nctId = hits.body.nctIds[0] as string;
      const answers = {
        egfr: 'yes',
        cancer_stage: '4',
        ecog: '1',
        gender: 'female',
        latitude: BERLIN.lat,
        longitude: BERLIN.long,
        country_name: 'DE',
        radius: '1000',
        _id: 'abc',
        __v: 0,
      };
      const res = await request(t.http)
        .get(`/api/trials/${nctId}`)
        .query({ q: q(answers) });
      expect(res.status).toBe(200);
      expect(res.body.nctId).toBe(nctId);
      expect(res.body.evaluated).toBe(true);
      expect(res.body.registryUrl).toBe(`https://clinicaltrials.gov/study/${nctId}`);
      expect(res.body.eligibilityInclusion.length).toBeGreaterThan(0);
      expect(res.body.unit).toBe('KM');
      const distances = (res.body.sites as { distance: number | null }[])
        .map((s) => s.distance)
        .filter((d): d is number => d !== null);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(res.body.nearestSite.distance).toBe(distances[0]);
      expect(res.body.matched.length + res.body.toCheck.length).toBeGreaterThan(0);
    });

    it('should put the requested facility first', async () => {
      const [row] = await t.dataSource.query<{ nct_id: string; facility_id: number }[]>(
        `SELECT t.nct_id, s.facility_id FROM trial t JOIN site s ON s.trial_id = t.id
          WHERE (SELECT count(*) FROM site x WHERE x.trial_id = t.id) > 5
          ORDER BY t.id, s.id DESC LIMIT 1`,
      );
      const res = await request(t.http)
        .get(`/api/trials/${row.nct_id}`)
        .query({
          q: q({ latitude: BERLIN.lat, longitude: BERLIN.long }),
          facility: row.facility_id,
        });
      expect(res.status).toBe(200);
      expect(res.body.sites[0].facilityId).toBe(row.facility_id);
    });

    it('should answer the first sites only when asked, with the count of all', async () => {
      const [row] = await t.dataSource.query<{ nct_id: string; facility_id: number; n: string }[]>(
        `SELECT t.nct_id, s.facility_id, (SELECT count(*) FROM site x WHERE x.trial_id = t.id) n
           FROM trial t JOIN site s ON s.trial_id = t.id
          WHERE (SELECT count(*) FROM site x WHERE x.trial_id = t.id) > 5
          ORDER BY t.id, s.id DESC LIMIT 1`,
      );
      const query = { q: q({ latitude: BERLIN.lat, longitude: BERLIN.long }) };
      const all = await request(t.http).get(`/api/trials/${row.nct_id}`).query(query);
      expect(all.status).toBe(200);
      expect(all.body.sites).toHaveLength(Number(row.n));
      expect(all.body.sitesTotal).toBe(Number(row.n));

      const first = await request(t.http)
        .get(`/api/trials/${row.nct_id}`)
        .query({ ...query, sites: 3 });
      expect(first.status).toBe(200);
      expect(first.body.sitesTotal).toBe(Number(row.n));
      expect(first.body.sites).toEqual(all.body.sites.slice(0, 3));
      // Counted over every site, not only the ones sent.
      expect(first.body.nearestSite).toEqual(all.body.nearestSite);
      expect(first.body.sitesInRadius).toBe(all.body.sitesInRadius);

      const withFacility = await request(t.http)
        .get(`/api/trials/${row.nct_id}`)
        .query({ ...query, sites: 1, facility: row.facility_id });
      expect(withFacility.body.sites.map((s: { facilityId: number }) => s.facilityId)).toEqual([
        row.facility_id,
      ]);

      for (const bad of ['0', '-1', 'abc', '1.5', '10001']) {
        const res = await request(t.http).get(`/api/trials/${row.nct_id}`).query({ sites: bad });
        expect({ bad, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({
          bad,
          status: 400,
          fields: ['sites'],
        });
      }
    });

    it('should evaluate nothing without q: every rule to check', async () => {
      const [row] = await t.dataSource.query<{ nct_id: string }[]>(
        `SELECT nct_id FROM trial WHERE jsonb_array_length(rules) > 0 LIMIT 1`,
      );
      const res = await request(t.http).get(`/api/trials/${row.nct_id.toLowerCase()}`);
      expect(res.status).toBe(200);
      expect(res.body.evaluated).toBe(false);
      expect(res.body.matched).toEqual([]);
      expect(res.body.toCheck.length).toBeGreaterThan(0);
    });

    it('should answer 404 for an unknown NCT id and 400 for a malformed one or a bad q', async () => {
      const unknown = await request(t.http).get('/api/trials/NCT99999999');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('No trial NCT99999999 is stored.');
      const malformed = await request(t.http).get('/api/trials/NCT123');
      expect(malformed.status).toBe(400);
      const [row] = await t.dataSource.query<{ nct_id: string }[]>(
        'SELECT nct_id FROM trial LIMIT 1',
      );
      const badQ = await request(t.http).get(`/api/trials/${row.nct_id}`).query({ q: '%%%' });
      expect(badQ.status).toBe(400);
      expect(badQ.body.errors).toEqual({ q: 'isBase64Json' });
      const badField = await request(t.http)
        .get(`/api/trials/${row.nct_id}`)
        .query({ q: q({ not_a_field: 'x' }) });
      expect(badField.status).toBe(400);
    });
  });

  it('should find a trial imported after the index was built', async () => {
    const before = await search({ ...berlinLung, criterions: {} });
    const [src] = await t.dataSource.query<{ raw: Record<string, unknown> }[]>(
      `SELECT raw FROM trial WHERE nct_id = $1`,
      [before.body.nctIds[0]],
    );
    const copy = structuredClone(src.raw) as {
      protocolSection: { identificationModule: { nctId: string } };
    };
    copy.protocolSection.identificationModule.nctId = 'NCT09999001';
    await t.app.get(TrialsImportService).importRecords([copy], null);
    const after = await search({ ...berlinLung, criterions: {} });
    expect(after.body.total).toBe(before.body.total + 1);
  });

  it('should apply the curation file on import: a site can drop and add rules', async () => {
    const hits = await search({ ...berlinLung, criterions: {} });
    const nctId = hits.body.nctIds[0] as string;
    const [src] = await t.dataSource.query<{ raw: Record<string, unknown> }[]>(
      'SELECT raw FROM trial WHERE nct_id = $1',
      [nctId],
    );
    const copy = structuredClone(src.raw) as {
      protocolSection: { identificationModule: { nctId: string } };
    };
    copy.protocolSection.identificationModule.nctId = 'NCT09999002';
    const file = join(tmp, 'curation.json');
    writeFileSync(
      file,
      JSON.stringify({
        NCT09999002: {
          add: [{ key: 'alk', kind: 'required', section: 'inclusion', text: 'ALK positive' }],
          note: 'Confirmed with the site',
        },
      }),
    );
    const curated = await createTestApp({ TRIALS_CURATION_FILE: file });
    try {
      await curated.app.get(TrialsImportService).importRecords([copy], null);
      const [row] = await curated.dataSource.query<{ rules: EligibilityRule[] }[]>(
        'SELECT rules FROM trial WHERE nct_id = $1',
        ['NCT09999002'],
      );
      expect(row.rules).toContainEqual(
        expect.objectContaining({ key: 'alk', kind: 'required', source: 'curation' }),
      );
      writeFileSync(file, '{ "NCT09999002": { "add": [{ "key": "nope", "kind": "required" }] } }');
      await expect(
        curated.app.get(TrialsImportService).importRecords([copy], null),
      ).rejects.toThrow(/nope/);
    } finally {
      await curated.close();
    }
  });
});
