import {
  CONDITION_KEYS,
  type ConditionKey,
  ANSWER_SCHEMA,
  CANCER_STAGES,
  type AnswerField,
} from '@trialflow/contract';
import type { PatientForm } from '@/lib/patient-form';
import { fieldLabelKey } from '@/lib/patient-form/answer-labels';

/**
 * The questions of the questionnaire screen, per condition (spec 02 §2, §3 "Questionnaire
 * answers"). Field names and option values are the API's (packages/contract/src/answer-schema.ts,
 * imported, so they cannot drift); this file only chooses which questions each condition asks,
 * with which control, in which section, and when a question shows.
 *
 * Controls:
 * - 'single': one of the options (radio buttons for up to four options, else a drop-down).
 * - 'checkbox': one or more check boxes, each answering its own field 'yes' (ticked) or ''.
 * - 'multi': a multi-select over several yes/no fields: a chosen option answers its field 'yes';
 *   its remove option clears them all (spec 02 §2).
 * - 'number': a number typed in (saved on leaving the field, not on every key).
 * - 'monthYear': the month and year of a transplant.
 * - 'text': free text (saved on leaving the field).
 *
 * A question shows when its condition is chosen, its section shows (Previous Treatments hides for
 * a newly diagnosed patient) and its `visibleWhen` holds. Cascades (./cascades.ts) clear the
 * answers of questions that hide.
 */

export type QuestionGroup = 'diagnosis' | 'treatments' | 'general';
export const QUESTION_GROUPS: readonly QuestionGroup[] = ['diagnosis', 'treatments', 'general'];

export type Visibility = (form: PatientForm) => boolean;

interface QuestionBase {
  /** Unique; the element id on the page (the search links to /questionnaire#<field>). */
  id: string;
  group: QuestionGroup;
  conditions: readonly ConditionKey[];
  visibleWhen?: Visibility;
  /** Translation key of a hint under the label. */
  hintKey?: string;
}

export interface SingleQuestion extends QuestionBase {
  kind: 'single';
  field: AnswerField;
  /** The API's option values, in the order shown. */
  options: readonly string[];
  /** Texts of the options (default: the field's own, see patient-form/answer-labels). */
  optionSet?: string;
  /** Radio buttons or a drop-down (default: radios for up to four options). */
  display?: 'radio' | 'select';
  /** Cannot be taken back to unanswered (the condition). */
  required?: boolean;
}

export interface CheckboxQuestion extends QuestionBase {
  kind: 'checkbox';
  fields: readonly AnswerField[];
}

export interface MultiQuestion extends QuestionBase {
  kind: 'multi';
  fields: readonly AnswerField[];
}

export interface NumberQuestion extends QuestionBase {
  kind: 'number';
  field: AnswerField;
  min: number;
  max: number;
  integer: boolean;
  /** What an emptied input stores: '' (unanswered), or 'dontknow' for age (its default). */
  emptyValue: '' | 'dontknow';
}

export interface MonthYearQuestion extends QuestionBase {
  kind: 'monthYear';
  monthField: AnswerField;
  yearField: AnswerField;
}

export interface TextQuestion extends QuestionBase {
  kind: 'text';
  field: AnswerField;
  maxLength: number;
}

export type Question =
  | SingleQuestion
  | CheckboxQuestion
  | MultiQuestion
  | NumberQuestion
  | MonthYearQuestion
  | TextQuestion;

/** The fields a question answers. */
export function questionFields(question: Question): readonly AnswerField[] {
  switch (question.kind) {
    case 'single':
    case 'number':
    case 'text':
      return [question.field];
    case 'checkbox':
    case 'multi':
      return question.fields;
    case 'monthYear':
      return [question.monthField, question.yearField];
  }
}

/** The translation key of a question's label: its field's, or the question's own for groups. */
export function questionLabelKey(question: Question): string {
  if (question.kind === 'single' || question.kind === 'number' || question.kind === 'text') {
    return fieldLabelKey(question.field);
  }
  if (question.kind === 'checkbox' && question.fields.length === 1) {
    return fieldLabelKey(question.fields[0]);
  }
  return `questionnaire.questions.${question.id}`;
}

