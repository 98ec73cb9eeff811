import type { EligibilityRule } from '@trialflow/contract';
import {
  compareVerdicts,
  formatVerdicts,
  measureVerdicts,
  parseVignettes,
  type Vignette,
} from './eligibility-verdict-report';

/**
 * Verdict floors (issue 14 targets) over test/fixtures/eligibility-vignettes.json and the
 * shipped CT.gov records. Measured 2026-11-23 after the confidence work: held-out (2 vignettes,
 * 10 judged pairs): 0 wrong exclusions, precision 100% (5/5), recall 83.3% (5/6); all (7
 * vignettes, 35 pairs): 0 wrong exclusions, precision 100% (21/21), recall 87.5% (21/24). The
 * development vignettes first gave 2 wrong exclusions of 25 pairs (88.2% / 83.3%) and led to two
 * pattern fixes. Never relabel to pass; raise the floors as the engine improves.
 */
const MAX_WRONG_EXCLUSION_RATE = 0.01;
const PRECISION_FLOOR = 0.97;
const HELDOUT_RECALL_FLOOR = 0.75;
const ALL_RECALL_FLOOR = 0.85;

const rule = (
  r: Partial<EligibilityRule> & Pick<EligibilityRule, 'key' | 'kind'>,
): EligibilityRule => ({
  section: 'inclusion',
  source: 'text',
  text: `${r.key} sentence`,
  ...r,
});

const vignette = (over: Partial<Vignette> = {}): Vignette => ({
  id: 'V1',
  split: 'heldout',
  answers: { type_of_disease: 'lung_cancer', egfr: 'no', ecog: '2' },
  trials: [],
  ...over,
});

describe(compareVerdicts.name, () => {
  it('should count a wrong exclusion when an eligible or undecidable pair is excluded', () => {
    const rules = new Map([
      ['NCT00000001', [rule({ key: 'egfr', kind: 'required' })]],
      ['NCT00000002', [rule({ key: 'ecog', kind: 'range', max: 1 })]],
      ['NCT00000003', [rule({ key: 'ecog', kind: 'range', max: 1, confidence: 'low' })]],
    ]);
    const report = compareVerdicts(
      [
        vignette({
          trials: [
            { nctId: 'NCT00000001', verdict: 'excluded', by: ['egfr'], why: 'EGFR required' },
            { nctId: 'NCT00000002', verdict: 'undecidable', why: 'cohort-specific ECOG' },
            { nctId: 'NCT00000003', verdict: 'excluded', by: ['ecog'], why: 'ECOG 0-1' },
          ],
        }),
      ],
      rules,
    );
    expect(report).toMatchObject({ pairs: 3, wrongExclusions: 1, precision: 0.5, recall: 0.5 });
    expect(report.worst.map((c) => [c.nctId, c.engineExcludes])).toEqual([
      ['NCT00000002', true],
      ['NCT00000003', false],
    ]);
    expect(report.worst[0].conflicting).toEqual([{ key: 'ecog', texts: ['ecog sentence'] }]);
    const text = formatVerdicts(report, 'test');
    expect(text.split('\n')[1]).toBe('WRONG EXCLUSIONS: 1 of 3 pairs (33.3%)');
    expect(text).toContain('engine: ecog conflicts: "ecog sentence"');
  });

  it('should reject an exclusion without its criteria and an unknown split', () => {
    const file = (v: unknown) => JSON.stringify({ vignettes: [v] });
    expect(() =>
      parseVignettes(
        file(vignette({ trials: [{ nctId: 'NCT00000001', verdict: 'excluded', why: 'x' }] })),
      ),
    ).toThrow('V1: NCT00000001: \'excluded\' needs "by"');
    expect(() => parseVignettes(file({ ...vignette(), split: 'train' }))).toThrow(
      'V1: split must be development or heldout',
    );
  });

  it('should reject answers the questionnaire could not send', () => {
    const file = (answers: Record<string, unknown>) =>
      JSON.stringify({ vignettes: [{ ...vignette(), answers }] });
    expect(() => parseVignettes(file({ type_of_disease: 'lung_cancer', ecog: '5' }))).toThrow(
      'V1: ecog must be one of: 0, 1, 2, 3, 4, dontknow',
    );
    expect(() => parseVignettes(file({ type_of_disease: 'lung_cancer', stage: '4' }))).toThrow(
      'V1: stage is not a questionnaire field',
    );
    expect(
      parseVignettes(file({ type_of_disease: 'lung_cancer', ecog: '1', chemotherapy: 2 })),
    ).toHaveLength(1);
  });
});

describe('verdicts on the judged vignettes', () => {
  it('should have at most 1% wrong exclusions and the precision and recall floors on the held-out part', () => {
    const report = measureVerdicts('heldout');
    expect(report.pairs).toBeGreaterThanOrEqual(10);
    expect(report.wrongExclusions / report.pairs).toBeLessThanOrEqual(MAX_WRONG_EXCLUSION_RATE);
    expect(report.precision).toBeGreaterThanOrEqual(PRECISION_FLOOR);
    expect(report.recall).toBeGreaterThanOrEqual(HELDOUT_RECALL_FLOOR);
  });

  it('should keep the floors over all vignettes', () => {
    const report = measureVerdicts('all');
    expect(report.wrongExclusions / report.pairs).toBeLessThanOrEqual(MAX_WRONG_EXCLUSION_RATE);
    expect(report.precision).toBeGreaterThanOrEqual(PRECISION_FLOOR);
    expect(report.recall).toBeGreaterThanOrEqual(ALL_RECALL_FLOOR);
  });
});
