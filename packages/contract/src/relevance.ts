import type { ConditionKey } from './conditions';
import type { CriterionKey, Criterions } from './criteria';

/**
 * Which criteria can apply to a patient (issue 14): a rule over a criterion that cannot apply to
 * the answered sex, age or condition is not shown as an open question, and "questions that decide
 * the most results" offer only questions of the patient's condition's questionnaire.
 *
 * Only an unanswered criterion is ever left out this way: an answered one is evaluated as usual,
 * so relevance never changes which trials are excluded.
 */

const SOLID: readonly ConditionKey[] = [
  'breast_cancer',
  'cervical_cancer',
  'cholangiocarcinoma',
  'colorectal_cancer',
  'esophageal_cancer',
  'gastric_cancer',
  'kidney_cancer',
  'liver_cancer',
  'lung_cancer',
  'melanoma',
  'neuroendocrine_tumors',
  'ovarian_cancer',
  'pancreatic_cancer',
  'prostate_cancer',
];

/**
 * Properties of one disease (its subtypes, receptor status, castration status): they cannot
 * apply to a patient with another condition, neither as a rule nor as a question.
 */
const DISEASE_PROPERTY: Partial<Record<CriterionKey, readonly ConditionKey[]>> = {
  nsclc: ['lung_cancer'],
  sclc: ['lung_cancer'],
  tnbc: ['breast_cancer'],
  dcis: ['breast_cancer'],
  lcis: ['breast_cancer'],
  idc: ['breast_cancer'],
  ilc: ['breast_cancer'],
  ibc: ['breast_cancer'],
  er: ['breast_cancer'],
  pr: ['breast_cancer'],
  hr: ['breast_cancer'],
  crpc: ['prostate_cancer'],
  cspc: ['prostate_cancer'],
  cutaneous_melanoma: ['melanoma'],
  uveal_melanoma: ['melanoma'],
  mucosal_melanoma: ['melanoma'],
  acral_melanoma: ['melanoma'],
  intrahepatic_cholangiocarcinoma: ['cholangiocarcinoma'],
  extrahepatic_cholangiocarcinoma: ['cholangiocarcinoma'],
  gallbladder_cancer: ['cholangiocarcinoma'],
  hcc: ['liver_cancer'],
  fibrolamellar_hcc: ['liver_cancer'],
  mixed_hcc_cholangiocarcinoma: ['liver_cancer', 'cholangiocarcinoma'],
  serous_ovarian: ['ovarian_cancer'],
  endometrioid_ovarian: ['ovarian_cancer'],
  clear_cell_ovarian: ['ovarian_cancer'],
  mucinous_ovarian: ['ovarian_cancer'],
  borderline_ovarian: ['ovarian_cancer'],
  ovarian_high_grade: ['ovarian_cancer'],
  ovarian_low_grade: ['ovarian_cancer'],
  clear_cell_rcc: ['kidney_cancer'],
  papillary_rcc: ['kidney_cancer'],
  chromophobe_rcc: ['kidney_cancer'],
  non_clear_cell_rcc: ['kidney_cancer'],
  pdac: ['pancreatic_cancer'],
  pancreatic_acinar_carcinoma: ['pancreatic_cancer'],
  de_novo_aml: ['acute_myeloid_leukemia'],
  secondary_aml: ['acute_myeloid_leukemia'],
  therapy_related_aml: ['acute_myeloid_leukemia'],
  apl: ['acute_myeloid_leukemia'],
  smoldering_myeloma: ['multiple_myeloma'],
  active_myeloma: ['multiple_myeloma'],
  plasma_cell_leukemia: ['multiple_myeloma'],
  b_cell_all: ['acute_lymphoblastic_leukemia'],
  t_cell_all: ['acute_lymphoblastic_leukemia'],
  net_pancreas: ['neuroendocrine_tumors'],
  net_small_intestine: ['neuroendocrine_tumors'],
  net_stomach: ['neuroendocrine_tumors'],
  net_colorectal: ['neuroendocrine_tumors'],
  net_appendix: ['neuroendocrine_tumors'],
  net_lung: ['neuroendocrine_tumors'],
  net_gep: ['neuroendocrine_tumors'],
  pheochromocytoma: ['neuroendocrine_tumors'],
  paraganglioma: ['neuroendocrine_tumors'],
  net_unknown_primary: ['neuroendocrine_tumors'],
  well_differentiated: ['neuroendocrine_tumors'],
  poorly_differentiated: ['neuroendocrine_tumors'],
  symptoms_controlled: ['neuroendocrine_tumors'],
  symptoms_uncontrolled: ['neuroendocrine_tumors'],
  cns_leukemia: ['acute_lymphoblastic_leukemia', 'acute_myeloid_leukemia'],
};

