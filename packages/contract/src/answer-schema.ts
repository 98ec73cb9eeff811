import { CONDITION_KEYS } from './conditions';

/**
 * The questionnaire's answers (spec 02 §3 "Questionnaire answers"): a flat map of field names to
 * values. The spec names the fields but not their option values; the ones chosen here are listed
 * in the schema below and are the contract between the web form, the stored questionnaire and the
 * conversion to search criterions (answers-to-criterions.ts).
 *
 * Conventions:
 * - Yes/no questions answer 'yes' | 'no' | 'dontknow' (booleans are accepted and normalised).
 * - Single choices answer one of their options; most include 'dontknow'.
 * - Numbers may arrive as numbers or numeric strings and are stored as numbers; the clinical ones
 *   also accept 'dontknow' (age defaults to it).
 * - Transplants (autologous, allogeneic) answer '-1' (had it) / '-2' (did not), the values the
 *   form's cascades test (spec 02 §4); 'yes' / 'no' are accepted as the therapy spelling.
 * - Empty strings, null and empty lists mean "not answered" and are dropped (spec 02 §7 call 3).
 */

export type AnswerGroup = 'biomarker' | 'disease' | 'treatment' | 'health' | 'search' | 'record';

export const YES_NO = ['yes', 'no', 'dontknow'] as const;
export type YesNo = (typeof YES_NO)[number];

export interface YesNoField {
  kind: 'yesNo';
  group: AnswerGroup;
}
export interface SelectField<O extends string = string> {
  kind: 'select';
  group: AnswerGroup;
  options: readonly O[];
}
export interface NumberField<D extends boolean = boolean> {
  kind: 'number';
  group: AnswerGroup;
  min: number;
  max: number;
  integer: boolean;
  /** Whether 'dontknow' is an accepted answer. */
  dontknow: D;
}
export interface TextField {
  kind: 'text';
  group: AnswerGroup;
  maxLength: number;
}
export interface ListField {
  kind: 'list';
  group: AnswerGroup;
  maxItems: number;
}
/** Bookkeeping of a stored questionnaire (ids, version, timestamps): a string or a number. */
export interface RecordField {
  kind: 'record';
  group: 'record';
}
export type AnswerFieldSpec =
  YesNoField | SelectField | NumberField | TextField | ListField | RecordField;

const yesNo = (group: AnswerGroup): YesNoField => ({ kind: 'yesNo', group });
const select = <const O extends string>(
  group: AnswerGroup,
  options: readonly O[],
): SelectField<O> => ({ kind: 'select', group, options });
/** A clinical number: 'dontknow' is a valid answer. */
const count = (
  group: AnswerGroup,
  min: number,
  max: number,
  integer = true,
): NumberField<true> => ({
  kind: 'number',
  group,
  min,
  max,
  integer,
  dontknow: true,
});
const plainNumber = (min: number, max: number, integer = false): NumberField<false> => ({
  kind: 'number',
  group: 'search',
  min,
  max,
  integer,
  dontknow: false,
});
const text = (group: AnswerGroup, maxLength = 500): TextField => ({
  kind: 'text',
  group,
  maxLength,
});
const list = (group: AnswerGroup, maxItems = 1000): ListField => ({
  kind: 'list',
  group,
  maxItems,
});
const record = (): RecordField => ({ kind: 'record', group: 'record' });

const biomarker = (): YesNoField => yesNo('biomarker');
const disease = (): YesNoField => yesNo('disease');
const treatment = (): YesNoField => yesNo('treatment');
const health = (): YesNoField => yesNo('health');

/** Cancer stage: 0, 1.1 (IA) … 3.3 (IIIC), 4 (IV); prostate uses 4.1 (M1a/b) and 4.2 (M1c). */
export const CANCER_STAGES = [
  '0',
  '1.1',
  '1.2',
  '2.1',
  '2.2',
  '3.1',
  '3.2',
  '3.3',
  '4',
  '4.1',
  '4.2',
] as const;

const TRANSPLANT = ['-1', '-2', 'yes', 'no', 'dontknow'] as const;

