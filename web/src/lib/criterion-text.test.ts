import i18next, { type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CRITERIA, type EligibilityRule, describeRule } from '@trialflow/contract';
import de from '../../../api/src/translations/locales/de/search.json';
import en from '../../../api/src/translations/locales/en/search.json';
import es from '../../../api/src/translations/locales/es/search.json';
import {
  criterionName,
  criterionRule,
  showsCriterionText,
  type CriterionRuleParts,
} from './criterion-text';

const TEXTS = { en, es, de };
type Lang = keyof typeof TEXTS;

function i18nIn(lang: Lang): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: { search: TEXTS[lang] } } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

const I18N = { en: i18nIn('en'), es: i18nIn('es'), de: i18nIn('de') };

type Parts = Omit<CriterionRuleParts, 'rule'>;

function word(lang: Lang, parts: Parts, rule = 'API rule'): string {
  return criterionRule(I18N[lang], { ...parts, rule });
}

/** One case per form describeRule knows, with its Spanish and German wording. */
const FORMS: { parts: Parts; es: string; de: string }[] = [
  {
    parts: { key: 'egfr', kind: 'required' },
    es: 'Se requiere: Mutación de EGFR',
    de: 'EGFR-Mutation erforderlich',
  },
  {
    parts: { key: 'brain_metastases', kind: 'excluded' },
    es: 'Se excluye: Metástasis cerebrales',
    de: 'Hirnmetastasen ausgeschlossen',
  },
  {
    parts: { key: 'alk', kind: 'required', anyOf: ['ros1'] },
    es: 'Se requiere: Reordenamiento de ALK o reordenamiento de ROS1',
    de: 'ALK-Rearrangement oder ROS1-Rearrangement erforderlich',
  },
  {
    parts: { key: 'hiv', kind: 'excluded', anyOf: ['liver_diseases', 'other_cancer'] },
    es: 'Se excluye: Infección por VIH o hepatopatía crónica o otro cáncer',
    de: 'HIV-Infektion oder Chronische Lebererkrankung oder Weitere Krebserkrankung ausgeschlossen',
  },
  {
    parts: { key: 'age', kind: 'range', min: 18 },
    es: 'Edad: al menos 18 años',
    de: 'Alter: mindestens 18 Jahre',
  },
  {
    parts: { key: 'age', kind: 'range', max: 75 },
    es: 'Edad: como máximo 75 años',
    de: 'Alter: höchstens 75 Jahre',
  },
  {
    parts: { key: 'age', kind: 'range', min: 18, max: 75 },
    es: 'Edad: de 18 a 75 años',
    de: 'Alter: 18 bis 75 Jahre',
  },
  {
    parts: { key: 'ecog', kind: 'range', max: 2 },
    es: 'Estado funcional ECOG: como máximo 2',
    de: 'ECOG-Leistungsstatus: höchstens 2',
  },
  {
    parts: { key: 'ecog', kind: 'range', min: 0, max: 1 },
    es: 'Estado funcional ECOG: de 0 a 1',
    de: 'ECOG-Leistungsstatus: 0 bis 1',
  },
  {
    parts: { key: 'chemotherapy', kind: 'range', min: 1 },
    es: 'Quimioterapia previa: al menos 1',
    de: 'Vorherige Chemotherapie: mindestens 1',
  },
  {
    parts: { key: 'tumor_stage', kind: 'range', min: 3 },
    es: 'Estadio tumoral: al menos III',
    de: 'Tumorstadium: mindestens III',
  },
  {
    parts: { key: 'tumor_stage', kind: 'range', min: 3.1, max: 4 },
    es: 'Estadio tumoral: de IIIA a IV',
    de: 'Tumorstadium: IIIA bis IV',
  },
  {
    parts: { key: 'tumor_stage', kind: 'range', max: 1.2 },
    es: 'Estadio tumoral: como máximo IB',
    de: 'Tumorstadium: höchstens IB',
  },
  {
    parts: { key: 'ecog', kind: 'range' },
    es: 'Estado funcional ECOG',
    de: 'ECOG-Leistungsstatus',
  },
  {
    parts: { key: 'gender', kind: 'required', value: 'female' },
    es: 'Solo pacientes mujeres',
    de: 'Nur Patientinnen',
  },
  {
    parts: { key: 'gender', kind: 'required', value: 'male' },
    es: 'Solo pacientes varones',
    de: 'Nur männliche Patienten',
  },
  {
    parts: { key: 'gender', kind: 'excluded', value: 'male' },
    es: 'Sexo',
    de: 'Geschlecht',
  },
];

