import { asAlternative, describeRule } from './rule-text';

describe(describeRule.name, () => {
  it('should word alternatives as they read inside the sentence, keeping acronyms', () => {
    expect(
      describeRule({
        key: 'newly_diagnosed',
        kind: 'excluded',
        anyOf: ['untreated'],
        section: 'inclusion',
        source: 'text',
        text: 'Previously treated disease.',
      }),
    ).toBe('Newly diagnosed or untreated disease excluded');
    expect(
      describeRule({
        key: 'brca1',
        kind: 'required',
        anyOf: ['brca2'],
        section: 'inclusion',
        source: 'text',
        text: 'BRCA1/2 mutation.',
      }),
    ).toBe('BRCA1 mutation or BRCA2 mutation required');
  });
});

describe(asAlternative.name, () => {
  it('should lower a capitalised word and keep an acronym, a symbol or an accent-led word right', () => {
    expect(asAlternative('Refractory disease')).toBe('refractory disease');
    expect(asAlternative('HIV infection')).toBe('HIV infection');
    expect(asAlternative('ECOG performance status')).toBe('ECOG performance status');
    expect(asAlternative('Énfasis')).toBe('énfasis');
    expect(asAlternative('')).toBe('');
  });
});
