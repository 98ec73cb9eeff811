import { BadRequestException } from '@nestjs/common';
import { type EligibilityRule, describeRule, inapplicableCriteria } from '@trialflow/contract';
import { evaluateRules, matchScore, ruleOutcome } from './matching';
import { validateCriterions } from './to-index-query';

const NOW = new Date('2026-11-22T12:00:00Z');

function rule(
  r: Partial<EligibilityRule> & Pick<EligibilityRule, 'key' | 'kind'>,
): EligibilityRule {
  return { section: 'inclusion', source: 'text', text: 'sentence', ...r };
}

describe(ruleOutcome.name, () => {
  it('should match a required rule on true, conflict on false and be unknown when absent', () => {
    const r = rule({ key: 'egfr', kind: 'required' });
    expect(ruleOutcome(r, { egfr: true }, NOW)).toBe('matched');
    expect(ruleOutcome(r, { egfr: false }, NOW)).toBe('conflicting');
    expect(ruleOutcome(r, {}, NOW)).toBe('unknown');
  });

  it('should conflict an excluded rule on true and match on false', () => {
    const r = rule({ key: 'hiv', kind: 'excluded' });
    expect(ruleOutcome(r, { hiv: true }, NOW)).toBe('conflicting');
    expect(ruleOutcome(r, { hiv: false }, NOW)).toBe('matched');
  });

  it('should read therapy -1 as had, -2 as not had and weeks since a transplant as had', () => {
    const r = rule({ key: 'autologous_transplant', kind: 'excluded' });
    expect(ruleOutcome(r, { autologous_transplant: -1 }, NOW)).toBe('conflicting');
    expect(ruleOutcome(r, { autologous_transplant: 30 }, NOW)).toBe('conflicting');
    expect(ruleOutcome(r, { autologous_transplant: -2 }, NOW)).toBe('matched');
  });

  it('should read required lines as at least one and ranges as bounds of the count', () => {
    expect(
      ruleOutcome(rule({ key: 'chemotherapy', kind: 'required' }), { chemotherapy: 0 }, NOW),
    ).toBe('conflicting');
    expect(
      ruleOutcome(rule({ key: 'chemotherapy', kind: 'range', max: 2 }), { chemotherapy: 3 }, NOW),
    ).toBe('conflicting');
    expect(
      ruleOutcome(rule({ key: 'chemotherapy', kind: 'range', max: 2 }), { chemotherapy: 2 }, NOW),
    ).toBe('matched');
  });

  it('should meet anyOf by any, conflicting only when all are answered no', () => {
    const r = rule({ key: 'relapsed', kind: 'required', anyOf: ['refractory'] });
    expect(ruleOutcome(r, { relapsed: false, refractory: true }, NOW)).toBe('matched');
    expect(ruleOutcome(r, { relapsed: false }, NOW)).toBe('unknown');
    expect(ruleOutcome(r, { relapsed: false, refractory: false }, NOW)).toBe('conflicting');
  });

  it('should compare the gender value', () => {
    const r = rule({ key: 'gender', kind: 'required', value: 'female' });
    expect(ruleOutcome(r, { gender: 'female' }, NOW)).toBe('matched');
    expect(ruleOutcome(r, { gender: 'male' }, NOW)).toBe('conflicting');
  });

  it('should compare stage ranges by stage number', () => {
    const r = rule({ key: 'tumor_stage', kind: 'range', min: 3.2 });
    expect(ruleOutcome(r, { tumor_stage: 4 }, NOW)).toBe('matched');
    expect(ruleOutcome(r, { tumor_stage: 3.1 }, NOW)).toBe('conflicting');
  });
});