// --- condition sets ---------------------------------------------------------------------------

const ALL: readonly ConditionKey[] = CONDITION_KEYS;
const HEMATOLOGIC: readonly ConditionKey[] = [
  'acute_myeloid_leukemia',
  'acute_lymphoblastic_leukemia',
  'multiple_myeloma',
];
const LEUKEMIA: readonly ConditionKey[] = [
  'acute_myeloid_leukemia',
  'acute_lymphoblastic_leukemia',
];
const SOLID: readonly ConditionKey[] = ALL.filter((c) => !HEMATOLOGIC.includes(c));
/** Staged with the AJCC/FIGO stages 0–IV (prostate has its own stage options, NETs an extent). */
const STAGED: readonly ConditionKey[] = SOLID.filter(
  (c) => c !== 'prostate_cancer' && c !== 'neuroendocrine_tumors',
);
/** Staged by TNM in practice (cervical and ovarian cancer are staged by FIGO). */
const TNM: readonly ConditionKey[] = STAGED.filter(
  (c) => c !== 'cervical_cancer' && c !== 'ovarian_cancer',
);
/** Where resectability decides the treatment and the trials. */
const RESECTABILITY: readonly ConditionKey[] = [
  'cholangiocarcinoma',
  'colorectal_cancer',
  'esophageal_cancer',
  'gastric_cancer',
  'liver_cancer',
  'pancreatic_cancer',
];
/** Oligometastatic disease is treated locally (surgery, radiotherapy, ablation). */
const LOCAL_METASTASES: readonly ConditionKey[] = [
  'cholangiocarcinoma',
  'colorectal_cancer',
  'kidney_cancer',
  'liver_cancer',
  'neuroendocrine_tumors',
  'pancreatic_cancer',
  'lung_cancer',
  'breast_cancer',
  'prostate_cancer',
  'melanoma',
];
const FEMALE_CANCERS: readonly ConditionKey[] = [
  'breast_cancer',
  'cervical_cancer',
  'ovarian_cancer',
];

// --- visibility -------------------------------------------------------------------------------

const STAGE_FOUR = ['4', '4.1', '4.2'];
const isYes =
  (field: AnswerField): Visibility =>
  (form) =>
    form[field] === 'yes';
const isTransplanted =
  (field: AnswerField): Visibility =>
  (form) =>
    form[field] === '-1';
const isFemale: Visibility = (form) => form.gender === 'female';
export const isStageFour: Visibility = (form) => STAGE_FOUR.includes(String(form.cancer_stage));
const isMetastatic: Visibility = (form) =>
  isStageFour(form) || form.tnm_M === 'm1' || form.nets_staging === 'metastatic';
const isAdrenalNet: Visibility = (form) =>
  form.nets_location === 'pheochromocytoma' || form.nets_location === 'paraganglioma';
/** Biomarkers of NSCLC: not asked once the cancer is known to be small cell. */
const notSmallCell: Visibility = (form) => form.lung_cancer !== 'sclc';
const hadAndrogenDeprivation: Visibility = (form) =>
  form.castration === 'cspc' || form.castration === 'crpc';

/** Sections that hide as a whole: a newly diagnosed patient has no previous treatments. */
export const GROUP_VISIBLE: Readonly<Record<QuestionGroup, Visibility>> = {
  diagnosis: () => true,
  treatments: (form) => form.newly_diagnosed !== 'yes',
  general: () => true,
};

// --- builders ---------------------------------------------------------------------------------

type Extra = Partial<Pick<QuestionBase, 'visibleWhen' | 'hintKey'>>;

function optionsOf(field: AnswerField): readonly string[] {
  const spec = ANSWER_SCHEMA[field];
  if (spec.kind === 'yesNo') {
    return ['yes', 'no', 'dontknow'];
  }
  if (spec.kind === 'select') {
    return spec.options;
  }
  throw new Error(`${field} has no options`);
}

function single(
  group: QuestionGroup,
  field: AnswerField,
  conditions: readonly ConditionKey[],
  extra: Extra &
    Partial<Pick<SingleQuestion, 'options' | 'optionSet' | 'display' | 'id' | 'required'>> = {},
): SingleQuestion {
  const { id, options, ...rest } = extra;
  return {
    kind: 'single',
    id: id ?? field,
    group,
    field,
    conditions,
    options: options ?? optionsOf(field),
    ...rest,
  };
}