export const ANSWER_SCHEMA = {
  // Biomarkers: positive / mutated / amplified / fused = 'yes'.
  cd19: biomarker(),
  bcrabl1: biomarker(),
  brca1: biomarker(),
  brca2: biomarker(),
  hrd: biomarker(),
  mesothelin: biomarker(),
  b7h3: biomarker(),
  er: biomarker(),
  pr: biomarker(),
  hr: biomarker(),
  palb2: biomarker(),
  pik3ca: biomarker(),
  chek2: biomarker(),
  atm: biomarker(),
  rad51c: biomarker(),
  rad51d: biomarker(),
  her2: biomarker(),
  her2_non_breast: biomarker(),
  idh1: biomarker(),
  idh2: biomarker(),
  idh12: biomarker(),
  fgfr2: biomarker(),
  ras: biomarker(),
  egfr: biomarker(),
  kras: biomarker(),
  alk: biomarker(),
  nras: biomarker(),
  braf: biomarker(),
  ros1: biomarker(),
  hpv16: biomarker(),
  hpv18: biomarker(),
  hpvother: biomarker(),
  flt3: biomarker(),
  flt3_itd: biomarker(),
  flt3_tkd: biomarker(),
  npm1: biomarker(),
  tp53: biomarker(),
  vhl: biomarker(),
  met: biomarker(),
  ntrk: biomarker(),
  ret: biomarker(),
  nf1: biomarker(),
  sdh: biomarker(),

  // Disease.
  type_of_disease: select('disease', CONDITION_KEYS),
  cancer_stage: select('disease', [...CANCER_STAGES, 'dontknow']),
  tnm_T: select('disease', ['tx', 't0', 'tis', 't1', 't2', 't3', 't4', 'dontknow']),
  tnm_N: select('disease', ['nx', 'n0', 'n1', 'n2', 'n3', 'dontknow']),
  tnm_M: select('disease', ['mx', 'm0', 'm1', 'dontknow']),
  brain_metastases: disease(),
  lung_cancer: select('disease', ['nsclc', 'sclc', 'dontknow']),
  mm_subtype: select('disease', ['smoldering', 'active', 'plasma_cell_leukemia', 'dontknow']),
  alLeukemia_subtype: select('disease', ['b_cell', 't_cell', 'dontknow']),
  nsclc: select('disease', ['adenocarcinoma', 'squamous', 'large_cell', 'dontknow']),
  cholangiocarcinoma: select('disease', [
    'intrahepatic',
    'extrahepatic',
    'gallbladder',
    'dontknow',
  ]),
  /** Histology of a non-lung carcinoma (cervical, esophageal, gastric, head and neck). */
  nscc: select('disease', ['squamous', 'adenocarcinoma', 'adenosquamous', 'dontknow']),
  melanoma: select('disease', ['cutaneous', 'acral', 'mucosal', 'uveal', 'dontknow']),
  bc_subtype: select('disease', ['dcis', 'lcis', 'idc', 'ilc', 'ibc', 'dontknow']),
  ovarian_subtype: select('disease', [
    'serous',
    'endometrioid',
    'clear_cell',
    'mucinous',
    'borderline',
    'other',
    'dontknow',
  ]),
  ovarian_grade: select('disease', ['ovarian_high_grade', 'ovarian_low_grade', 'dontknow']),
  aml_subtype: select('disease', ['de_novo', 'secondary', 'therapy_related', 'apl', 'dontknow']),
  liver_cancer_subtype: select('disease', ['hcc', 'fibrolamellar', 'mixed_hcc_cca', 'dontknow']),
  kidney_cancer_subtype: select('disease', [
    'clear_cell',
    'papillary',
    'chromophobe',
    'other',
    'dontknow',
  ]),
  pancreatic_cancer_subtype: select('disease', ['pdac', 'acinar', 'other', 'dontknow']),
  mss: select('disease', ['mss', 'msi_high', 'dontknow']),
  /** PSA in ng/mL. */
  psa: count('disease', 0, 100000, false),
  gleason_score: count('disease', 2, 10),
  crpc: disease(),
  aml_cns: disease(),
  nets_location: select('disease', [
    'pancreas',
    'small_intestine',
    'stomach',
    'colorectal',
    'appendix',
    'lung',
    'pheochromocytoma',
    'paraganglioma',
    'unknown_primary',
    'other',
    'dontknow',
  ]),
  /** G1, G2, G3 well-differentiated NET; 10 = neuroendocrine carcinoma (poorly differentiated). */
  nets_grade: select('disease', ['1', '2', '3', '10', 'dontknow']),
  nets_differentiation: select('disease', [
    'well_differentiated',
    'poorly_differentiated',
    'dontknow',
  ]),
  /** Radiological progression within the last 12 months. */
  nets_progression: disease(),
  /** Control of hormone-related (functional) symptoms. */
  nets_symptoms: select('disease', ['none', 'controlled', 'uncontrolled', 'dontknow']),
  nets_staging: select('disease', ['localized', 'locally_advanced', 'metastatic', 'dontknow']),
  measurable_disease: disease(),
  hpv_vaccination: disease(),
  newly_diagnosed: disease(),
  treatment_stage: select('disease', [
    'untreated',
    'treated',
    'remission',
    'relapsed',
    'refractory',
    'dontknow',
  ]),
  relapsed: disease(),
  liver_transplant: disease(),
  stage_resectable: disease(),
  stage_unresectable: disease(),

  // Treatment. Prior lines are counts; the other therapies are had ('yes') / not had ('no').
  chemotherapy: count('treatment', 0, 20),
  autologous: select('treatment', TRANSPLANT),
  allogeneic: select('treatment', TRANSPLANT),
  allogeneic_year: count('treatment', 1900, 2100),
  allogeneic_month: count('treatment', 1, 12),
  autologous_year: count('treatment', 1900, 2100),
  autologous_month: count('treatment', 1, 12),
  major_surgery: treatment(),
  /** Prostate: castration status; 'no' = no androgen deprivation so far. */
  castration: select('treatment', ['cspc', 'crpc', 'no', 'dontknow']),
  prostatectomy: treatment(),
  turp: treatment(),
  radiation_therapy: treatment(),
  ebrt: treatment(),
  brachytherapy: treatment(),
  sabr: treatment(),
  hormonal_therapy: treatment(),
  braf_therapy: treatment(),
  checkpoint_therapy: treatment(),
  proteasome: treatment(),
  immunomodulator: treatment(),
  corticosteroid: treatment(),
  car_t_therapy: treatment(),
  parp_therapy: treatment(),
  angiogenesis_therapy: treatment(),
  orchiectomy: treatment(),
  lhrh_agonists: treatment(),
  lhrh_antagonists: treatment(),
  ad_therapy: treatment(),
  antiandrogens: treatment(),
  prostate_hormonal_therapy: treatment(),
  prostate_hormone_therapy_injections: treatment(),
  prostate_hormone_therapy_tablets: treatment(),
  somatostatin_analogs: treatment(),
  prrt: treatment(),
  /** Count of local treatments of metastases (surgery, radiotherapy, ablation). */
  local_metastates_treatment: count('treatment', 0, 20),
  targeted_therapy: count('treatment', 0, 20),

  // Health and demographics.
  no_other_diseases: health(),
  autoimmune: health(),
  diabetes: health(),
  chronic_heart_disease: health(),
  hiv: health(),
  chronic_kidney_disease: health(),
  chronic_liver_disease: health(),
  other_cancer: health(),
  /** Free-text description of another disease. */
  other_disease: text('health', 1000),
  dont_know_other_diseases: health(),
  ecog: select('health', ['0', '1', '2', '3', '4', 'dontknow']),
  pregnant: health(),
  /** 'menopausal' = peri-menopausal: neither pre- nor postmenopausal. */
  menopause: select('health', ['premenopausal', 'menopausal', 'postmenopausal', 'dontknow']),
  age: count('health', 0, 120),
  gender: select('health', ['male', 'female']),

  // Search and person: not criterions.
  patient_location: text('search'),
  ethnicity_multiselect: list('search', 50),
  patient_preferred_lang: text('search', 64),
  radius: plainNumber(0, 40000),
  radius_unit: select('search', ['KM', 'MI']),
  userId: text('search', 128),
  sessionId: text('search', 128),
  zip_code: text('search'),
  country_name: text('search', 8),
  latitude: plainNumber(-90, 90),
  longitude: plainNumber(-180, 180),
  facility: text('search'),
  facility_ids: list('search'),
  facility_name: text('search'),
  interventional: yesNo('search'),
  userSource: text('search', 64),

  // Bookkeeping a stored questionnaire carries (userId, sessionId and userSource are above).
  _id: record(),
  __v: record(),
  timestamp: record(),
  createdAt: record(),
  updatedAt: record(),
} as const satisfies Record<string, AnswerFieldSpec>;