/**
 * The conditions whose questionnaire asks a criterion, for criteria asked only for some
 * (web/src/features/questionnaire/schema.ts, QUESTIONS); unlisted criteria are asked for every
 * condition or read from trial records only.
 */
const ASKED_FOR: Partial<Record<CriterionKey, readonly ConditionKey[]>> = {
  ...DISEASE_PROPERTY,
  egfr: ['lung_cancer'],
  alk: ['lung_cancer'],
  ros1: ['lung_cancer'],
  met: ['lung_cancer'],
  ret: ['lung_cancer', 'neuroendocrine_tumors'],
  ras: ['colorectal_cancer'],
  kras: ['lung_cancer', 'colorectal_cancer', 'pancreatic_cancer'],
  nras: ['melanoma'],
  braf: ['lung_cancer', 'colorectal_cancer', 'melanoma', 'cholangiocarcinoma'],
  fgfr2: ['cholangiocarcinoma', 'gastric_cancer'],
  idh1: ['cholangiocarcinoma', 'acute_myeloid_leukemia'],
  idh2: ['acute_myeloid_leukemia'],
  flt3: ['acute_myeloid_leukemia'],
  npm1: ['acute_myeloid_leukemia'],
  vhl: ['kidney_cancer', 'neuroendocrine_tumors'],
  msi_high: ['colorectal_cancer', 'esophageal_cancer', 'gastric_cancer'],
  mss: ['colorectal_cancer', 'esophageal_cancer', 'gastric_cancer'],
  pd_l1: [],
  tumor_stage: SOLID,
  brain_metastases: SOLID,
  postmenopausal: ['breast_cancer'],
  premenopausal: ['breast_cancer'],
  hormonal_therapy: ['breast_cancer', 'prostate_cancer'],
  proteasome_inhibitor: ['multiple_myeloma'],
  immunomodulatory_drug: ['multiple_myeloma'],
  car_t_therapy: ['acute_lymphoblastic_leukemia', 'multiple_myeloma'],
  hpv_16: ['cervical_cancer'],
  hpv_18: ['cervical_cancer'],
};

/** Criteria of women only: not open for a man. */
const FEMALE_ONLY = new Set<CriterionKey>(['pregnant_nursing', 'premenopausal', 'postmenopausal']);
/** From this age a pregnancy or breastfeeding rule is not an open question. */
const PREGNANCY_AGE_LIMIT = 60;

/** The patient's youngest possible age from the birth year criterion, or undefined. */
function youngestAge(criterions: Criterions, now: Date): number | undefined {
  const birthYear = criterions.age;
  return typeof birthYear === 'number' ? now.getFullYear() - birthYear - 1 : undefined;
}

/**
 * Criteria that cannot apply to this patient: by the answered sex, the answered age, and the
 * condition searched (another disease's properties). Answered criteria are never in it.
 */
export function inapplicableCriteria(
  criterions: Criterions,
  condition: ConditionKey | undefined,
  now: Date,
): Set<CriterionKey> {
  const out = new Set<CriterionKey>();
  if (criterions.gender === 'male') {
    FEMALE_ONLY.forEach((k) => out.add(k));
  }
  const age = youngestAge(criterions, now);
  if (age !== undefined && age >= PREGNANCY_AGE_LIMIT) {
    out.add('pregnant_nursing');
  }
  if (condition) {
    for (const [key, conditions] of Object.entries(DISEASE_PROPERTY)) {
      if (!conditions.includes(condition)) {
        out.add(key as CriterionKey);
      }
    }
  }
  for (const key of [...out]) {
    if (criterions[key] !== undefined) {
      out.delete(key);
    }
  }
  return out;
}

/** Whether the questionnaire of `condition` asks this criterion (for "questions that decide"). */
export function askedFor(key: CriterionKey, condition: ConditionKey): boolean {
  const conditions = ASKED_FOR[key];
  return conditions === undefined || conditions.includes(condition);
}
