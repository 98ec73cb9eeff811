import { ANSWER_FIELDS, ANSWER_SCHEMA, type AnswerField } from '@trialflow/contract';
import { isAnswered, isPatientField, type FormValue, type PatientForm } from '@/lib/patient-form';
import { fieldsAskedFor, isQuestionVisible, questionFields, questionsFor } from './schema';
import { stageFromTnm } from './tnm';

/**
 * Answer cascades (spec 02 §4 "Answer cascades") as a pure function of the form before and after
 * one change. Every bullet of the spec is a rule below; the spec leaves three things open, chosen
 * here:
 *
 * 1. The list newly_diagnosed = yes clears (NEWLY_DIAGNOSED_CLEARS): the whole treatment history,
 *    i.e. every treatment field of the answer schema (chemotherapy and targeted lines, every
 *    therapy, the transplants and their dates, castration and the prostate hormone fields, local
 *    treatment of metastases), plus `relapsed` (a new diagnosis has not relapsed). The Previous
 *    Treatments section hides while the patient is newly diagnosed.
 * 2. The two pieces of search state a disease change clears: the chosen facilities
 *    (DISEASE_CHANGE_CLEARS: facility_ids, facility, facility_name — form fields) and the search's
 *    filters and page, which live in the search feature: the caller fires DISEASE_CHANGED_EVENT
 *    for it (see `diseaseChanged`).
 * 3. "cancer_stage other than 4": stage IV split into 4.1 / 4.2 (prostate) counts as 4.
 *    "treated, remission or relapsed sets newly_diagnosed to no" also holds for 'refractory'
 *    (the API's extra status: refractory disease has been treated).
 *
 * Rules beyond the spec's bullets, so the form never holds answers the screen does not show:
 * - A disease change clears every patient answer (issue 15: another condition is another
 *   patient; the screens ask before discarding answers). A condition chosen elsewhere (the home
 *   form) is brought in line by prepareForm, which clears the answers it does not ask.
 * - The answers of questions that hide (e.g. local treatment of metastases once the stage is not
 *   metastatic) are cleared; most of the spec's clearing bullets are cases of this.
 * - Check boxes that exclude each other: resectable / unresectable; "no other diseases" and
 *   "not known" against each named disease.
 * - Choosing a stage that disagrees with the answered T, N and M clears them (the stage would
 *   otherwise be overwritten by the next TNM answer).
 */

export type Patch = PatientForm;

/** Fired on `window` when the condition changes; the search starts its filters and page afresh. */
export const DISEASE_CHANGED_EVENT = 'trialflow:disease-changed';

export interface DiseaseChangedDetail {
  previous: string;
  disease: string;
}

const TREATMENT_FIELDS: readonly AnswerField[] = ANSWER_FIELDS.filter(
  (field) => ANSWER_SCHEMA[field].group === 'treatment',
);

/** What newly_diagnosed = yes clears: the treatment history (see 1. above). */
export const NEWLY_DIAGNOSED_CLEARS: readonly AnswerField[] = [...TREATMENT_FIELDS, 'relapsed'];

/** The search state of the form a disease change clears: the chosen facilities. */
export const DISEASE_CHANGE_CLEARS: readonly AnswerField[] = [
  'facility_ids',
  'facility',
  'facility_name',
];

/** Every hormone therapy field of prostate cancer (cleared without androgen deprivation). */
export const PROSTATE_HORMONE_FIELDS: readonly AnswerField[] = [
  'hormonal_therapy',
  'prostate_hormonal_therapy',
  'prostate_hormone_therapy_injections',
  'prostate_hormone_therapy_tablets',
  'lhrh_agonists',
  'lhrh_antagonists',
  'antiandrogens',
  'ad_therapy',
  'orchiectomy',
];

/** Injected hormone therapy: the choice and the LHRH drugs. */
export const HORMONE_INJECTION_FIELDS: readonly AnswerField[] = [
  'prostate_hormone_therapy_injections',
  'lhrh_agonists',
  'lhrh_antagonists',
];

