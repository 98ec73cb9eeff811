import type { EligibilityRule } from '@trialflow/contract';
import {
  CONFIDENT_CLASS_TABLE,
  CONFIDENT_CLASSES,
  CONFIDENT_INFERENCE_TABLE,
  CONFIDENT_POOL_TABLE,
  CONFIDENT_VERDICT_TABLE,
  MIN_INFERENCE_TRIALS,
  MIN_PRECISION,
  MIN_SUPPORT,
  MIN_WILSON,
  REJECTED_POOLS,
} from '../eligibility/patterns/confident-classes';
import {
  calibrateClasses,
  calibratePools,
  formatCalibration,
  type InferenceCalibration,
  measureCalibration,
  measureInferences,
  measureVerdictClasses,
  readVerdictData,
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
    expect(formatCalibration({ classes, pools: [] })).toContain('yes (not listed: add)');
  });

  it('should print the misread sentences of the classes that may not exclude when asked', () => {
    const classes = calibrateClasses(
      [
        outcome({ key: 'ecog', kind: 'range', max: 1, text: 'ECOG 0-1' }, true),
        outcome({ key: 'egfr', kind: 'required', text: 'EGFR wild-type or mutant' }, false),
        outcome({ key: 'egfr', kind: 'required', text: 'EGFR-mutant NSCLC' }, true),
      ],
      new Set(),
    );
    expect(classes.find((c) => c.readingClass.startsWith('biomarker/egfr'))?.wrong).toEqual([
      { nctId: 'NCT00000001', text: 'EGFR wild-type or mutant' },
    ]);
    const shown = formatCalibration({ classes, pools: [] }, 5);
    expect(shown).toContain('biomarker/egfr/required/inclusion (1 wrong of 2)');
    expect(shown).toContain('  NCT00000001: "EGFR wild-type or mutant"');
    expect(shown).not.toContain('EGFR-mutant NSCLC');
    expect(formatCalibration({ classes, pools: [] })).not.toContain('Misread sentences');
  });

  it('should count only the rules that may exclude', () => {
    const classes = calibrateClasses([
      outcome({ key: 'ecog', kind: 'range', max: 1 }, true),
      outcome({ key: 'ecog', kind: 'range', max: 1 }, false, false),
    ]);
    expect(classes).toMatchObject([{ support: 1, right: 1 }]);
  });
});

describe(calibratePools.name, () => {
  const many = (n: number, right: number, r: Parameters<typeof outcome>[0]): RuleOutcome[] =>
    Array.from({ length: n }, (_, i) => outcome(r, i < right));

  // A pool no review rejected (biomarker/required/inclusion is in REJECTED_POOLS since round 10b).
  it('should let a small class without a miss exclude when its pool passes the bars', () => {
    const outcomes = [
      ...many(20, 20, { key: 'adenocarcinoma', kind: 'required' }),
      ...many(12, 12, { key: 'squamous', kind: 'required' }),
      ...many(3, 3, { key: 'nsclc', kind: 'required', anyOf: ['sclc'] }),
    ];
    const [pool] = calibratePools(outcomes, new Set());
    expect(pool).toMatchObject({ pool: 'subtype/required/inclusion', support: 35, right: 35 });
    expect(pool.passes).toBe(true);
    const classes = calibrateClasses(outcomes, new Set());
    expect(classes.map((c) => [c.readingClass, c.by])).toEqual([
      // 20 of 20 alone is a Wilson bound of 83.9%: it too excludes by its pool.
      ['subtype/adenocarcinoma/required/inclusion', 'pool'],
      ['subtype/squamous/required/inclusion', 'pool'],
      ['subtype/nsclc+anyOf/required/inclusion', 'pool'],
    ]);
    expect(formatCalibration({ classes, pools: [pool] })).toContain('yes (pool) (not listed: add)');
  });

  it('should not let a class with a miss of its own borrow its pool', () => {
    const outcomes = [
      ...many(40, 40, { key: 'egfr', kind: 'required' }),
      ...many(5, 4, { key: 'alk', kind: 'required' }),
    ];
    expect(calibratePools(outcomes, new Set())[0]).toMatchObject({ support: 45, passes: true });
    const classes = calibrateClasses(outcomes, new Set());
    expect(classes.map((c) => [c.readingClass, c.by, c.poolPasses])).toEqual([
      ['biomarker/egfr/required/inclusion', 'class', true],
      ['biomarker/alk/required/inclusion', null, true],
    ]);
  });

  it('should not let a rejected pool admit its classes', () => {
    const outcomes = [
      ...many(40, 40, { key: 'measurable_disease', kind: 'required' }),
      ...many(12, 12, { key: 'metastatic', kind: 'required' }),
    ];
    expect(REJECTED_POOLS.has('stage/required/inclusion')).toBe(true);
    expect(calibratePools(outcomes, new Set())[0]).toMatchObject({ passes: true });
    const classes = calibrateClasses(outcomes, new Set());
    expect(classes.map((c) => [c.readingClass, c.by, c.poolRejected])).toEqual([
      ['stage/measurable_disease/required/inclusion', 'class', true],
      ['stage/metastatic/required/inclusion', null, true],
    ]);
    expect(formatCalibration({ classes, pools: [] })).toContain('no (pool rejected)');
  });

  it('should not let a pool below the bars admit its classes', () => {
    const outcomes = [
      ...many(10, 10, { key: 'nsclc', kind: 'required' }),
      ...many(10, 7, { key: 'adenocarcinoma', kind: 'required' }),
    ];
    expect(calibratePools(outcomes, new Set())[0]).toMatchObject({ passes: false });
    expect(calibrateClasses(outcomes, new Set()).every((c) => c.by === null)).toBe(true);
  });
});