describe('criterionRule', () => {
  it.each(FORMS)('should word $parts.key $parts.kind as the API does in English', ({ parts }) => {
    const rule: EligibilityRule = {
      ...parts,
      anyOf: parts.anyOf as EligibilityRule['anyOf'],
      section: 'inclusion',
      source: 'text',
      text: '',
    };
    expect(word('en', parts)).toBe(describeRule(rule));
  });

  it.each(FORMS)('should word $parts.key $parts.kind in Spanish and German', (form) => {
    expect(word('es', form.parts)).toBe(form.es);
    expect(word('de', form.parts)).toBe(form.de);
  });

  it('should write an alternative as it reads inside the sentence, keeping acronyms and German nouns', () => {
    const parts: Parts = { key: 'relapsed', kind: 'required', anyOf: ['refractory', 'hiv'] };
    expect(word('en', parts)).toBe(
      'Relapsed disease or refractory disease or HIV infection required',
    );
    expect(word('en', parts)).toBe(
      describeRule({
        ...parts,
        section: 'inclusion',
        source: 'text',
        text: 's',
      } as EligibilityRule),
    );
    expect(word('de', { key: 'hiv', kind: 'excluded', anyOf: ['brain_metastases'] })).toBe(
      'HIV-Infektion oder Hirnmetastasen ausgeschlossen',
    );
  });

  it('should write bounds with the decimal comma in Spanish and German', () => {
    const parts: Parts = { key: 'age', kind: 'range', min: 0.5 };
    expect(word('en', parts)).toBe('Age at least 0.5 years');
    expect(word('de', parts)).toBe('Alter: mindestens 0,5 Jahre');
    expect(word('es', parts)).toBe('Edad: al menos 0,5 años');
  });

  it("should fall back to the API's rule when a criterion has no translation", () => {
    const unknown = { key: 'new_marker', kind: 'required' } as unknown as Parts;
    expect(word('es', unknown, 'New marker required')).toBe('New marker required');
    const unknownAlternative = {
      key: 'egfr',
      kind: 'required',
      anyOf: ['new_marker'],
    } as unknown as Parts;
    expect(word('de', unknownAlternative, 'EGFR mutation or New marker required')).toBe(
      'EGFR mutation or New marker required',
    );
    expect(word('es', { key: 'gender', kind: 'required', value: '' }, 'Patients only')).toBe(
      'Patients only',
    );
  });

  it('should fall back to the English rule in a language that is not loaded', () => {
    const french = i18next.createInstance();
    void french.init({ lng: 'fr', fallbackLng: false, resources: {}, initAsync: false });
    expect(criterionRule(french, { key: 'egfr', kind: 'required', rule: 'EGFR required' })).toBe(
      'EGFR required',
    );
  });
});

describe('criterionName', () => {
  it('should name a criterion in the current language', () => {
    expect(criterionName(I18N.en, 'pregnant_nursing', 'x')).toBe('Pregnant or breastfeeding');
    expect(criterionName(I18N.es, 'pregnant_nursing', 'x')).toBe('Embarazo o lactancia');
    expect(criterionName(I18N.de, 'pregnant_nursing', 'x')).toBe('Schwangerschaft oder Stillzeit');
  });

  it("should fall back to the API's label for an unknown criterion", () => {
    expect(criterionName(I18N.de, 'new_marker', 'New marker')).toBe('New marker');
  });

  it.each(['en', 'es', 'de'] as const)('should name every criterion of the API in %s', (lang) => {
    const names = TEXTS[lang].criteria as Record<string, string>;
    expect(Object.keys(names).sort()).toEqual(Object.keys(CRITERIA).sort());
    for (const key of Object.keys(CRITERIA)) {
      expect(criterionName(I18N[lang], key, ''), `${lang} ${key}`).toMatch(/\S/);
    }
  });

  it("should use the API's English labels in English, so both word a rule alike", () => {
    for (const [key, definition] of Object.entries(CRITERIA)) {
      expect(criterionName(I18N.en, key, ''), key).toBe(definition.label);
    }
  });
});

describe('showsCriterionText', () => {
  const result = {
    rule: 'EGFR mutation required',
    section: 'inclusion' as const,
    text: 'Documented EGFR mutation.',
  };

  it('should quote a criteria sentence that says more than the rule', () => {
    expect(showsCriterionText(result)).toBe(true);
    expect(showsCriterionText({ ...result, text: 'EGFR mutation required' })).toBe(false);
    expect(showsCriterionText({ ...result, text: '' })).toBe(false);
  });

  it('should not quote the English sentence the API makes from the registry fields', () => {
    const age = { rule: 'Age at least 18 years', section: 'structured' as const };
    expect(showsCriterionText({ ...age, text: 'Age 18 years or older' })).toBe(false);
    expect(showsCriterionText({ ...age, text: 'Adults only', curated: true })).toBe(true);
  });
});