export type AnswerField = keyof typeof ANSWER_SCHEMA;

export const ANSWER_FIELDS = Object.keys(ANSWER_SCHEMA) as AnswerField[];

export function isAnswerField(name: string): name is AnswerField {
  return Object.prototype.hasOwnProperty.call(ANSWER_SCHEMA, name);
}

type ValueOf<F> = F extends YesNoField
  ? YesNo
  : F extends SelectField<infer O>
    ? O
    : F extends NumberField<true>
      ? number | 'dontknow'
      : F extends NumberField<false>
        ? number
        : F extends TextField
          ? string
          : F extends ListField
            ? string[]
            : string | number;

/** Validated answers: only answered fields are present, each in its normalised form. */
export type Answers = { -readonly [K in AnswerField]?: ValueOf<(typeof ANSWER_SCHEMA)[K]> };

export interface AnswerError {
  field: string;
  message: string;
}

export type AnswersValidation = { answers: Answers } | { errors: AnswerError[] };

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Empty answers are dropped rather than rejected: the form starts every field as ''. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

type Parsed = { value: unknown } | { error: string } | { empty: true };

function parseNumber(field: string, spec: NumberField, raw: unknown): Parsed {
  if (spec.dontknow && raw === 'dontknow') {
    return { value: 'dontknow' };
  }
  const n =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && NUMERIC.test(raw.trim())
        ? +raw
        : NaN;
  const inRange = Number.isFinite(n) && n >= spec.min && n <= spec.max;
  if (!inRange || (spec.integer && !Number.isInteger(n))) {
    const what = spec.integer ? 'a whole number' : 'a number';
    const dontknow = spec.dontknow ? " or 'dontknow'" : '';
    return { error: `${field} must be ${what} from ${spec.min} to ${spec.max}${dontknow}` };
  }
  return { value: n };
}