const diagnosis = (
  field: AnswerField,
  conditions: readonly ConditionKey[],
  extra?: Parameters<typeof single>[3],
) => single('diagnosis', field, conditions, extra);
const treatment = (
  field: AnswerField,
  conditions: readonly ConditionKey[],
  extra?: Parameters<typeof single>[3],
) => single('treatments', field, conditions, extra);
const general = (
  field: AnswerField,
  conditions: readonly ConditionKey[],
  extra?: Parameters<typeof single>[3],
) => single('general', field, conditions, extra);

function number(
  group: QuestionGroup,
  field: AnswerField,
  conditions: readonly ConditionKey[],
  extra: Extra & { emptyValue?: '' | 'dontknow' } = {},
): NumberQuestion {
  const spec = ANSWER_SCHEMA[field];
  if (spec.kind !== 'number') {
    throw new Error(`${field} is not a number`);
  }
  const { emptyValue = '', ...rest } = extra;
  return {
    kind: 'number',
    id: field,
    group,
    field,
    conditions,
    min: spec.min,
    max: spec.max,
    integer: spec.integer,
    emptyValue,
    ...rest,
  };
}

function checkbox(
  id: string,
  group: QuestionGroup,
  fields: readonly AnswerField[],
  conditions: readonly ConditionKey[],
  extra: Extra = {},
): CheckboxQuestion {
  return { kind: 'checkbox', id, group, fields, conditions, ...extra };
}

function multi(
  id: string,
  group: QuestionGroup,
  fields: readonly AnswerField[],
  conditions: readonly ConditionKey[],
  extra: Extra = {},
): MultiQuestion {
  return { kind: 'multi', id, group, fields, conditions, ...extra };
}

function transplant(kind: 'autologous' | 'allogeneic', conditions: readonly ConditionKey[]) {
  return [
    treatment(kind, conditions, { options: ['-1', '-2', 'dontknow'] }),
    {
      kind: 'monthYear',
      id: `${kind}_date`,
      group: 'treatments',
      monthField: `${kind}_month`,
      yearField: `${kind}_year`,
      conditions,
      visibleWhen: isTransplanted(kind),
    } satisfies MonthYearQuestion,
  ];
}

/** Stage options: prostate splits stage IV by M1a/b and M1c; 0 (in situ) is not a prostate stage. */
const STAGE_OPTIONS = [...CANCER_STAGES.filter((s) => s !== '4.1' && s !== '4.2'), 'dontknow'];
const PROSTATE_STAGE_OPTIONS = [...CANCER_STAGES.filter((s) => s !== '0' && s !== '4'), 'dontknow'];

// --- the questions, in the order shown ---------------------------------------------------------

