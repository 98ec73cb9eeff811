import { askedFor, inapplicableCriteria } from './relevance';

const NOW = new Date('2026-11-22T12:00:00Z');

describe(inapplicableCriteria.name, () => {
  it('should leave out pregnancy and menopause for a man, nothing for a woman', () => {
    expect([...inapplicableCriteria({ gender: 'male' }, undefined, NOW)].sort()).toEqual([
      'postmenopausal',
      'pregnant_nursing',
      'premenopausal',
    ]);
    expect([...inapplicableCriteria({ gender: 'female' }, undefined, NOW)]).toEqual([]);
  });

  it('should leave out pregnancy from 60 years on, not before', () => {
    expect(inapplicableCriteria({ age: 1960 }, undefined, NOW).has('pregnant_nursing')).toBe(true);
    expect(inapplicableCriteria({ age: 1970 }, undefined, NOW).has('pregnant_nursing')).toBe(false);
  });

  it("should leave out another disease's subtypes and receptor status", () => {
    const lung = inapplicableCriteria({}, 'lung_cancer', NOW);
    expect(lung.has('tnbc')).toBe(true);
    expect(lung.has('er')).toBe(true);
    expect(lung.has('crpc')).toBe(true);
    expect(lung.has('nsclc')).toBe(false);
    // A biomarker may apply to any tumour: never left out as a rule.
    expect(lung.has('msi_high')).toBe(false);
    expect(inapplicableCriteria({}, 'breast_cancer', NOW).has('tnbc')).toBe(false);
  });

  it('should never leave out an answered criterion', () => {
    expect(
      inapplicableCriteria({ gender: 'male', pregnant_nursing: false }, 'lung_cancer', NOW).has(
        'pregnant_nursing',
      ),
    ).toBe(false);
    expect(inapplicableCriteria({ tnbc: true }, 'lung_cancer', NOW).has('tnbc')).toBe(false);
  });
});

describe(askedFor.name, () => {
  it("should offer only questions of the condition's questionnaire", () => {
    expect(askedFor('tnbc', 'lung_cancer')).toBe(false);
    expect(askedFor('msi_high', 'lung_cancer')).toBe(false);
    expect(askedFor('egfr', 'lung_cancer')).toBe(true);
    expect(askedFor('msi_high', 'colorectal_cancer')).toBe(true);
    expect(askedFor('ecog', 'lung_cancer')).toBe(true);
    expect(askedFor('tumor_stage', 'acute_myeloid_leukemia')).toBe(false);
  });
});