/** The calibration and the verdict data, measured once for the tests that read them. */
const once = <T>(make: () => T): (() => T) => {
  let value: { made: T } | undefined;
  return () => (value ??= { made: make() }).made;
};
const calibration = once(() => measureCalibration());
const verdictData = once(() => readVerdictData());

/** A row measured on the judged verdicts, as the report prints it. */
const onVerdicts = (
  row: Pick<InferenceCalibration, 'readingClass' | 'pairs' | 'right' | 'byFamily' | 'trials'> &
    Pick<InferenceCalibration, 'wilson' | 'passes' | 'listed'>,
): InferenceCalibration => ({
  precision: row.pairs ? row.right / row.pairs : 1,
  rejected: false,
  wrong: [],
  otherReason: [],
  ...row,
});

describe(measureCalibration.name, () => {
  it('should list in the allow-list exactly the classes the calibration labels let exclude', () => {
    const { classes, pools } = calibration();
    const allowed = classes.filter((c) => c.passes);
    // Every row of the reviewed table, with its figures and why it may exclude.
    expect(
      allowed
        .map((c) => ({
          readingClass: c.readingClass,
          by: c.by,
          support: c.support,
          right: c.right,
        }))
        .sort((a, b) => a.readingClass.localeCompare(b.readingClass)),
    ).toEqual(
      [...CONFIDENT_CLASS_TABLE].sort((a, b) => a.readingClass.localeCompare(b.readingClass)),
    );
    const onVerdicts = new Set(CONFIDENT_VERDICT_TABLE.map((c) => c.readingClass));
    expect(allowed.map((c) => c.readingClass).sort()).toEqual(
      [...CONFIDENT_CLASSES].filter((c) => !c.includes('/inferred:') && !onVerdicts.has(c)).sort(),
    );
    for (const c of classes.filter((x) => x.by === 'class')) {
      expect(c.support).toBeGreaterThanOrEqual(MIN_SUPPORT);
      expect(c.precision).toBeGreaterThanOrEqual(MIN_PRECISION);
      expect(c.wilson).toBeGreaterThanOrEqual(MIN_WILSON);
    }
    for (const c of classes.filter((x) => x.by === 'pool')) {
      expect(c.right).toBe(c.support);
    }
    // The pools that pass, with their figures, are the reviewed pool table.
    expect(
      pools
        .filter((p) => p.passes)
        .map((p) => ({ pool: p.pool, support: p.support, right: p.right }))
        .sort((a, b) => a.pool.localeCompare(b.pool)),
    ).toEqual([...CONFIDENT_POOL_TABLE].sort((a, b) => a.pool.localeCompare(b.pool)));
    // A rejected pool admits none of its classes.
    for (const pool of REJECTED_POOLS.keys()) {
      expect(classes.filter((c) => c.pool === pool && c.by === 'pool')).toEqual([]);
    }
  });
});