/** Hormone therapy taken as tablets: the choice and the drugs. */
export const HORMONE_TABLET_FIELDS: readonly AnswerField[] = [
  'prostate_hormone_therapy_tablets',
  'antiandrogens',
  'ad_therapy',
];

export const ADRENAL_NET_LOCATIONS = ['pheochromocytoma', 'paraganglioma'];
/** Hereditary markers asked only for pheochromocytoma and paraganglioma. */
export const ADRENAL_NET_MARKERS: readonly AnswerField[] = ['vhl', 'ret', 'nf1', 'sdh'];

export const NAMED_COMORBIDITIES: readonly AnswerField[] = [
  'autoimmune',
  'diabetes',
  'chronic_heart_disease',
  'chronic_kidney_disease',
  'chronic_liver_disease',
  'hiv',
  'other_cancer',
];

/** The sex a condition implies. */
export const CONDITION_GENDER: Readonly<Record<string, 'male' | 'female'>> = {
  prostate_cancer: 'male',
  cervical_cancer: 'female',
  ovarian_cancer: 'female',
};

const STAGE_FOUR = ['4', '4.1', '4.2'];
const TNM_FIELDS: readonly AnswerField[] = ['tnm_T', 'tnm_N', 'tnm_M'];

/** Answers set by a cascade from another answer: kept while their source is asked. */
const DERIVED_FROM: Partial<Record<AnswerField, readonly AnswerField[]>> = {
  newly_diagnosed: ['treatment_stage'],
  relapsed: ['treatment_stage'],
};

function cleared(form: PatientForm, fields: readonly string[]): Patch {
  return Object.fromEntries(fields.map((f) => [f, Array.isArray(form[f]) ? [] : '']));
}

