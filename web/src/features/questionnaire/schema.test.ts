import { describe, expect, it } from 'vitest';
import {
  CONDITION_KEYS,
  answersToCriterions,
  ANSWER_FIELDS,
  ANSWER_SCHEMA,
  CANCER_STAGES,
  type AnswerField,
  type Answers,
} from '@trialflow/contract';
import type { PatientForm } from '@/lib/patient-form';
import { fieldLabelKey, optionLabelKey } from '@/lib/patient-form/answer-labels';
import { createTestI18n } from '@/testing/render';
import {
  isQuestionVisible,
  QUESTION_GROUPS,
  questionFields,
  questionLabelKey,
  QUESTIONS,
  questionsFor,
  type Question,
} from './schema';

/** Questions that deliberately offer part of their field's options, and why. */
const PARTIAL_OPTIONS: Record<string, string[]> = {
  // 4.1 and 4.2 split stage IV for prostate cancer only; prostate has no stage 0 and uses them.
  cancer_stage: [...CANCER_STAGES, 'dontknow'],
  // Transplants are answered -1 / -2 (the values the cascades test); 'yes' / 'no' is the
  // therapy spelling the API also accepts.
  autologous: ['-1', '-2', 'dontknow'],
  allogeneic: ['-1', '-2', 'dontknow'],
};

function schemaOptions(field: AnswerField): readonly string[] {
  const spec = ANSWER_SCHEMA[field];
  if (spec.kind === 'yesNo') {
    return ['yes', 'no', 'dontknow'];
  }
  if (spec.kind === 'select') {
    return spec.options;
  }
  throw new Error(`${field} is not a choice`);
}

/** A sample answer of a field, for finding out whether the conversion reads it. */
function samples(field: AnswerField): unknown[] {
  const spec = ANSWER_SCHEMA[field];
  switch (spec.kind) {
    case 'yesNo':
      return ['yes', 'no'];
    case 'select':
      return spec.options.filter((o) => o !== 'dontknow');
    case 'number':
      return [spec.min, Math.min(spec.max, 2020), Math.round((spec.min + spec.max) / 2)];
    case 'text':
      return ['x'];
    case 'list':
      return [['x']];
    case 'record':
      return [];
  }
}

/**
 * The fields the criteria conversion reads: a field is used when some answer of it changes the
 * criterions. Transplant dates only count with the transplant answered, so every field is tried
 * against a base where both transplants were had and dated.
 */
function fieldsTheConversionUses(): AnswerField[] {
  const now = new Date(2025, 5, 1);
  const base: Answers = {
    autologous: '-1',
    autologous_year: 2020,
    autologous_month: 3,
    allogeneic: '-1',
    allogeneic_year: 2021,
    allogeneic_month: 5,
  };
  // Search fields (interventional) are set by the search, not asked of the patient.
  const patientFields = ANSWER_FIELDS.filter(
    (field) => ANSWER_SCHEMA[field].group !== 'search' && ANSWER_SCHEMA[field].group !== 'record',
  );
  return patientFields.filter((field) => {
    const without: Answers = { ...base };
    delete without[field];
    const reference = JSON.stringify(answersToCriterions(without, now));
    return samples(field).some(
      (value) =>
        JSON.stringify(answersToCriterions({ ...without, [field]: value }, now)) !== reference,
    );
  });
}