describe(evaluateRules.name, () => {
  it('should sort rules into matched, to check and conflicting, qualified conflicts to check', () => {
    const rules = [
      rule({ key: 'egfr', kind: 'required' }),
      rule({ key: 'ecog', kind: 'range', min: 0, max: 1 }),
      rule({ key: 'brain_metastases', kind: 'excluded', qualified: true }),
      rule({ key: 'hiv', kind: 'excluded' }),
    ];
    const e = evaluateRules(rules, { egfr: true, ecog: 2, brain_metastases: true }, NOW);
    expect(e.matched.map((m) => m.rule.key)).toEqual(['egfr']);
    expect(e.conflicting.map((m) => m.rule.key)).toEqual(['ecog']);
    expect(e.toCheck.map((m) => [m.rule.key, m.qualified ?? false])).toEqual([
      ['brain_metastases', true],
      ['hiv', false],
    ]);
  });

  it('should report a contradicted low-confidence rule to check, never conflicting', () => {
    const rules = [
      rule({ key: 'ecog', kind: 'range', max: 1, confidence: 'low', reading: 'exception' }),
      rule({ key: 'egfr', kind: 'required', confidence: 'low', reading: 'cohort' }),
      rule({ key: 'hiv', kind: 'excluded', confidence: 'high', reading: 'plain' }),
    ];
    const e = evaluateRules(rules, { ecog: 2, egfr: false, hiv: true }, NOW);
    expect(e.conflicting.map((m) => m.rule.key)).toEqual(['hiv']);
    expect(e.toCheck.map((m) => [m.rule.key, m.qualified])).toEqual([
      ['ecog', true],
      ['egfr', true],
    ]);
  });

  it('should give one verdict per criterion with every source sentence', () => {
    const rules = [
      rule({ key: 'brain_metastases', kind: 'excluded', text: 'No brain metastases' }),
      rule({
        key: 'brain_metastases',
        kind: 'excluded',
        section: 'exclusion',
        text: 'Known brain metastases',
      }),
      rule({ key: 'ecog', kind: 'range', max: 2, text: 'ECOG 0-2' }),
      rule({ key: 'ecog', kind: 'range', max: 1, confidence: 'low', text: 'Cohort B: ECOG 0-1' }),
    ];
    const open = evaluateRules(rules, {}, NOW);
    expect(open.toCheck.map((e) => [e.rule.key, e.rules.map((r) => r.text)])).toEqual([
      ['brain_metastases', ['No brain metastases', 'Known brain metastases']],
      ['ecog', ['ECOG 0-2', 'Cohort B: ECOG 0-1']],
    ]);
    // ECOG 2 meets the trial's rule but not cohort B's: one verdict, to check.
    const e = evaluateRules(rules, { brain_metastases: true, ecog: 2 }, NOW);
    expect(e.conflicting.map((c) => [c.rule.key, c.rules.length])).toEqual([
      ['brain_metastases', 2],
    ]);
    expect(e.toCheck.map((c) => [c.rule.key, c.rule.text, c.qualified])).toEqual([
      ['ecog', 'Cohort B: ECOG 0-1', true],
    ]);
    expect(evaluateRules(rules, { brain_metastases: false, ecog: 0 }, NOW).matched).toHaveLength(2);
  });

  it('should leave out open rules that cannot apply, but evaluate them when answered', () => {
    const rules = [
      rule({ key: 'pregnant_nursing', kind: 'excluded', section: 'exclusion' }),
      rule({ key: 'tnbc', kind: 'excluded', section: 'exclusion' }),
    ];
    const male = { gender: 'male' } as const;
    const e = evaluateRules(rules, male, NOW, inapplicableCriteria(male, 'lung_cancer', NOW));
    expect([...e.toCheck, ...e.matched, ...e.conflicting]).toEqual([]);
    const answered = { gender: 'male', tnbc: true } as const;
    expect(
      evaluateRules(
        rules,
        answered,
        NOW,
        inapplicableCriteria(answered, 'lung_cancer', NOW),
      ).conflicting.map((c) => c.rule.key),
    ).toEqual(['tnbc']);
  });

  it('should score 50 without rules, more with matches, less with open questions', () => {
    expect(matchScore(0, 0)).toBe(50);
    expect(matchScore(2, 0)).toBe(75);
    expect(matchScore(0, 2)).toBe(25);
    expect(
      evaluateRules([rule({ key: 'egfr', kind: 'required' })], { egfr: true }, NOW).score,
    ).toBe(75);
  });

  it('should rank a possible conflict below an open question, without excluding the trial', () => {
    const rules = [
      rule({ key: 'egfr', kind: 'required', confidence: 'low', reading: 'calibration' }),
    ];
    const open = evaluateRules(rules, {}, NOW);
    const contradicted = evaluateRules(rules, { egfr: false }, NOW);
    expect(contradicted.conflicting).toEqual([]);
    expect(contradicted.toCheck.map((e) => [e.rule.key, e.qualified])).toEqual([['egfr', true]]);
    // One open question: (0 + 1) / (0 + 1 + 2); a possible conflict weighs two.
    expect(open.score).toBe(33);
    expect(contradicted.score).toBe(25);
    expect(contradicted.score).toBeLessThan(open.score);
  });
});

describe(describeRule.name, () => {
  it('should say the rule in words', () => {
    expect(describeRule(rule({ key: 'egfr', kind: 'required' }))).toBe('EGFR mutation required');
    expect(describeRule(rule({ key: 'ecog', kind: 'range', min: 0, max: 1 }))).toBe(
      'ECOG performance status 0 to 1',
    );
    expect(describeRule(rule({ key: 'tumor_stage', kind: 'range', min: 3.2 }))).toBe(
      'Tumor stage at least IIIB',
    );
    expect(describeRule(rule({ key: 'age', kind: 'range', min: 18 }))).toBe(
      'Age at least 18 years',
    );
    expect(describeRule(rule({ key: 'gender', kind: 'required', value: 'female' }))).toBe(
      'Female patients only',
    );
    expect(describeRule(rule({ key: 'relapsed', kind: 'required', anyOf: ['refractory'] }))).toBe(
      'Relapsed disease or refractory disease required',
    );
  });
});

describe(validateCriterions.name, () => {
  const errorsOf = (input: Record<string, unknown>): Record<string, string> => {
    try {
      validateCriterions(input, NOW);
    } catch (error) {
      return ((error as BadRequestException).getResponse() as { errors: Record<string, string> })
        .errors;
    }
    return {};
  };

  it('should accept values of each kind', () => {
    expect(
      validateCriterions(
        {
          egfr: true,
          ecog: 1,
          tumor_stage: 4,
          age: 1961,
          gender: 'male',
          checkpoint_therapy: -2,
          chemotherapy: 2,
          interventional: true,
          hiv: '',
        },
        NOW,
      ),
    ).toEqual({
      egfr: true,
      ecog: 1,
      tumor_stage: 4,
      age: 1961,
      gender: 'male',
      checkpoint_therapy: -2,
      chemotherapy: 2,
      interventional: true,
    });
  });

  it('should name unknown keys and wrong values', () => {
    expect(errorsOf({ egfrr: true })).toEqual({ 'criterions.egfrr': 'unknownCriterion' });
    expect(errorsOf({ egfr: 'yes', age: 2030, checkpoint_therapy: 1.5, gender: 'x' })).toEqual({
      'criterions.egfr': 'invalidValue',
      'criterions.age': 'invalidValue',
      'criterions.checkpoint_therapy': 'invalidValue',
      'criterions.gender': 'invalidValue',
    });
  });
});
