import { asAlternative, describeRule, opensWithOSound } from './rule-text';

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
    expect(
      describeRule({
        key: 'relapsed',
        kind: 'excluded',
        anyOf: ['egfr', 'her2', 'msi_high', 'nsclc'],
        section: 'exclusion',
        source: 'text',
        text: 'Relapsed disease or a driver.',
      }),
    ).toBe(
      'Relapsed disease or EGFR mutation or HER2 positive or MSI-high / dMMR or non-small cell lung cancer excluded',
    );
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

  it('should keep the case of an acronym-led name in English and Spanish', () => {
    expect(asAlternative('NSCLC histology')).toBe('NSCLC histology');
    expect(asAlternative('HER2 positive', 'es')).toBe('HER2 positive');
    expect(asAlternative('MSI-high / dMMR', 'es')).toBe('MSI-high / dMMR');
    expect(asAlternative('Mutación de EGFR', 'es')).toBe('mutación de EGFR');
  });

  it('should lower a German name only where it opens with no noun', () => {
    // Adjectives and participles before their noun, adverbs and prepositions: small letter.
    expect(asAlternative('Chronische Lebererkrankung', 'de')).toBe('chronische Lebererkrankung');
    expect(asAlternative('Schwelendes (smoldering) multiples Myelom', 'de')).toBe(
      'schwelendes (smoldering) multiples Myelom',
    );
    expect(asAlternative('Nicht resektable Erkrankung', 'de')).toBe('nicht resektable Erkrankung');
    expect(asAlternative('Neu diagnostiziert', 'de')).toBe('neu diagnostiziert');
    expect(asAlternative('In Remission', 'de')).toBe('in Remission');
    // Nouns, acronyms and symbols keep their case.
    expect(asAlternative('Hirnmetastasen', 'de')).toBe('Hirnmetastasen');
    expect(asAlternative('Diabetes mellitus', 'de')).toBe('Diabetes mellitus');
    expect(asAlternative('Borderline-Tumor des Ovars', 'de')).toBe('Borderline-Tumor des Ovars');
    expect(asAlternative('Sekundäre AML', 'de')).toBe('sekundäre AML');
    expect(asAlternative('ECOG-Leistungsstatus', 'de')).toBe('ECOG-Leistungsstatus');
    expect(asAlternative('MSI-H / dMMR', 'de')).toBe('MSI-H / dMMR');
  });
});

describe(opensWithOSound.name, () => {
  it('should find the sound /o/ at the start of an o- or ho- name, in either case', () => {
    expect(opensWithOSound('Otro cáncer')).toBe(true);
    expect(opensWithOSound('otro cáncer')).toBe(true);
    expect(opensWithOSound('Hormonoterapia previa')).toBe(true);
    expect(opensWithOSound('hormonoterapia previa')).toBe(true);
    expect(opensWithOSound('Óseo')).toBe(true);
    expect(opensWithOSound('OMS')).toBe(true);
  });

  it('should not find it after an h before another vowel, in an acronym spelt from H or elsewhere', () => {
    expect(opensWithOSound('Hepatopatía crónica')).toBe(false);
    expect(opensWithOSound('HER2 positivo')).toBe(false);
    expect(opensWithOSound('HOX')).toBe(false);
    expect(opensWithOSound('Diabetes')).toBe(false);
    expect(opensWithOSound('Carcinoma de ovario')).toBe(false);
    expect(opensWithOSound('')).toBe(false);
  });
});