function str(value: FormValue | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

type Rule = (form: PatientForm) => Patch;

/** The spec's bullets, by the field whose change triggers them. */
const RULES: Partial<Record<AnswerField, Rule>> = {
  newly_diagnosed: (form) => {
    const value = str(form.newly_diagnosed);
    const patch: Patch = value === 'yes' ? cleared(form, NEWLY_DIAGNOSED_CLEARS) : {};
    if (form.type_of_disease === 'prostate_cancer') {
      if (value === 'yes') {
        patch.crpc = 'no';
      } else if (value === 'no') {
        patch.crpc = '';
      }
    }
    return patch;
  },
  treatment_stage: (form): Patch => {
    switch (str(form.treatment_stage)) {
      case 'untreated':
        return { ...cleared(form, NEWLY_DIAGNOSED_CLEARS), newly_diagnosed: 'yes' };
      case 'treated':
      case 'remission':
        return { newly_diagnosed: 'no', relapsed: 'no' };
      case 'relapsed':
      case 'refractory':
        return { newly_diagnosed: 'no' };
      case 'dontknow':
        return { newly_diagnosed: '' };
      default:
        return {};
    }
  },
  gender: (form) => (form.gender === 'female' ? {} : cleared(form, ['pregnant', 'menopause'])),
  cancer_stage: (form) => {
    const stage = str(form.cancer_stage);
    const patch: Patch = STAGE_FOUR.includes(stage) ? {} : cleared(form, ['brain_metastases']);
    if (stage === '4.2') {
      patch.gleason_score = '';
    }
    return patch;
  },
  lung_cancer: (form) => (form.lung_cancer === 'nsclc' ? {} : cleared(form, ['nsclc'])),
  allogeneic: (form) =>
    str(form.allogeneic) === '-1' ? {} : cleared(form, ['allogeneic_month', 'allogeneic_year']),
  autologous: (form) =>
    str(form.autologous) === '-1' ? {} : cleared(form, ['autologous_month', 'autologous_year']),
  ...Object.fromEntries(
    HORMONE_INJECTION_FIELDS.map((field) => [
      field,
      (form: PatientForm) => (form[field] === 'yes' ? cleared(form, HORMONE_TABLET_FIELDS) : {}),
    ]),
  ),
  ...Object.fromEntries(
    HORMONE_TABLET_FIELDS.map((field) => [
      field,
      (form: PatientForm) => (form[field] === 'yes' ? cleared(form, HORMONE_INJECTION_FIELDS) : {}),
    ]),
  ),
  // Resectable or unresectable excludes treating metastases locally, and each other.
  stage_resectable: (form) =>
    form.stage_resectable === 'yes'
      ? cleared(form, ['local_metastates_treatment', 'stage_unresectable'])
      : {},
  stage_unresectable: (form) =>
    form.stage_unresectable === 'yes'
      ? cleared(form, ['local_metastates_treatment', 'stage_resectable'])
      : {},
  nets_grade: (form) =>
    str(form.nets_grade) === '10'
      ? { nets_differentiation: 'poorly_differentiated' }
      : cleared(form, ['nets_differentiation']),
  nets_location: (form) =>
    ADRENAL_NET_LOCATIONS.includes(str(form.nets_location))
      ? cleared(form, ['nets_grade', 'nets_differentiation'])
      : cleared(form, ADRENAL_NET_MARKERS),
  bc_subtype: (form): Patch => {
    const subtype = str(form.bc_subtype);
    if (subtype === 'dcis' || subtype === 'lcis') {
      return { cancer_stage: '0' };
    }
    return ['idc', 'ilc', 'ibc', 'dontknow'].includes(subtype) ? { cancer_stage: '' } : {};
  },
  ovarian_subtype: (form) => {
    const subtype = str(form.ovarian_subtype);
    if (subtype === 'clear_cell') {
      return { ovarian_grade: 'ovarian_high_grade' };
    }
    return { ovarian_grade: subtype === 'borderline' ? 'ovarian_low_grade' : '' };
  },
  castration: (form) =>
    form.castration === 'cspc' || form.castration === 'crpc'
      ? {}
      : cleared(form, PROSTATE_HORMONE_FIELDS),
  er: (form) => ({ hr: hormoneReceptor(form) }),
  pr: (form) => ({ hr: hormoneReceptor(form) }),
  type_of_disease: (form): Patch => {
    const gender = CONDITION_GENDER[str(form.type_of_disease)];
    return gender ? { gender } : {};
  },
  tnm_T: (form) => ({ cancer_stage: tnmStage(form) }),
  tnm_N: (form) => ({ cancer_stage: tnmStage(form) }),
  tnm_M: (form) => ({ cancer_stage: tnmStage(form) }),
  // Named diseases, "none" and "not known" exclude each other.
  no_other_diseases: (form) =>
    form.no_other_diseases === 'yes'
      ? cleared(form, [...NAMED_COMORBIDITIES, 'dont_know_other_diseases'])
      : {},
  dont_know_other_diseases: (form) =>
    form.dont_know_other_diseases === 'yes'
      ? cleared(form, [...NAMED_COMORBIDITIES, 'no_other_diseases'])
      : {},
  ...Object.fromEntries(
    NAMED_COMORBIDITIES.map((field) => [
      field,
      (form: PatientForm) =>
        form[field] === 'yes'
          ? cleared(form, ['no_other_diseases', 'dont_know_other_diseases'])
          : {},
    ]),
  ),
};

/** Breast cancer: HR positive if ER or PR is, negative if both are not, otherwise unknown. */
function hormoneReceptor(form: PatientForm): string {
  if (form.er === 'yes' || form.pr === 'yes') {
    return 'yes';
  }
  return form.er === 'no' && form.pr === 'no' ? 'no' : '';
}

function tnmStage(form: PatientForm): string {
  return stageFromTnm(str(form.tnm_T), str(form.tnm_N), str(form.tnm_M)) ?? '';
}

function sameValue(a: FormValue | undefined, b: FormValue | undefined): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
  }
  return str(a) === str(b);
}

/** Runs the rules of the changed fields, then of the fields they changed, and so on. */
function runRules(form: PatientForm, changed: readonly string[]): PatientForm {
  let next = form;
  const queue = [...changed];
  // Each rule only clears or sets fixed values, so a chain ends; the bound guards mistakes.
  for (let steps = 0; queue.length > 0 && steps < 200; steps += 1) {
    const field = queue.shift() as AnswerField;
    const patch = RULES[field]?.(next) ?? {};
    for (const [name, value] of Object.entries(patch)) {
      if (!sameValue(next[name], value)) {
        next = { ...next, [name]: value };
        queue.push(name);
      }
    }
  }
  return next;
}

