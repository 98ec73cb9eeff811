import { ANSWER_SCHEMA, isAnswerField, type AnswerField, type Answers } from './answer-schema';
import { isCriterionKey, CRITERIA, type CriterionKey, type Criterions } from './criteria';

/**
 * The conversion of questionnaire answers to search criterions (spec 02 §3 "Request criterions").
 *
 * Deliberate deviation from the spec: the spec says a subtype answer of 'dontknow' or empty sets
 * all flags of its family to false. Here such an answer leaves the whole family absent (unknown),
 * because in our matching an answered `false` excludes every trial that requires the flag, and an
 * unanswered question must never exclude a trial (DESIGN "Trials and matching"). A real answer
 * that names no flag of the family ('menopausal', 'other', 'none', …) still sets them all false.
 *
 * Answers without a criterion key are not criterions and are dropped: the search and person
 * fields, the numbers psa, gleason_score, nets_grade and local_metastates_treatment, the
 * biomarkers mesothelin, b7h3, idh12, hpvother, flt3_itd, flt3_tkd, nf1 and sdh, the therapies
 * prostatectomy, turp, ebrt, brachytherapy, sabr, orchiectomy, lhrh_*, ad_therapy, antiandrogens,
 * prostate_hormon*, somatostatin_analogs and prrt, and hpv_vaccination, liver_transplant, tnm_T/N.
 */

/** Therapy answers (spec 02 §9). */
export const THERAPY_HAD = -1;
export const THERAPY_NOT_HAD = -2;
/** Transplants dated after this year carry the whole weeks since them (spec 02 §9). */
export const TRANSPLANT_WEEKS_AFTER_YEAR = 2010;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The breast-cancer partner's userSource (seeded by migration create-partners): its searches send
 * the answers as they are; every other source searches interventional trials only (spec 02 §6).
 */
export const BREAST_CANCER_USER_SOURCE = 'breast_cancer_partner';

export type SearchCriterions = Criterions & { interventional?: boolean };

type Flags = Partial<Record<CriterionKey, boolean>>;

const NUMERIC = /^-?\d+(\.\d+)?$/;

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : undefined;
  }
  return typeof value === 'string' && NUMERIC.test(value.trim()) ? Number(value) : undefined;
}

function toBoolean(value: unknown): boolean | undefined {
  if (value === 'yes' || value === true) {
    return true;
  }
  if (value === 'no' || value === false) {
    return false;
  }
  return undefined;
}

/** Numeric answers with a criterion key (cancer_stage is renamed to tumor_stage). */
const NUMBERS: readonly [AnswerField, CriterionKey][] = [
  ['ecog', 'ecog'],
  ['cancer_stage', 'tumor_stage'],
  ['chemotherapy', 'chemotherapy'],
  ['targeted_therapy', 'targeted_therapy'],
];

/** Therapy answers: 'yes' → -1 (had it), 'no' → -2; single-word names get their full names. */
const THERAPIES: readonly [AnswerField, CriterionKey][] = [
  ['major_surgery', 'major_surgery'],
  ['radiation_therapy', 'radiation_therapy'],
  ['hormonal_therapy', 'hormonal_therapy'],
  ['braf_therapy', 'braf_therapy'],
  ['checkpoint_therapy', 'checkpoint_therapy'],
  ['proteasome', 'proteasome_inhibitor'],
  ['immunomodulator', 'immunomodulatory_drug'],
  ['corticosteroid', 'corticosteroid_therapy'],
  ['car_t_therapy', 'car_t_therapy'],
  ['parp_therapy', 'parp_therapy'],
  ['angiogenesis_therapy', 'angiogenesis_therapy'],
];

/** The systemic drug classes of the therapy answers (not surgery, radiotherapy or steroids). */
const SYSTEMIC_THERAPIES: readonly CriterionKey[] = [
  'hormonal_therapy',
  'braf_therapy',
  'checkpoint_therapy',
  'proteasome_inhibitor',
  'immunomodulatory_drug',
  'car_t_therapy',
  'parp_therapy',
  'angiogenesis_therapy',
];

