import { readFileSync } from 'node:fs';
import type { CriterionFamily } from '@trialflow/contract';
import {
  compareWithLabels,
  DEFAULT_HOLDOUT_LABELS_FILE,
  DEFAULT_LABELS_FILE,
  measureQuality,
  parseLabels,
  type LabelledRule,
  rulesMatch,
} from './eligibility-quality-report';

/**
 * Quality floors over the hand-labelled fixture (test/fixtures/eligibility-labels.json, 32
 * trials, 247 labelled rules) and the CT.gov records shipped in data/ctgov. First honest measurement,
 * 2026-11-22: overall precision 97.5%, recall 93.5%; precision per family: biomarker 100%,
 * comorbidity 100%, disease_status 100%, metastases 100%, performance 100%, prior_therapy 89.5%,
 * stage 94.1%, subtype 100%. Caveat: the patterns were written by the same person who labelled
 * these trials, after reading them, so these are development-set figures.
 */
const OVERALL_PRECISION_FLOOR = 0.93;
const OVERALL_RECALL_FLOOR = 0.88;
const FAMILY_PRECISION_FLOORS: Partial<Record<CriterionFamily, number>> = {
  biomarker: 0.95,
  comorbidity: 0.95,
  disease_status: 0.9,
  metastases: 0.95,
  performance: 0.95,
  prior_therapy: 0.85,
  stage: 0.88,
  subtype: 0.9,
};

/**
 * Held-out floors (test/fixtures/eligibility-labels-holdout.json, 16 trials, 152 labelled rules,
 * labelled blind: before reading the patterns or running the extractor). Measured 2026-11-22:
 * overall precision 76.2% (93/122), recall 61.2% (93/152); precision per family with >= 5
 * labels: biomarker 77.8% (7/9), comorbidity 91.7% (44/48), disease_status 28.6% (2/7),
 * metastases 70.0% (7/10), performance 93.3% (14/15), prior_therapy 46.2% (6/13), stage 77.8%
 * (7/9), subtype 54.5% (6/11). These are the honest figures; the development-set ones above are
 * inflated. Raise the floors as the extraction improves; never relabel to pass them.
 */
const HOLDOUT_OVERALL_PRECISION_FLOOR = 0.73;
const HOLDOUT_OVERALL_RECALL_FLOOR = 0.58;
const HOLDOUT_FAMILY_PRECISION_FLOORS: Partial<Record<CriterionFamily, number>> = {
  biomarker: 0.75,
  comorbidity: 0.88,
  disease_status: 0.25,
  metastases: 0.65,
  performance: 0.9,
  prior_therapy: 0.42,
  stage: 0.75,
  subtype: 0.5,
};