/** The answers a condition does not ask about: cleared when the condition changes. */
function clearUnasked(form: PatientForm): PatientForm {
  const asked = fieldsAskedFor(str(form.type_of_disease));
  if (asked.size === 0) {
    return form;
  }
  const keep = (field: AnswerField): boolean =>
    field === 'type_of_disease' ||
    asked.has(field) ||
    (DERIVED_FROM[field] ?? []).some((source) => asked.has(source));
  const stale = ANSWER_FIELDS.filter((field) => {
    const { group } = ANSWER_SCHEMA[field];
    return group !== 'search' && group !== 'record' && !keep(field) && isAnswered(form[field]);
  });
  return stale.length > 0 ? { ...form, ...cleared(form, stale) } : form;
}

/** Clears the answers of the questions that do not show (repeated: hiding may hide more). */
export function clearHiddenAnswers(form: PatientForm): PatientForm {
  const questions = questionsFor(str(form.type_of_disease));
  let next = form;
  for (let round = 0; round < 10; round += 1) {
    const hidden = new Set<string>();
    const shown = new Set<string>();
    for (const question of questions) {
      const target = isQuestionVisible(question, next) ? shown : hidden;
      for (const field of questionFields(question)) {
        target.add(field);
      }
    }
    const stale = [...hidden].filter((f) => !shown.has(f) && isAnswered(next[f]));
    if (stale.length === 0) {
      return next;
    }
    next = { ...next, ...cleared(next, stale) };
  }
  return next;
}

/**
 * The form after one change: `next` is `previous` with `changedField` changed (a set, clear,
 * toggle…), and the result adds every cascade of that change.
 */
export function applyCascades(
  previous: PatientForm,
  next: PatientForm,
  changedField: string,
): PatientForm {
  let form = runRules(next, [changedField]);
  if (changedField === 'cancer_stage') {
    const fromTnm = stageFromTnm(str(form.tnm_T), str(form.tnm_N), str(form.tnm_M));
    const tnmAnswered = TNM_FIELDS.some((f) => isAnswered(form[f]));
    if (tnmAnswered && fromTnm !== str(form.cancer_stage)) {
      form = { ...form, ...cleared(form, TNM_FIELDS) };
    }
  }
  if (diseaseChanged(previous, form)) {
    // Another condition is another patient (issue 15): no answer travels with the doctor.
    const answered = Object.keys(form).filter(
      (field) => field !== 'type_of_disease' && isPatientField(field) && isAnswered(form[field]),
    );
    form = runRules({ ...form, ...cleared(form, [...answered, ...DISEASE_CHANGE_CLEARS]) }, [
      'type_of_disease',
    ]);
  }
  return clearHiddenAnswers(form);
}

/**
 * The form as the questionnaire opens it, after the condition was chosen elsewhere (the home
 * search form sets it without cascades): the sex the condition implies, and no answers the
 * condition does not ask or that do not show. The chosen facilities are kept: they were chosen
 * for this condition.
 */
export function prepareForm(form: PatientForm): PatientForm {
  const gender = CONDITION_GENDER[str(form.type_of_disease)];
  let next = form;
  if (gender && form.gender !== gender) {
    next = runRules({ ...form, gender }, ['gender']);
  }
  return clearHiddenAnswers(clearUnasked(next));
}

/** Whether a change of the form changed the condition (fire DISEASE_CHANGED_EVENT then). */
export function diseaseChanged(previous: PatientForm, next: PatientForm): boolean {
  return str(previous.type_of_disease) !== str(next.type_of_disease);
}

/** The fields whose values differ between two forms, with their new values. */
export function formDiff(previous: PatientForm, next: PatientForm): Patch {
  const patch: Patch = {};
  for (const [name, value] of Object.entries(next)) {
    if (!sameValue(previous[name], value) || !(name in previous)) {
      patch[name] = value;
    }
  }
  return patch;
}