const TRANSPLANTS: readonly [AnswerField, AnswerField, AnswerField, CriterionKey][] = [
  ['autologous', 'autologous_year', 'autologous_month', 'autologous_transplant'],
  ['allogeneic', 'allogeneic_year', 'allogeneic_month', 'allogeneic_transplant'],
];

/** Yes/no answers stored under another criterion name. */
const RENAMES: Partial<Record<AnswerField, CriterionKey>> = {
  pregnant: 'pregnant_nursing',
  chronic_liver_disease: 'liver_diseases',
  chronic_heart_disease: 'cardiac_disorders',
  chronic_kidney_disease: 'kidney_diseases',
  hpv16: 'hpv_16',
  hpv18: 'hpv_18',
  aml_cns: 'cns_leukemia',
  her2_non_breast: 'her2',
  nets_progression: 'progressive_disease',
  stage_resectable: 'resectable',
  stage_unresectable: 'unresectable',
};

/** The comorbidities "no other diseases" answers for. */
const COMORBIDITIES: readonly CriterionKey[] = [
  'autoimmune',
  'diabetes',
  'cardiac_disorders',
  'hiv',
  'kidney_diseases',
  'liver_diseases',
  'other_cancer',
];

/** Every member false except the given ones. */
function oneOf(members: readonly CriterionKey[], ...chosen: CriterionKey[]): Flags {
  return Object.fromEntries(members.map((k) => [k, chosen.includes(k)]));
}

interface FlagFamily {
  field: AnswerField;
  members: readonly CriterionKey[];
  /** The flags of a choice; a choice not listed sets every member false. */
  choices: Record<string, Flags>;
}

function family(
  field: AnswerField,
  members: readonly CriterionKey[],
  choices: Record<string, CriterionKey[] | Flags>,
): FlagFamily {
  const resolved: Record<string, Flags> = {};
  for (const [option, flags] of Object.entries(choices)) {
    resolved[option] = Array.isArray(flags) ? oneOf(members, ...flags) : flags;
  }
  return { field, members, choices: resolved };
}

const HISTOLOGY: readonly CriterionKey[] = [
  'adenocarcinoma',
  'squamous',
  'large_cell',
  'adenosquamous',
];
const NET_SITES: readonly CriterionKey[] = [
  'net_pancreas',
  'net_small_intestine',
  'net_stomach',
  'net_colorectal',
  'net_appendix',
  'net_lung',
  'net_gep',
  'pheochromocytoma',
  'paraganglioma',
  'net_unknown_primary',
];