describe('question schema', () => {
  it('should offer exactly the answer schema options (the contract with the API)', () => {
    for (const question of QUESTIONS) {
      if (question.kind !== 'single') {
        continue;
      }
      const allowed = schemaOptions(question.field);
      for (const option of question.options) {
        expect([question.field, option, allowed.includes(option)]).toEqual([
          question.field,
          option,
          true,
        ]);
      }
      if (!(question.field in PARTIAL_OPTIONS)) {
        expect([question.field, [...question.options].sort()]).toEqual([
          question.field,
          [...allowed].sort(),
        ]);
      }
    }
  });

  it('should offer every stage across the stage questions and the transplants as -1 / -2', () => {
    const stageOptions = new Set(
      QUESTIONS.filter((q) => q.kind === 'single' && q.field === 'cancer_stage').flatMap((q) =>
        q.kind === 'single' ? q.options : [],
      ),
    );
    expect([...stageOptions].sort()).toEqual([...ANSWER_SCHEMA.cancer_stage.options].sort());
    for (const transplant of ['autologous', 'allogeneic']) {
      const question = QUESTIONS.find((q) => q.id === transplant);
      expect(question?.kind === 'single' && question.options).toEqual(PARTIAL_OPTIONS[transplant]);
      for (const option of PARTIAL_OPTIONS[transplant]) {
        expect(ANSWER_SCHEMA.autologous.options).toContain(option);
      }
    }
  });

  it('should take number ranges from the answer schema', () => {
    for (const question of QUESTIONS) {
      if (question.kind === 'number') {
        const spec = ANSWER_SCHEMA[question.field];
        expect(spec.kind).toBe('number');
        if (spec.kind === 'number') {
          expect([question.field, question.min, question.max, question.integer]).toEqual([
            question.field,
            spec.min,
            spec.max,
            spec.integer,
          ]);
        }
      }
    }
  });

  it('should only ask answer fields, never search or bookkeeping ones', () => {
    for (const field of QUESTIONS.flatMap(questionFields)) {
      expect(ANSWER_FIELDS).toContain(field);
      expect([field, ANSWER_SCHEMA[field].group]).not.toEqual([field, 'search']);
      expect([field, ANSWER_SCHEMA[field].group]).not.toEqual([field, 'record']);
    }
  });

  it.each(CONDITION_KEYS)(
    'should ask %s questions in every section, each field once',
    (condition) => {
      const questions = questionsFor(condition);
      for (const group of QUESTION_GROUPS) {
        expect([group, questions.some((q) => q.group === group)]).toEqual([group, true]);
      }
      const fields = questions.flatMap(questionFields);
      expect(fields.length).toBe(new Set(fields).size);
      const ids = questions.map((q) => q.id);
      expect(ids.length).toBe(new Set(ids).size);
      // Every condition asks the general questions and the treatment lines.
      for (const field of ['type_of_disease', 'age', 'gender', 'ecog', 'chemotherapy']) {
        expect(fields).toContain(field);
      }
    },
  );

  it('should ask every field the criteria conversion uses for at least one condition', () => {
    const used = fieldsTheConversionUses();
    // Sanity: the conversion reads the obvious ones and skips the search fields.
    expect(used).toEqual(
      expect.arrayContaining(['egfr', 'cancer_stage', 'tnm_M', 'age', 'autologous_year']),
    );
    expect(used).not.toContain('psa');
    const asked = new Set(CONDITION_KEYS.flatMap((c) => questionsFor(c).flatMap(questionFields)));
    expect(used.filter((field) => !asked.has(field))).toEqual([]);
  });

  it('should ask the lung questions of the brief', () => {
    const lung = new Set<string>(questionsFor('lung_cancer').flatMap(questionFields));
    for (const field of [
      'lung_cancer',
      'nsclc',
      'cancer_stage',
      'tnm_T',
      'tnm_N',
      'tnm_M',
      'brain_metastases',
      'egfr',
      'alk',
      'ros1',
      'kras',
      'braf',
      'met',
      'ret',
      'ntrk',
      'her2_non_breast',
      'chemotherapy',
      'checkpoint_therapy',
      'targeted_therapy',
      'radiation_therapy',
      'major_surgery',
      'age',
      'gender',
      'ecog',
      'pregnant',
      'hiv',
      'chronic_heart_disease',
      'chronic_liver_disease',
      'chronic_kidney_disease',
      'other_cancer',
    ]) {
      expect([field, lung.has(field)]).toEqual([field, true]);
    }
  });
});

