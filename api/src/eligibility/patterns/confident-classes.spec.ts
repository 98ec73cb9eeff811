import { type EligibilityRule, ruleExcludes } from '@trialflow/contract';
import { extractRules, readRules, type ExtractRulesInput } from '../extract-rules';
import { calibrateRules, CONFIDENT_CLASSES, readingClass } from './confident-classes';

const input = (over: Partial<ExtractRulesInput>): ExtractRulesInput => ({
  minimumAgeYears: null,
  maximumAgeYears: null,
  sex: 'ALL',
  eligibilityInclusion: '',
  eligibilityExclusion: '',
  conditions: ['lung_cancer'],
  ...over,
});

const rule = (
  r: Partial<EligibilityRule> & Pick<EligibilityRule, 'key' | 'kind'>,
): EligibilityRule => ({
  section: 'inclusion',
  source: 'text',
  text: `${r.key} sentence`,
  confidence: 'high',
  reading: 'plain',
  ...r,
});

describe(readingClass.name, () => {
  it('should name family, criterion, kind with the bounds a range sets, and section', () => {
    expect(readingClass(rule({ key: 'ecog', kind: 'range', max: 1 }))).toBe(
      'performance/ecog/range:max/inclusion',
    );
    expect(readingClass(rule({ key: 'ecog', kind: 'range', min: 0, max: 1 }))).toBe(
      'performance/ecog/range:min-max/inclusion',
    );
    expect(readingClass(rule({ key: 'hiv', kind: 'excluded', section: 'exclusion' }))).toBe(
      'comorbidity/hiv/excluded/exclusion',
    );
    expect(
      readingClass(rule({ key: 'unresectable', kind: 'required', anyOf: ['metastatic'] })),
    ).toBe('stage/unresectable+anyOf/required/inclusion');
  });
});

describe(calibrateRules.name, () => {
  it('should demote a confident rule of a class not in the allow-list to "to check"', () => {
    // (Brain metastases excluded in exclusion may exclude since round 10c, heart disease since
    // round 11c (its pool); kidney disease excluded, with no right reading, may not.)
    const [out] = calibrateRules([
      rule({ key: 'kidney_diseases', kind: 'excluded', section: 'exclusion' }),
    ]);
    expect(out).toMatchObject({ confidence: 'low', reading: 'calibration' });
    expect(ruleExcludes(out)).toBe(false);
  });

  it('should keep a confident rule of an allowed class able to exclude', () => {
    const ecog = rule({ key: 'ecog', kind: 'range', max: 1 });
    expect(CONFIDENT_CLASSES.has(readingClass(ecog))).toBe(true);
    const [out] = calibrateRules([ecog]);
    expect(out).toMatchObject({ confidence: 'high', reading: 'plain' });
    expect(ruleExcludes(out)).toBe(true);
  });

  it('should keep the reading of a rule already low or qualified', () => {
    const out = calibrateRules([
      rule({ key: 'hiv', kind: 'excluded', confidence: 'low', reading: 'cohort' }),
      rule({ key: 'brain_metastases', kind: 'excluded', qualified: true, reading: 'qualified' }),
    ]);
    expect(out.map((r) => r.reading)).toEqual(['cohort', 'qualified']);
  });

  it('should leave age and sex from the structured fields confident', () => {
    const out = extractRules(input({ minimumAgeYears: 18, maximumAgeYears: 75, sex: 'FEMALE' }));
    expect(out.map((r) => [r.key, r.confidence ?? 'high', ruleExcludes(r)])).toEqual([
      ['age', 'high', true],
      ['gender', 'high', true],
    ]);
  });
});

describe(extractRules.name, () => {
  const compact = (rules: EligibilityRule[]): string[] =>
    rules
      .filter((r) => r.source === 'text')
      .map((r) => `${r.key} ${r.kind} ${r.section} ${r.confidence} ${r.reading}`)
      .sort();

  it('should show a plainly read rule of a class too often misread as "to check"', () => {
    const trial = input({
      eligibilityInclusion:
        'Histologically confirmed stage IV NSCLC\nECOG performance status 0-1\nMeasurable disease per RECIST 1.1\n' +
        'Prior treatment with an anti-PD-1 antibody',
      eligibilityExclusion:
        'Known HIV infection\nPregnant or breastfeeding women\nPrior treatment with chemotherapy\n' +
        'Known EGFR mutation\nDiabetes mellitus',
    });
    // The sentences read plainly: every rule is confident before calibration.
    expect(readRules(trial).filter((r) => r.confidence === 'low')).toEqual([]);
    // Calibrated, only the ECOG maximum, HIV, pregnancy/nursing, (round 10a) measurable disease
    // and a stage minimum in inclusion, (round 10b, by the pool prior_therapy/excluded/exclusion)
    // prior chemotherapy excluded, (round 11b) NSCLC required and, by the pool
    // biomarker/excluded/exclusion, EGFR excluded and (round 11c, by the pool
    // comorbidity/excluded/exclusion) diabetes excluded may exclude; a prior therapy required in
    // inclusion may not (its pool passes the bars but was rejected for wrong exclusions).
    expect(
      extractRules(trial)
        .filter((r) => ruleExcludes(r))
        .map((r) => r.key)
        .sort(),
    ).toEqual([
      'chemotherapy',
      'diabetes',
      'ecog',
      'egfr',
      'hiv',
      'measurable_disease',
      'nsclc',
      'pregnant_nursing',
      'tumor_stage',
    ]);
    expect(compact(extractRules(trial))).toEqual(
      expect.arrayContaining(['checkpoint_therapy required inclusion low calibration']),
    );
  });
});