/** Applied in order: a later family wins a shared key (nsclc over nscc). */
const FAMILIES: readonly FlagFamily[] = [
  family('menopause', ['postmenopausal', 'premenopausal'], {
    postmenopausal: ['postmenopausal'],
    premenopausal: ['premenopausal'],
  }),
  family('lung_cancer', ['nsclc', 'sclc'], { nsclc: ['nsclc'], sclc: ['sclc'] }),
  family('nscc', HISTOLOGY, {
    squamous: ['squamous'],
    adenocarcinoma: ['adenocarcinoma'],
    adenosquamous: ['adenosquamous'],
  }),
  family('nsclc', HISTOLOGY, {
    adenocarcinoma: ['adenocarcinoma'],
    squamous: ['squamous'],
    large_cell: ['large_cell'],
  }),
  family('mss', ['mss', 'msi_high'], { mss: ['mss'], msi_high: ['msi_high'] }),
  family(
    'melanoma',
    ['cutaneous_melanoma', 'acral_melanoma', 'mucosal_melanoma', 'uveal_melanoma'],
    {
      cutaneous: ['cutaneous_melanoma'],
      // Acral lentiginous melanoma is a cutaneous melanoma.
      acral: ['acral_melanoma', 'cutaneous_melanoma'],
      mucosal: ['mucosal_melanoma'],
      uveal: ['uveal_melanoma'],
    },
  ),
  family(
    'cholangiocarcinoma',
    ['intrahepatic_cholangiocarcinoma', 'extrahepatic_cholangiocarcinoma', 'gallbladder_cancer'],
    {
      intrahepatic: ['intrahepatic_cholangiocarcinoma'],
      extrahepatic: ['extrahepatic_cholangiocarcinoma'],
      gallbladder: ['gallbladder_cancer'],
    },
  ),
  family('liver_cancer_subtype', ['hcc', 'fibrolamellar_hcc', 'mixed_hcc_cholangiocarcinoma'], {
    hcc: ['hcc'],
    fibrolamellar: ['fibrolamellar_hcc'],
    mixed_hcc_cca: ['mixed_hcc_cholangiocarcinoma'],
  }),
  family('castration', ['cspc', 'crpc'], {
    cspc: ['cspc'],
    crpc: ['crpc'],
    // No androgen deprivation yet: not castration-resistant; whether it counts as
    // castration-sensitive is the trial's call, so cspc stays unknown.
    no: { crpc: false },
  }),
  family('bc_subtype', ['dcis', 'lcis', 'idc', 'ilc', 'ibc'], {
    dcis: ['dcis'],
    lcis: ['lcis'],
    idc: ['idc'],
    ilc: ['ilc'],
    ibc: ['ibc'],
  }),
  family(
    'ovarian_subtype',
    [
      'serous_ovarian',
      'endometrioid_ovarian',
      'clear_cell_ovarian',
      'mucinous_ovarian',
      'borderline_ovarian',
    ],
    {
      serous: ['serous_ovarian'],
      endometrioid: ['endometrioid_ovarian'],
      clear_cell: ['clear_cell_ovarian'],
      mucinous: ['mucinous_ovarian'],
      borderline: ['borderline_ovarian'],
    },
  ),
  family('ovarian_grade', ['ovarian_high_grade', 'ovarian_low_grade'], {
    ovarian_high_grade: ['ovarian_high_grade'],
    ovarian_low_grade: ['ovarian_low_grade'],
  }),
  family(
    'kidney_cancer_subtype',
    ['clear_cell_rcc', 'papillary_rcc', 'chromophobe_rcc', 'non_clear_cell_rcc'],
    {
      clear_cell: ['clear_cell_rcc'],
      papillary: ['papillary_rcc', 'non_clear_cell_rcc'],
      chromophobe: ['chromophobe_rcc', 'non_clear_cell_rcc'],
      other: ['non_clear_cell_rcc'],
    },
  ),
  family('pancreatic_cancer_subtype', ['pdac', 'pancreatic_acinar_carcinoma'], {
    pdac: ['pdac'],
    acinar: ['pancreatic_acinar_carcinoma'],
  }),
  family('aml_subtype', ['de_novo_aml', 'secondary_aml', 'therapy_related_aml', 'apl'], {
    de_novo: ['de_novo_aml'],
    secondary: ['secondary_aml'],
    // Therapy-related AML is a secondary AML.
    therapy_related: ['therapy_related_aml', 'secondary_aml'],
    apl: ['apl'],
  }),
  family('mm_subtype', ['smoldering_myeloma', 'active_myeloma', 'plasma_cell_leukemia'], {
    smoldering: ['smoldering_myeloma'],
    active: ['active_myeloma'],
    plasma_cell_leukemia: ['plasma_cell_leukemia'],
  }),
  family('alLeukemia_subtype', ['b_cell_all', 't_cell_all'], {
    b_cell: ['b_cell_all'],
    t_cell: ['t_cell_all'],
  }),
  // Relapsed and refractory may both hold, so neither choice clears the other.
  family('treatment_stage', ['untreated', 'remission', 'relapsed', 'refractory'], {
    untreated: ['untreated'],
    treated: { untreated: false, remission: false, relapsed: false },
    remission: ['remission'],
    relapsed: { relapsed: true, untreated: false, remission: false },
    refractory: { refractory: true, untreated: false, remission: false },
  }),
  family('nets_location', NET_SITES, {
    pancreas: ['net_pancreas', 'net_gep'],
    small_intestine: ['net_small_intestine', 'net_gep'],
    stomach: ['net_stomach', 'net_gep'],
    colorectal: ['net_colorectal', 'net_gep'],
    appendix: ['net_appendix', 'net_gep'],
    lung: ['net_lung'],
    pheochromocytoma: ['pheochromocytoma'],
    paraganglioma: ['paraganglioma'],
    unknown_primary: ['net_unknown_primary'],
  }),
  family('nets_differentiation', ['well_differentiated', 'poorly_differentiated'], {
    well_differentiated: ['well_differentiated'],
    poorly_differentiated: ['poorly_differentiated'],
  }),
  family('nets_symptoms', ['symptoms_controlled', 'symptoms_uncontrolled'], {
    controlled: ['symptoms_controlled'],
    uncontrolled: ['symptoms_uncontrolled'],
  }),
];