describe('question visibility', () => {
  const find = (condition: string, field: string): Question => {
    const question = questionsFor(condition).find((q) =>
      questionFields(q).includes(field as AnswerField),
    );
    if (!question) {
      throw new Error(`${field} is not asked for ${condition}`);
    }
    return question;
  };
  const shows = (condition: string, field: string, form: PatientForm) =>
    isQuestionVisible(find(condition, field), { type_of_disease: condition, ...form });

  it('should show the NSCLC histology only for NSCLC', () => {
    expect(shows('lung_cancer', 'nsclc', { lung_cancer: 'nsclc' })).toBe(true);
    expect(shows('lung_cancer', 'nsclc', { lung_cancer: 'sclc' })).toBe(false);
    expect(shows('lung_cancer', 'nsclc', {})).toBe(false);
  });

  it('should show brain metastases only at stage IV', () => {
    expect(shows('lung_cancer', 'brain_metastases', { cancer_stage: '4' })).toBe(true);
    expect(shows('lung_cancer', 'brain_metastases', { cancer_stage: '3.3' })).toBe(false);
    expect(shows('melanoma', 'brain_metastases', {})).toBe(false);
  });

  it('should show a transplant date only when the transplant was had (-1)', () => {
    expect(shows('multiple_myeloma', 'autologous_year', { autologous: '-1' })).toBe(true);
    expect(shows('multiple_myeloma', 'autologous_month', { autologous: '-2' })).toBe(false);
    expect(shows('acute_myeloid_leukemia', 'allogeneic_year', { allogeneic: '-1' })).toBe(true);
    expect(shows('acute_myeloid_leukemia', 'allogeneic_year', { allogeneic: 'dontknow' })).toBe(
      false,
    );
  });

  it('should ask pregnancy and menopause only for a female patient', () => {
    expect(shows('breast_cancer', 'pregnant', { gender: 'female' })).toBe(true);
    expect(shows('breast_cancer', 'menopause', { gender: 'female' })).toBe(true);
    expect(shows('breast_cancer', 'pregnant', { gender: 'male' })).toBe(false);
    expect(shows('breast_cancer', 'menopause', {})).toBe(false);
    expect(shows('lung_cancer', 'pregnant', { gender: 'female' })).toBe(true);
  });

  it('should hide the previous treatments of a newly diagnosed patient', () => {
    expect(shows('lung_cancer', 'chemotherapy', { newly_diagnosed: 'no' })).toBe(true);
    expect(shows('lung_cancer', 'chemotherapy', { newly_diagnosed: 'yes' })).toBe(false);
  });

  it('should ask hereditary markers only for pheochromocytoma and paraganglioma', () => {
    expect(shows('neuroendocrine_tumors', 'sdh', { nets_location: 'paraganglioma' })).toBe(true);
    expect(shows('neuroendocrine_tumors', 'sdh', { nets_location: 'pancreas' })).toBe(false);
    expect(
      shows('neuroendocrine_tumors', 'nets_grade', { nets_location: 'pheochromocytoma' }),
    ).toBe(false);
  });
});

describe('questionnaire translations', () => {
  const i18ns = (['en', 'es', 'de'] as const).map((lang) => [lang, createTestI18n(lang)] as const);

  /** Every key the questionnaire and the Patient Information panel may ask for. */
  function usedKeys(): string[] {
    const keys = new Set<string>();
    for (const question of QUESTIONS) {
      keys.add(questionLabelKey(question));
      if (question.hintKey) {
        keys.add(question.hintKey);
      }
      for (const field of questionFields(question)) {
        keys.add(fieldLabelKey(field));
      }
      if (question.kind === 'single') {
        for (const option of question.options) {
          keys.add(optionLabelKey(question.field, option, question.optionSet));
        }
      }
    }
    for (const field of ANSWER_FIELDS) {
      const spec = ANSWER_SCHEMA[field];
      if (spec.group === 'search' || spec.group === 'record') {
        continue;
      }
      keys.add(fieldLabelKey(field));
      for (const option of spec.kind === 'select' || spec.kind === 'yesNo'
        ? schemaOptions(field)
        : []) {
        keys.add(optionLabelKey(field, option));
      }
    }
    for (const name of ['autologous_date', 'allogeneic_date']) {
      keys.add(`questionnaire.questions.${name}`);
    }
    return [...keys];
  }

  it.each(i18ns)('should have every key the screens use in %s', (_lang, i18n) => {
    const missing = usedKeys().filter((key) => !i18n.exists(key));
    expect(missing).toEqual([]);
  });

  it('should have the same keys in en, es and de, with real translations', () => {
    const [[, en], [, es], [, de]] = i18ns;
    const leaves = (value: unknown, prefix: string): Map<string, string> => {
      const out = new Map<string, string>();
      if (value && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) {
          for (const [path, leaf] of leaves(child, `${prefix}.${key}`)) {
            out.set(path, leaf);
          }
        }
      } else {
        out.set(prefix, String(value));
      }
      return out;
    };
    const bundle = (i18n: typeof en) =>
      leaves(
        (i18n.getResourceBundle(i18n.language, 'translation') as Record<string, unknown>)
          .questionnaire,
        'questionnaire',
      );
    const [enKeys, esKeys, deKeys] = [bundle(en), bundle(es), bundle(de)];
    expect(enKeys.size).toBeGreaterThan(300);
    expect([...esKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    expect([...deKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    for (const other of [esKeys, deKeys]) {
      const same = [...other].filter(([key, text]) => enKeys.get(key) === text).length;
      // Gene names, T1 … T4 and the like read the same in every language; the rest does not.
      expect(same / enKeys.size).toBeLessThan(0.08);
      for (const [key, text] of other) {
        const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect([key, placeholders(text)]).toEqual([key, placeholders(enKeys.get(key) ?? '')]);
      }
    }
  });
});