function parseValue(field: string, spec: AnswerFieldSpec, raw: unknown): Parsed {
  switch (spec.kind) {
    case 'yesNo': {
      const value = typeof raw === 'boolean' ? (raw ? 'yes' : 'no') : raw;
      return typeof value === 'string' && (YES_NO as readonly string[]).includes(value)
        ? { value }
        : { error: `${field} must be one of: ${YES_NO.join(', ')}` };
    }
    case 'select': {
      // Numeric options (ecog, cancer_stage, transplants) may arrive as numbers.
      const value = typeof raw === 'number' ? String(raw) : raw;
      return typeof value === 'string' && spec.options.includes(value)
        ? { value }
        : { error: `${field} must be one of: ${spec.options.join(', ')}` };
    }
    case 'number':
      return parseNumber(field, spec, raw);
    case 'text':
      if (typeof raw !== 'string') {
        return { error: `${field} must be a string` };
      }
      return raw.length > spec.maxLength
        ? { error: `${field} must be at most ${spec.maxLength} characters` }
        : { value: raw };
    case 'list': {
      if (!Array.isArray(raw)) {
        return { error: `${field} must be a list of strings` };
      }
      const items: string[] = [];
      for (const item of raw as unknown[]) {
        if (typeof item === 'number' && Number.isFinite(item)) {
          items.push(String(item)); // facility ids may be numbers
        } else if (typeof item === 'string') {
          if (item.trim() !== '') {
            items.push(item);
          }
        } else {
          return { error: `${field} must be a list of strings` };
        }
      }
      if (items.length > spec.maxItems) {
        return { error: `${field} must have at most ${spec.maxItems} items` };
      }
      return items.length === 0 ? { empty: true } : { value: items };
    }
    case 'record':
      return typeof raw === 'string' || (typeof raw === 'number' && Number.isFinite(raw))
        ? { value: raw }
        : { error: `${field} must be a string or a number` };
  }
}

/**
 * Validates a questionnaire as the form or a stored record sends it: unknown field names and
 * values of the wrong type or outside their options are errors (each naming its field); empty
 * strings, null and empty lists are dropped.
 */
export function validateAnswers(input: unknown): AnswersValidation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { errors: [{ field: 'answers', message: 'answers must be an object' }] };
  }
  const answers: Record<string, unknown> = {};
  const errors: AnswerError[] = [];
  for (const [field, raw] of Object.entries(input)) {
    if (!isAnswerField(field)) {
      errors.push({ field, message: `${field} is not a questionnaire field` });
      continue;
    }
    if (isEmpty(raw)) {
      continue;
    }
    const parsed = parseValue(field, ANSWER_SCHEMA[field], raw);
    if ('error' in parsed) {
      errors.push({ field, message: parsed.error });
    } else if ('value' in parsed) {
      answers[field] = parsed.value;
    }
  }
  return errors.length > 0 ? { errors } : { answers };
}