/** Cancers whose stage II may already be unresectable (round 11a): their stage says nothing. */
const UNRESECTABLE_EARLY = new Set<string>([
  'liver_cancer',
  'cholangiocarcinoma',
  'pancreatic_cancer',
]);

/** Metastatic: any sign of it (stage ≥ 4, M1, a metastatic NET) wins over signs against it. */
function metastatic(answers: Answers): boolean | undefined {
  const signs: boolean[] = [];
  const stage = toNumber(answers.cancer_stage);
  if (stage !== undefined) {
    signs.push(stage >= 4);
  }
  if (answers.tnm_M === 'm1' || answers.tnm_M === 'm0') {
    signs.push(answers.tnm_M === 'm1');
  }
  if (answers.nets_staging && answers.nets_staging !== 'dontknow') {
    signs.push(answers.nets_staging === 'metastatic');
  }
  return signs.length === 0 ? undefined : signs.includes(true);
}

/** Whole weeks since the first of the transplant's month; -1 when undated, early or not past. */
function transplantValue(
  answer: unknown,
  year: unknown,
  month: unknown,
  now: Date,
): number | undefined {
  const value = String(answer);
  if (value === 'no' || value === String(THERAPY_NOT_HAD)) {
    return THERAPY_NOT_HAD;
  }
  if (value !== 'yes' && value !== String(THERAPY_HAD)) {
    return undefined;
  }
  const y = toNumber(year);
  const m = toNumber(month);
  if (y === undefined || m === undefined || y <= TRANSPLANT_WEEKS_AFTER_YEAR) {
    return THERAPY_HAD;
  }
  const weeks = Math.floor((now.getTime() - Date.UTC(y, m - 1, 1)) / WEEK_MS);
  return weeks > 0 ? weeks : THERAPY_HAD;
}

/**
 * The search criterions of a questionnaire's answers (spec 02 §3 "Request criterions"): only
 * criterion keys (plus `interventional`), only for answered questions.
 */