export const QUESTIONS: readonly Question[] = [
  // Diagnosis: the condition, its type, stage, disease status, then biomarkers.
  diagnosis('type_of_disease', ALL, { display: 'select', required: true }),
  diagnosis('lung_cancer', ['lung_cancer']),
  diagnosis('nsclc', ['lung_cancer'], { visibleWhen: (form) => form.lung_cancer === 'nsclc' }),
  diagnosis('bc_subtype', ['breast_cancer'], { display: 'select' }),
  diagnosis('nscc', ['cervical_cancer', 'esophageal_cancer', 'gastric_cancer']),
  diagnosis('cholangiocarcinoma', ['cholangiocarcinoma']),
  diagnosis('liver_cancer_subtype', ['liver_cancer']),
  diagnosis('kidney_cancer_subtype', ['kidney_cancer'], { display: 'select' }),
  diagnosis('pancreatic_cancer_subtype', ['pancreatic_cancer']),
  diagnosis('melanoma', ['melanoma'], { display: 'select' }),
  diagnosis('ovarian_subtype', ['ovarian_cancer'], { display: 'select' }),
  diagnosis('ovarian_grade', ['ovarian_cancer']),
  diagnosis('aml_subtype', ['acute_myeloid_leukemia'], { display: 'select' }),
  diagnosis('alLeukemia_subtype', ['acute_lymphoblastic_leukemia']),
  diagnosis('mm_subtype', ['multiple_myeloma']),
  diagnosis('nets_location', ['neuroendocrine_tumors']),
  diagnosis('nets_grade', ['neuroendocrine_tumors'], {
    display: 'select',
    visibleWhen: (form) => !isAdrenalNet(form),
  }),
  diagnosis('nets_differentiation', ['neuroendocrine_tumors'], {
    visibleWhen: (form) => !isAdrenalNet(form),
  }),
  diagnosis('nets_staging', ['neuroendocrine_tumors']),
  diagnosis('nets_progression', ['neuroendocrine_tumors']),
  diagnosis('nets_symptoms', ['neuroendocrine_tumors']),
  diagnosis('cancer_stage', STAGED, {
    options: STAGE_OPTIONS,
    display: 'select',
    hintKey: 'questionnaire.hints.stage',
  }),
  diagnosis('cancer_stage', ['prostate_cancer'], {
    id: 'cancer_stage',
    options: PROSTATE_STAGE_OPTIONS,
    display: 'select',
  }),
  diagnosis('tnm_T', TNM, { display: 'select', hintKey: 'questionnaire.hints.tnm' }),
  diagnosis('tnm_N', TNM, { display: 'select' }),
  diagnosis('tnm_M', TNM, { display: 'select' }),
  diagnosis('brain_metastases', STAGED, { visibleWhen: isStageFour }),
  checkbox('resectability', 'diagnosis', ['stage_resectable', 'stage_unresectable'], RESECTABILITY),
  number('diagnosis', 'psa', ['prostate_cancer']),
  number('diagnosis', 'gleason_score', ['prostate_cancer'], {
    visibleWhen: (form) => form.cancer_stage !== '4.2',
  }),
  diagnosis('crpc', ['prostate_cancer']),
  diagnosis('treatment_stage', HEMATOLOGIC, { display: 'select' }),
  diagnosis('newly_diagnosed', SOLID),
  diagnosis('relapsed', SOLID, { visibleWhen: (form) => form.newly_diagnosed !== 'yes' }),
  diagnosis('aml_cns', LEUKEMIA),
  diagnosis('measurable_disease', [...SOLID, 'multiple_myeloma']),
  diagnosis('hpv_vaccination', ['cervical_cancer']),
  diagnosis('liver_transplant', ['liver_cancer']),

  // Biomarkers (a test result: positive, negative, not tested or unknown).
  diagnosis('er', ['breast_cancer']),
  diagnosis('pr', ['breast_cancer']),
  diagnosis('hr', ['breast_cancer'], { hintKey: 'questionnaire.hints.hr' }),
  diagnosis('her2', ['breast_cancer']),
  diagnosis('egfr', ['lung_cancer'], { visibleWhen: notSmallCell }),
  diagnosis('alk', ['lung_cancer'], { visibleWhen: notSmallCell }),
  diagnosis('ros1', ['lung_cancer'], { visibleWhen: notSmallCell }),
  diagnosis('ras', ['colorectal_cancer']),
  diagnosis('kras', ['lung_cancer', 'colorectal_cancer', 'pancreatic_cancer'], {
    visibleWhen: notSmallCell,
  }),
  diagnosis('nras', ['melanoma']),
  diagnosis('braf', ['lung_cancer', 'colorectal_cancer', 'melanoma', 'cholangiocarcinoma'], {
    visibleWhen: notSmallCell,
  }),
  diagnosis('met', ['lung_cancer'], { visibleWhen: notSmallCell }),
  diagnosis('ret', ['lung_cancer'], { visibleWhen: notSmallCell }),
  diagnosis(
    'ntrk',
    ['lung_cancer', 'colorectal_cancer', 'pancreatic_cancer', 'cholangiocarcinoma'],
    {
      visibleWhen: notSmallCell,
    },
  ),
  diagnosis(
    'her2_non_breast',
    [
      'lung_cancer',
      'colorectal_cancer',
      'esophageal_cancer',
      'gastric_cancer',
      'cholangiocarcinoma',
    ],
    { visibleWhen: notSmallCell },
  ),
  diagnosis('mss', [
    'colorectal_cancer',
    'esophageal_cancer',
    'gastric_cancer',
    'pancreatic_cancer',
    'prostate_cancer',
  ]),
  diagnosis('fgfr2', ['cholangiocarcinoma', 'gastric_cancer']),
  diagnosis('idh1', ['cholangiocarcinoma', 'acute_myeloid_leukemia']),
  diagnosis('idh2', ['acute_myeloid_leukemia']),
  diagnosis('flt3', ['acute_myeloid_leukemia']),
  multi('flt3_type', 'diagnosis', ['flt3_itd', 'flt3_tkd'], ['acute_myeloid_leukemia'], {
    visibleWhen: isYes('flt3'),
  }),
  diagnosis('npm1', ['acute_myeloid_leukemia']),
  diagnosis('tp53', ['acute_myeloid_leukemia', 'multiple_myeloma']),
  diagnosis('bcrabl1', ['acute_lymphoblastic_leukemia']),
  diagnosis('cd19', ['acute_lymphoblastic_leukemia']),
  diagnosis('brca1', ['breast_cancer', 'ovarian_cancer', 'pancreatic_cancer', 'prostate_cancer']),
  diagnosis('brca2', ['breast_cancer', 'ovarian_cancer', 'pancreatic_cancer', 'prostate_cancer']),
  diagnosis('palb2', ['breast_cancer', 'pancreatic_cancer', 'prostate_cancer']),
  diagnosis('atm', ['breast_cancer', 'prostate_cancer']),
  diagnosis('chek2', ['breast_cancer', 'prostate_cancer']),
  diagnosis('pik3ca', ['breast_cancer']),
  diagnosis('rad51c', ['ovarian_cancer']),
  diagnosis('rad51d', ['ovarian_cancer']),
  diagnosis('hrd', ['ovarian_cancer', 'prostate_cancer']),
  diagnosis('hpv16', ['cervical_cancer']),
  diagnosis('hpv18', ['cervical_cancer']),
  diagnosis('hpvother', ['cervical_cancer']),
  diagnosis('vhl', ['kidney_cancer']),
  // Hereditary syndromes of pheochromocytoma and paraganglioma.
  diagnosis('vhl', ['neuroendocrine_tumors'], { id: 'vhl', visibleWhen: isAdrenalNet }),
  diagnosis('ret', ['neuroendocrine_tumors'], { id: 'ret', visibleWhen: isAdrenalNet }),
  diagnosis('nf1', ['neuroendocrine_tumors'], { visibleWhen: isAdrenalNet }),
  diagnosis('sdh', ['neuroendocrine_tumors'], { visibleWhen: isAdrenalNet }),

  // Previous treatments.
  number('treatments', 'chemotherapy', ALL),
  number(
    'treatments',
    'targeted_therapy',
    ALL.filter((c) => c !== 'cervical_cancer'),
  ),
  treatment('checkpoint_therapy', [...SOLID.filter((c) => c !== 'prostate_cancer')]),
  treatment('castration', ['prostate_cancer'], { display: 'select' }),
  treatment('hormonal_therapy', ['breast_cancer', 'prostate_cancer'], {
    visibleWhen: (form) =>
      form.type_of_disease !== 'prostate_cancer' || hadAndrogenDeprivation(form),
  }),
  treatment('orchiectomy', ['prostate_cancer'], { visibleWhen: hadAndrogenDeprivation }),
  checkbox(
    'hormone_therapy_form',
    'treatments',
    ['prostate_hormone_therapy_injections', 'prostate_hormone_therapy_tablets'],
    ['prostate_cancer'],
    {
      visibleWhen: (form) => hadAndrogenDeprivation(form) && form.hormonal_therapy === 'yes',
      hintKey: 'questionnaire.hints.hormoneForm',
    },
  ),
  multi(
    'hormone_injections',
    'treatments',
    ['lhrh_agonists', 'lhrh_antagonists'],
    ['prostate_cancer'],
    {
      visibleWhen: (form) =>
        hadAndrogenDeprivation(form) && form.prostate_hormone_therapy_injections === 'yes',
    },
  ),
  multi('hormone_tablets', 'treatments', ['antiandrogens', 'ad_therapy'], ['prostate_cancer'], {
    visibleWhen: (form) =>
      hadAndrogenDeprivation(form) && form.prostate_hormone_therapy_tablets === 'yes',
  }),
  treatment('parp_therapy', [
    'breast_cancer',
    'ovarian_cancer',
    'pancreatic_cancer',
    'prostate_cancer',
  ]),
  treatment('braf_therapy', ['melanoma', 'lung_cancer', 'colorectal_cancer'], {
    visibleWhen: (form) => form.type_of_disease === 'melanoma' || form.braf === 'yes',
  }),
  treatment('angiogenesis_therapy', [
    'cervical_cancer',
    'colorectal_cancer',
    'gastric_cancer',
    'kidney_cancer',
    'liver_cancer',
    'lung_cancer',
    'ovarian_cancer',
  ]),
  treatment('proteasome', ['multiple_myeloma']),
  treatment('immunomodulator', ['multiple_myeloma']),
  treatment('corticosteroid', HEMATOLOGIC),
  treatment('car_t_therapy', ['multiple_myeloma', 'acute_lymphoblastic_leukemia']),
  ...transplant('autologous', ['multiple_myeloma']),
  ...transplant('allogeneic', HEMATOLOGIC),
  treatment('somatostatin_analogs', ['neuroendocrine_tumors']),
  treatment('prrt', ['neuroendocrine_tumors']),
  treatment('prostatectomy', ['prostate_cancer']),
  treatment('turp', ['prostate_cancer']),
  treatment('major_surgery', SOLID),
  treatment('radiation_therapy', [...SOLID, 'multiple_myeloma']),
  multi(
    'radiation_type',
    'treatments',
    ['ebrt', 'brachytherapy', 'sabr'],
    ['prostate_cancer', 'cervical_cancer'],
    {
      visibleWhen: isYes('radiation_therapy'),
    },
  ),
  number('treatments', 'local_metastates_treatment', LOCAL_METASTASES, {
    visibleWhen: (form) =>
      isMetastatic(form) && form.stage_resectable !== 'yes' && form.stage_unresectable !== 'yes',
  }),

  // General.
  number('general', 'age', ALL, { emptyValue: 'dontknow' }),
  general('gender', ALL),
  general('pregnant', ALL, { visibleWhen: isFemale }),
  general('menopause', FEMALE_CANCERS, { visibleWhen: isFemale }),
  general('ecog', ALL, { display: 'select' }),
  checkbox(
    'other_diseases',
    'general',
    [
      'no_other_diseases',
      'autoimmune',
      'diabetes',
      'chronic_heart_disease',
      'chronic_kidney_disease',
      'chronic_liver_disease',
      'hiv',
      'other_cancer',
      'dont_know_other_diseases',
    ],
    ALL,
  ),
  {
    kind: 'text',
    id: 'other_disease',
    group: 'general',
    field: 'other_disease',
    conditions: ALL,
    maxLength: ANSWER_SCHEMA.other_disease.maxLength,
  },
];

export function isConditionKey(value: unknown): value is ConditionKey {
  return typeof value === 'string' && (CONDITION_KEYS as readonly string[]).includes(value);
}

/** The questions a condition asks, in order (visible or not). */
export function questionsFor(condition: string): Question[] {
  return isConditionKey(condition) ? QUESTIONS.filter((q) => q.conditions.includes(condition)) : [];
}

/** Whether a question shows for this form (its condition is the form's). */
export function isQuestionVisible(question: Question, form: PatientForm): boolean {
  return GROUP_VISIBLE[question.group](form) && (question.visibleWhen?.(form) ?? true);
}

/** The questions of one section that show for this form. */
export function visibleQuestions(form: PatientForm, group: QuestionGroup): Question[] {
  return questionsFor(String(form.type_of_disease ?? '')).filter(
    (q) => q.group === group && isQuestionVisible(q, form),
  );
}

/** Every field a condition asks about (whether its question shows now or not). */
export function fieldsAskedFor(condition: string): Set<AnswerField> {
  return new Set(questionsFor(condition).flatMap(questionFields));
}

export { CONDITION_KEYS, type ConditionKey };
