import type { EligibilityRule } from '@trialflow/contract';
import {
  CONFIDENT_CLASSES,
  MIN_PRECISION,
  MIN_SUPPORT,
  MIN_WILSON,
} from '../eligibility/patterns/confident-classes';
import {
  calibrateClasses,
  formatCalibration,
  measureCalibration,
  wilsonLowerBound,
} from './eligibility-calibration-report';
import type { RuleOutcome } from './eligibility-quality-report';

const outcome = (
  r: Partial<EligibilityRule> & Pick<EligibilityRule, 'key' | 'kind'>,
  right: boolean,
  excludes = true,
): RuleOutcome => ({
  nctId: 'NCT00000001',
  rule: { section: 'inclusion', source: 'text', text: 'sentence', ...r },
  excludes,
  right,
});

describe(wilsonLowerBound.name, () => {
  it('should give the 95% Wilson lower bound of a proportion', () => {
    expect(wilsonLowerBound(156, 160)).toBeCloseTo(0.937, 3);
    expect(wilsonLowerBound(8, 8)).toBeCloseTo(0.676, 3);
    expect(wilsonLowerBound(0, 0)).toBe(0);
  });
});

describe(calibrateClasses.name, () => {
  const many = (n: number, right: number, r: Parameters<typeof outcome>[0]): RuleOutcome[] =>
    Array.from({ length: n }, (_, i) => outcome(r, i < right));

  it('should let a class exclude only with enough support, precision and certainty', () => {
    const classes = calibrateClasses(
      [
        ...many(40, 40, { key: 'ecog', kind: 'range', max: 1 }),
        ...many(7, 7, { key: 'egfr', kind: 'required' }),
        ...many(12, 12, { key: 'metastatic', kind: 'required' }),
        ...many(40, 38, { key: 'hiv', kind: 'excluded', section: 'exclusion' }),
      ],
      new Set(),
    );
    expect(classes.map((c) => [c.readingClass, c.support, c.right, c.passes, c.listed])).toEqual([
      ['performance/ecog/range:max/inclusion', 40, 40, true, false],
      ['comorbidity/hiv/excluded/exclusion', 40, 38, false, false],
      // Right every time, but 12 rules leave a Wilson lower bound of 75.7%.
      ['stage/metastatic/required/inclusion', 12, 12, false, false],
      ['biomarker/egfr/required/inclusion', 7, 7, false, false],
    ]);
    expect(formatCalibration(classes)).toContain('yes (not listed: add)');
  });

  it('should count only the rules that may exclude', () => {
    const classes = calibrateClasses([
      outcome({ key: 'ecog', kind: 'range', max: 1 }, true),
      outcome({ key: 'ecog', kind: 'range', max: 1 }, false, false),
    ]);
    expect(classes).toMatchObject([{ support: 1, right: 1 }]);
  });
});

describe(measureCalibration.name, () => {
  it('should list in the allow-list exactly the classes the calibration labels let exclude', () => {
    const classes = measureCalibration();
    const passing = classes.filter((c) => c.passes).map((c) => c.readingClass);
    expect(passing.sort()).toEqual([...CONFIDENT_CLASSES].sort());
    for (const c of classes.filter((x) => x.passes)) {
      expect(c.support).toBeGreaterThanOrEqual(MIN_SUPPORT);
      expect(c.precision).toBeGreaterThanOrEqual(MIN_PRECISION);
      expect(c.wilson).toBeGreaterThanOrEqual(MIN_WILSON);
    }
  });
});