describe('eligibility quality', () => {
  describe(rulesMatch.name, () => {
    const base = { key: 'ecog', kind: 'range', section: 'inclusion', max: 1 } as const;

    it('should match on key, kind, section and both bounds', () => {
      expect(rulesMatch(base, { ...base })).toBe(true);
      expect(rulesMatch(base, { ...base, max: 2 })).toBe(false);
      expect(rulesMatch(base, { ...base, min: 0 })).toBe(false);
      expect(rulesMatch(base, { ...base, section: 'exclusion' })).toBe(false);
    });

    it('should compare an anyOf group as a set, whichever key leads it', () => {
      const a: LabelledRule = {
        key: 'unresectable',
        kind: 'required',
        section: 'inclusion',
        anyOf: ['metastatic'],
      };
      const b: LabelledRule = {
        key: 'metastatic',
        kind: 'required',
        section: 'inclusion',
        anyOf: ['unresectable'],
      };
      expect(rulesMatch(a, b)).toBe(true);
      expect(rulesMatch(a, { key: 'unresectable', kind: 'required', section: 'inclusion' })).toBe(
        false,
      );
    });
  });

  it('should count matches one-to-one per family', () => {
    const labels = parseLabels(
      JSON.stringify([
        {
          nctId: 'NCT00000001',
          conditions: [],
          rules: [
            { key: 'egfr', kind: 'required', section: 'inclusion' },
            { key: 'hiv', kind: 'excluded', section: 'exclusion' },
          ],
        },
      ]),
    );
    const text = { source: 'text', text: 't' } as const;
    const report = compareWithLabels(
      labels,
      new Map([
        [
          'NCT00000001',
          [
            { ...text, key: 'egfr', kind: 'required', section: 'inclusion' },
            { ...text, key: 'egfr', kind: 'required', section: 'inclusion' },
            {
              key: 'age',
              kind: 'range',
              min: 18,
              section: 'structured',
              source: 'structured',
              text: 'Age',
            },
          ],
        ],
      ]),
    );
    const biomarker = report.families.find((f) => f.family === 'biomarker');
    expect(biomarker).toMatchObject({
      labelled: 1,
      extracted: 2,
      matched: 1,
      precision: 0.5,
      recall: 1,
    });
    expect(report.overall).toMatchObject({ labelled: 2, extracted: 2, matched: 1, recall: 0.5 });
  });

  it('should reject labels over unknown keys', () => {
    expect(() =>
      parseLabels(
        '[{"nctId":"NCT00000001","conditions":[],"rules":[{"key":"egfrr","kind":"required","section":"inclusion"}]}]',
      ),
    ).toThrow("NCT00000001: unknown criterion key 'egfrr'");
  });

  describe('over the labelled trials', () => {
    const report = measureQuality();

    it('should label at least 30 trials across at least 8 conditions', () => {
      const labels = parseLabels(readFileSync(DEFAULT_LABELS_FILE(), 'utf8'));
      expect(report.trials).toBeGreaterThanOrEqual(30);
      expect(new Set(labels.flatMap((l) => l.conditions)).size).toBeGreaterThanOrEqual(8);
    });

    it('should keep overall precision and recall above their floors', () => {
      expect(report.overall.precision).toBeGreaterThanOrEqual(OVERALL_PRECISION_FLOOR);
      expect(report.overall.recall).toBeGreaterThanOrEqual(OVERALL_RECALL_FLOOR);
    });

    it('should keep precision of each family with at least 5 labelled rules above its floor', () => {
      const below = (report.families ?? [])
        .filter((f) => f.labelled >= 5)
        .filter(
          (f) =>
            f.precision <
            (FAMILY_PRECISION_FLOORS[f.family as CriterionFamily] ?? OVERALL_PRECISION_FLOOR),
        )
        .map((f) => `${f.family} ${(f.precision * 100).toFixed(1)}%`);
      expect(below).toEqual([]);
    });
  });
  describe('over the held-out trials (labelled blind)', () => {
    const labelsFile = DEFAULT_HOLDOUT_LABELS_FILE();
    const report = measureQuality(labelsFile);

    it('should label 16 trials not in the development set, across at least 6 conditions', () => {
      const labels = parseLabels(readFileSync(labelsFile, 'utf8'));
      const development = new Set(
        parseLabels(readFileSync(DEFAULT_LABELS_FILE(), 'utf8')).map((l) => l.nctId),
      );
      expect(report.trials).toBe(16);
      expect(labels.filter((l) => development.has(l.nctId))).toEqual([]);
      expect(new Set(labels.flatMap((l) => l.conditions)).size).toBeGreaterThanOrEqual(6);
    });

    it('should keep overall precision and recall above their held-out floors', () => {
      expect(report.overall.precision).toBeGreaterThanOrEqual(HOLDOUT_OVERALL_PRECISION_FLOOR);
      expect(report.overall.recall).toBeGreaterThanOrEqual(HOLDOUT_OVERALL_RECALL_FLOOR);
    });

    it('should keep precision of each family with at least 5 held-out labels above its floor', () => {
      const below = (report.families ?? [])
        .filter((f) => f.labelled >= 5)
        .filter(
          (f) =>
            f.precision <
            (HOLDOUT_FAMILY_PRECISION_FLOORS[f.family as CriterionFamily] ??
              HOLDOUT_OVERALL_PRECISION_FLOOR),
        )
        .map((f) => `${f.family} ${(f.precision * 100).toFixed(1)}%`);
      expect(below).toEqual([]);
    });
  });
});
