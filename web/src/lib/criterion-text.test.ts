import i18next, { type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { asAlternative, CRITERIA, type EligibilityRule, describeRule } from '@trialflow/contract';
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
    es: 'Se requiere: mutación de EGFR',
    de: 'EGFR-Mutation erforderlich',
  },
  {
    parts: { key: 'brain_metastases', kind: 'excluded' },
    es: 'Se excluye: metástasis cerebrales',
    de: 'Hirnmetastasen ausgeschlossen',
  },
  {
    parts: { key: 'alk', kind: 'required', anyOf: ['ros1'] },
    es: 'Se requiere: reordenamiento de ALK o reordenamiento de ROS1',
    de: 'ALK-Rearrangement oder ROS1-Rearrangement erforderlich',
  },
  {
    parts: { key: 'hiv', kind: 'excluded', anyOf: ['liver_diseases', 'other_cancer'] },
    es: 'Se excluye: infección por VIH o hepatopatía crónica u otro cáncer',
    de: 'HIV-Infektion oder chronische Lebererkrankung oder weitere Krebserkrankung ausgeschlossen',
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

  it('should write the second and later names in lower case in English and Spanish, and German adjectives', () => {
    const parts: Parts = { key: 'newly_diagnosed', kind: 'excluded', anyOf: ['untreated'] };
    expect(word('en', parts)).toBe('Newly diagnosed or untreated disease excluded');
    expect(word('es', parts)).toBe('Se excluye: diagnóstico reciente o enfermedad no tratada');
    expect(word('de', parts)).toBe(
      'Neu diagnostiziert oder unbehandelte Erkrankung ausgeschlossen',
    );
    const therapies: Parts = {
      key: 'chemotherapy',
      kind: 'required',
      anyOf: ['remission', 'diabetes'],
    };
    expect(word('en', therapies)).toBe('Prior chemotherapy or in remission or diabetes required');
    expect(word('es', therapies)).toBe(
      'Se requiere: quimioterapia previa o en remisión o diabetes',
    );
    expect(word('de', therapies)).toBe(
      'Vorherige Chemotherapie oder in Remission oder Diabetes mellitus erforderlich',
    );
  });

  it('should keep acronyms as they are written in every language', () => {
    const parts: Parts = {
      key: 'relapsed',
      kind: 'required',
      anyOf: ['egfr', 'her2', 'msi_high', 'secondary_aml'],
    };
    expect(word('en', parts)).toBe(
      'Relapsed disease or EGFR mutation or HER2 positive or MSI-high / dMMR or secondary AML required',
    );
    expect(word('es', parts)).toBe(
      'Se requiere: enfermedad en recaída o mutación de EGFR o HER2 positivo o MSI alta / dMMR o LMA secundaria',
    );
    expect(word('de', parts)).toBe(
      'Rezidivierte Erkrankung oder EGFR-Mutation oder HER2-positiv oder MSI-H / dMMR oder sekundäre AML erforderlich',
    );
  });

  it("should write 'u' for 'o' in Spanish before a name that opens with the sound /o/, at every join", () => {
    const chain: Parts = {
      key: 'chemotherapy',
      kind: 'required',
      anyOf: ['hormonal_therapy', 'other_cancer'],
    };
    expect(word('es', chain)).toBe(
      'Se requiere: quimioterapia previa u hormonoterapia previa u otro cáncer',
    );
    expect(word('en', chain)).toBe(
      'Prior chemotherapy or prior hormonal therapy or another cancer required',
    );
    expect(word('de', chain)).toBe(
      'Vorherige Chemotherapie oder vorherige Hormontherapie oder weitere Krebserkrankung erforderlich',
    );
    // Only the join before an o- or ho- name changes; h before another vowel is no /o/.
    const mixed: Parts = {
      key: 'hiv',
      kind: 'excluded',
      anyOf: ['other_cancer', 'liver_diseases', 'hormonal_therapy'],
    };
    expect(word('es', mixed)).toBe(
      'Se excluye: infección por VIH u otro cáncer o hepatopatía crónica u hormonoterapia previa',
    );
    expect(word('es', { key: 'other_cancer', kind: 'excluded', anyOf: ['her2'] })).toBe(
      'Se excluye: otro cáncer o HER2 positivo',
    );
  });

  it('should write the first name in lower case after a colon, keeping acronyms', () => {
    expect(word('es', { key: 'egfr', kind: 'required' })).toBe('Se requiere: mutación de EGFR');
    expect(word('es', { key: 'her2', kind: 'required' })).toBe('Se requiere: HER2 positivo');
    expect(word('es', { key: 'msi_high', kind: 'excluded' })).toBe('Se excluye: MSI alta / dMMR');
    expect(word('es', { key: 'hpv_16', kind: 'excluded', anyOf: ['hiv'] })).toBe(
      'Se excluye: VPH 16 positivo o infección por VIH',
    );
    expect(word('es', { key: 'ecog', kind: 'required' })).toBe(
      'Se requiere: estado funcional ECOG',
    );
    // No colon before the names in English and German: their first name keeps its capital.
    expect(word('en', { key: 'brain_metastases', kind: 'excluded' })).toBe(
      'Brain metastases excluded',
    );
    expect(word('de', { key: 'liver_diseases', kind: 'excluded' })).toBe(
      'Chronische Lebererkrankung ausgeschlossen',
    );
  });

  it('should follow the template, not the language, for the case after a colon', () => {
    const colon = i18next.createInstance();
    void colon.init({
      lng: 'en',
      fallbackLng: false,
      resources: {
        en: {
          translation: {
            search: {
              ...en,
              criterionRule: { ...en.criterionRule, excluded: 'Excluded: {{names}}' },
            },
          },
        },
      },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    const parts: CriterionRuleParts = {
      key: 'brain_metastases',
      kind: 'excluded',
      anyOf: ['hiv'],
      rule: 'API rule',
    };
    expect(criterionRule(colon, parts)).toBe('Excluded: brain metastases or HIV infection');
    expect(criterionRule(colon, { ...parts, kind: 'required' })).toBe(
      'Brain metastases or HIV infection required',
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

describe('asAlternative in German', () => {
  it('should keep the capital of every German name that opens with a noun, and only of those', () => {
    // German capitalises nouns anywhere in a sentence. A new criterion lands on one side or the
    // other here, so its name is checked against that rule once.
    const nounLed = `
      adenocarcinoma age alk atm autoimmune bcrabl1 borderline_ovarian braf
      brain_metastases brca1 brca2 cd19 chek2 cns_leukemia de_novo_aml diabetes ecog egfr
      er fgfr2 flt3 gallbladder_cancer gender her2 hiv hpv_16 hpv_18 hr idh1 idh2 kras met
      msi_high mss mucosal_melanoma npm1 nras ntrk ovarian_high_grade ovarian_low_grade
      palb2 pancreatic_acinar_carcinoma paraganglioma pd_l1 pheochromocytoma pik3ca
      plasma_cell_leukemia postmenopausal pr pregnant_nursing premenopausal rad51c rad51d
      ras ret ros1 squamous tp53 tumor_stage uveal_melanoma vhl
    `
      .trim()
      .split(/\s+/);
    const names = Object.entries(de.criteria);
    const kept = names.filter(([, name]) => asAlternative(name, 'de') === name).map(([key]) => key);
    expect(kept.sort()).toEqual(nounLed);
    for (const [key, name] of names.filter(([key]) => !nounLed.includes(key))) {
      expect(asAlternative(name, 'de'), key).toBe(name.charAt(0).toLowerCase() + name.slice(1));
    }
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