export function answersToCriterions(answers: Answers, now: Date = new Date()): SearchCriterions {
  const out: Criterions = {};
  const get = (field: AnswerField): unknown => answers[field];

  for (const { field, choices, members } of FAMILIES) {
    const value = get(field);
    if (typeof value !== 'string' || value === '' || value === 'dontknow') {
      continue; // unknown stays unknown: see the deviation note at the top
    }
    Object.assign(out, choices[value] ?? oneOf(members));
  }
  const isMetastatic = metastatic(answers);
  if (isMetastatic !== undefined) {
    out.metastatic = isMetastatic;
  }

  // Plain yes/no answers; an explicit answer wins over a flag a choice implied.
  const therapyFields = new Set<string>(THERAPIES.map(([field]) => field));
  for (const [field, value] of Object.entries(answers)) {
    if (!isAnswerField(field) || ANSWER_SCHEMA[field].kind !== 'yesNo') {
      continue;
    }
    if (therapyFields.has(field) || field === 'interventional') {
      continue;
    }
    if (field === 'her2_non_breast' && toBoolean(answers.her2) !== undefined) {
      continue; // the breast question's answer wins
    }
    const key = RENAMES[field] ?? field;
    const flag = toBoolean(value);
    if (flag !== undefined && isCriterionKey(key) && CRITERIA[key].kind === 'boolean') {
      out[key] = flag;
    }
  }
  if (answers.crpc === 'yes') {
    out.cspc = false;
  }
  // A newly diagnosed cancer has not relapsed, has not proved refractory and has not progressed
  // on a treatment yet (the questionnaire asks no treatments of it); a relapsed or refractory one
  // is not newly diagnosed. An answer to the other question wins.
  if (out.newly_diagnosed === true) {
    out.relapsed ??= false;
    out.refractory ??= false;
    out.progressive_disease ??= false;
  }
  if ((out.relapsed === true || out.refractory === true) && out.newly_diagnosed === undefined) {
    out.newly_diagnosed = false;
  }
  if (out.resectable === true && out.unresectable === undefined) {
    out.unresectable = false;
  }
  if (out.unresectable === true && out.resectable === undefined) {
    out.resectable = false;
  }
  // Round 11a: an ovarian cancer of FIGO stage III has spread over the peritoneum beyond the
  // pelvis (peritoneal metastases), which trials may or may not read as metastatic: its stage
  // alone does not say it is not (an M0 answer still does).
  const stage = toNumber(answers.cancer_stage);
  if (
    out.metastatic === false &&
    answers.type_of_disease === 'ovarian_cancer' &&
    stage !== undefined &&
    stage >= 3 &&
    answers.tnm_M !== 'm0'
  ) {
    delete out.metastatic;
  }
  // Brain metastases are distant metastases: a cancer that has not spread has none, unless
  // answered so.
  if (out.metastatic === false) {
    out.brain_metastases ??= false;
  }
  // Round 11a: a stage 0-II cancer that has not spread is an early, localised one, not an
  // unresectable (locally advanced) one, unless answered so; a liver, biliary or pancreatic
  // cancer may be unresectable at stage II (liver function, vessels), so it stays unknown.
  if (
    stage !== undefined &&
    stage < 3 &&
    out.metastatic === false &&
    out.unresectable === undefined &&
    !UNRESECTABLE_EARLY.has(String(answers.type_of_disease))
  ) {
    out.unresectable = false;
  }
  const receptors = [answers.er, answers.pr, answers.her2];
  if (receptors.every((r) => r === 'no')) {
    out.tnbc = true;
  } else if (receptors.includes('yes')) {
    out.tnbc = false;
  }
  if (answers.no_other_diseases === 'yes') {
    for (const key of COMORBIDITIES) {
      out[key] ??= false;
    }
  }

  for (const [field, key] of NUMBERS) {
    const n = toNumber(get(field));
    if (n !== undefined) {
      out[key] = n;
    }
  }
  for (const [field, key] of THERAPIES) {
    const had = toBoolean(get(field));
    if (had !== undefined) {
      out[key] = had ? THERAPY_HAD : THERAPY_NOT_HAD;
    }
  }
  for (const [field, yearField, monthField, key] of TRANSPLANTS) {
    const value = transplantValue(get(field), get(yearField), get(monthField), now);
    if (value !== undefined) {
      out[key] = value;
    }
  }
  // Session 11: a cancer that has had a systemic treatment (a line of chemotherapy or targeted
  // therapy, or a systemic drug class) is neither untreated nor newly diagnosed (the form hides
  // the treatment history of a new diagnosis), unless answered so.
  const lines = (key: 'chemotherapy' | 'targeted_therapy'): boolean => {
    const value = out[key];
    return typeof value === 'number' && value >= 1;
  };
  if (
    lines('chemotherapy') ||
    lines('targeted_therapy') ||
    SYSTEMIC_THERAPIES.some((key) => out[key] === THERAPY_HAD)
  ) {
    out.untreated ??= false;
    out.newly_diagnosed ??= false;
  }
  const age = toNumber(answers.age);
  if (age !== undefined) {
    out.age = now.getFullYear() - age;
  }
  if (answers.gender === 'male' || answers.gender === 'female') {
    out.gender = answers.gender;
  }

  const result: SearchCriterions = {};
  for (const [key, value] of Object.entries(out)) {
    if (isCriterionKey(key) && value !== undefined) {
      result[key] = value;
    }
  }
  const interventional = toBoolean(answers.interventional);
  if (interventional !== undefined) {
    result.interventional = interventional;
  }
  return result;
}

/**
 * The criterions a search sends (spec 02 §6): the breast-cancer partner's answers go as they are;
 * every other source (the default one included) searches interventional trials only.
 */
export function criterionsForSearch(
  answers: Answers,
  userSource: string | null | undefined,
  now: Date = new Date(),
): SearchCriterions {
  const criterions = answersToCriterions(answers, now);
  return userSource === BREAST_CANCER_USER_SOURCE
    ? criterions
    : { ...criterions, interventional: true };
}