describe(measureVerdictClasses.name, () => {
  // Session 13: labelled classes without a miss but too few rules are admitted on the verdicts.
  it('should list exactly the labelled classes the calibration verdicts let exclude, with their figures', () => {
    const { classes } = calibration();
    const measured = measureVerdictClasses(classes, verdictData());
    expect(
      measured
        .filter((c) => c.passes)
        .map(({ readingClass, labelled, pairs, right, trials }) => ({
          readingClass,
          labelled,
          pairs,
          right,
          trials,
        }))
        .sort((a, b) => a.readingClass.localeCompare(b.readingClass)),
    ).toEqual(
      [...CONFIDENT_VERDICT_TABLE].sort((a, b) => a.readingClass.localeCompare(b.readingClass)),
    );
    const byClass = new Map(classes.map((c) => [c.readingClass, c]));
    for (const c of measured) {
      // Only classes that do not pass on the labels and have no miss there.
      const labels = byClass.get(c.readingClass);
      expect(labels?.passes).toBe(false);
      expect(labels?.right).toBe(labels?.support);
      expect(c.labelled).toBe(labels?.support);
      expect(c.readingClass).not.toContain('/inferred:');
    }
    for (const c of measured.filter((x) => x.passes)) {
      expect(c.pairs).toBeGreaterThanOrEqual(MIN_SUPPORT);
      expect(c.trials).toBeGreaterThanOrEqual(MIN_INFERENCE_TRIALS);
      expect(c.wilson).toBeGreaterThanOrEqual(MIN_WILSON);
      expect(CONFIDENT_CLASSES.has(c.readingClass)).toBe(true);
    }
    // A class with a miss on the labels is not measured, however its verdicts go.
    const missed = classes.find((c) => c.support > c.right && !c.passes);
    expect(missed).toBeDefined();
    expect(measured.map((c) => c.readingClass)).not.toContain(missed?.readingClass);
  });

  it('should print the labelled classes measured on the verdicts with their labels, and their drift', () => {
    const text = formatCalibration({
      classes: [],
      pools: [],
      verdictClasses: [
        {
          ...onVerdicts({
            readingClass: 'stage/metastatic/excluded/inclusion',
            pairs: 8,
            right: 8,
            byFamily: 8,
            trials: 8,
            wilson: 0.676,
            passes: false,
            listed: true,
          }),
          labelled: 19,
        },
      ],
    });
    expect(text).toMatch(/stage\/metastatic\/excluded\/inclusion\s+19\s+8\s+8/);
    expect(text).toContain('no (listed: remove)');
    expect(text).toContain(
      'differs from this measurement in 0 classes, 0 pools, 1 classes on the verdicts and 0 inferences',
    );
  });
});

describe(measureInferences.name, () => {
  // Session 11: the inferences no label writes are calibrated on the judged verdicts.
  it('should list exactly the inferences the calibration verdicts let exclude, with their figures', () => {
    const measured = measureInferences(verdictData());
    expect(
      measured
        .filter((c) => c.passes)
        .map(({ readingClass, pairs, right, trials }) => ({ readingClass, pairs, right, trials }))
        .sort((a, b) => a.readingClass.localeCompare(b.readingClass)),
    ).toEqual(
      [...CONFIDENT_INFERENCE_TABLE].sort((a, b) => a.readingClass.localeCompare(b.readingClass)),
    );
    for (const c of measured.filter((x) => x.passes)) {
      expect(c.pairs).toBeGreaterThanOrEqual(MIN_SUPPORT);
      expect(c.trials).toBeGreaterThanOrEqual(MIN_INFERENCE_TRIALS);
      expect(c.precision).toBeGreaterThanOrEqual(MIN_PRECISION);
      expect(c.wilson).toBeGreaterThanOrEqual(MIN_WILSON);
      expect(CONFIDENT_CLASSES.has(c.readingClass)).toBe(true);
    }
    // Only inferences: a class the labels calibrate is never measured here.
    expect(measured.every((c) => c.readingClass.includes('/inferred:'))).toBe(true);
  });

  it("should print the inferences with the labels' classes and say when the list drifts", () => {
    const text = formatCalibration({
      classes: [],
      pools: [],
      inferences: [
        onVerdicts({
          readingClass: 'stage/tumor_stage/range:min/inclusion/inferred:advanced',
          pairs: 30,
          right: 30,
          byFamily: 28,
          trials: 20,
          wilson: 0.886,
          passes: true,
          listed: false,
        }),
      ],
    });
    expect(text).toContain('inferred:advanced');
    expect(text).toContain('yes (not listed: add)');
    expect(text).toContain(
      'differs from this measurement in 0 classes, 0 pools, 0 classes on the verdicts and 1 inferences',
    );
  });
});
