import { paths } from '@/config/paths';

/**
 * The questionnaire question that answers a search criterion. The API names open questions by
 * criterion key (e.g. tumor_stage, pregnant_nursing, sclc), the questionnaire by answer field
 * (cancer_stage, pregnant, lung_cancer): the renames and flag families of spec 02 §3 "Request
 * criterions", read backwards. Keys not listed are their own field.
 */
const FIELD_OF_CRITERION: Record<string, string> = {
  tumor_stage: 'cancer_stage',
  metastatic: 'cancer_stage',
  resectable: 'stage_resectable',
  unresectable: 'stage_unresectable',
  cns_leukemia: 'aml_cns',
  hpv_16: 'hpv16',
  hpv_18: 'hpv18',
  msi_high: 'mss',
  tnbc: 'er',
  proteasome_inhibitor: 'proteasome',
  immunomodulatory_drug: 'immunomodulator',
  corticosteroid_therapy: 'corticosteroid',
  autologous_transplant: 'autologous',
  allogeneic_transplant: 'allogeneic',
  pregnant_nursing: 'pregnant',
  liver_diseases: 'chronic_liver_disease',
  cardiac_disorders: 'chronic_heart_disease',
  kidney_diseases: 'chronic_kidney_disease',
  untreated: 'treatment_stage',
  remission: 'treatment_stage',
  refractory: 'treatment_stage',
  progressive_disease: 'nets_progression',
  nsclc: 'lung_cancer',
  sclc: 'lung_cancer',
  dcis: 'bc_subtype',
  lcis: 'bc_subtype',
  idc: 'bc_subtype',
  ilc: 'bc_subtype',
  ibc: 'bc_subtype',
  postmenopausal: 'menopause',
  premenopausal: 'menopause',
  cspc: 'castration',
  cutaneous_melanoma: 'melanoma',
  uveal_melanoma: 'melanoma',
  mucosal_melanoma: 'melanoma',
  acral_melanoma: 'melanoma',
  intrahepatic_cholangiocarcinoma: 'cholangiocarcinoma',
  extrahepatic_cholangiocarcinoma: 'cholangiocarcinoma',
  gallbladder_cancer: 'cholangiocarcinoma',
  hcc: 'liver_cancer_subtype',
  fibrolamellar_hcc: 'liver_cancer_subtype',
  mixed_hcc_cholangiocarcinoma: 'liver_cancer_subtype',
  serous_ovarian: 'ovarian_subtype',
  endometrioid_ovarian: 'ovarian_subtype',
  clear_cell_ovarian: 'ovarian_subtype',
  mucinous_ovarian: 'ovarian_subtype',
  borderline_ovarian: 'ovarian_subtype',
  clear_cell_rcc: 'kidney_cancer_subtype',
  papillary_rcc: 'kidney_cancer_subtype',
  chromophobe_rcc: 'kidney_cancer_subtype',
  non_clear_cell_rcc: 'kidney_cancer_subtype',
  pdac: 'pancreatic_cancer_subtype',
  pancreatic_acinar_carcinoma: 'pancreatic_cancer_subtype',
  de_novo_aml: 'aml_subtype',
  secondary_aml: 'aml_subtype',
  therapy_related_aml: 'aml_subtype',
  apl: 'aml_subtype',
  smoldering_myeloma: 'mm_subtype',
  active_myeloma: 'mm_subtype',
  plasma_cell_leukemia: 'mm_subtype',
  b_cell_all: 'alLeukemia_subtype',
  t_cell_all: 'alLeukemia_subtype',
  net_pancreas: 'nets_location',
  net_small_intestine: 'nets_location',
  net_stomach: 'nets_location',
  net_colorectal: 'nets_location',
  net_appendix: 'nets_location',
  net_lung: 'nets_location',
  net_gep: 'nets_location',
  pheochromocytoma: 'nets_location',
  paraganglioma: 'nets_location',
  net_unknown_primary: 'nets_location',
  well_differentiated: 'nets_differentiation',
  poorly_differentiated: 'nets_differentiation',
  symptoms_controlled: 'nets_symptoms',
  symptoms_uncontrolled: 'nets_symptoms',
};

/** Criteria no question answers (read from trial records only): no anchor to jump to. */
const UNASKED = new Set(['pd_l1']);

/** Histology flags: the lung question (nsclc) for lung cancer, else the carcinoma one (nscc). */
const HISTOLOGY = new Set(['adenocarcinoma', 'squamous', 'large_cell', 'adenosquamous']);

export function questionFieldOf(criterion: string, disease: string): string | null {
  if (UNASKED.has(criterion)) {
    return null;
  }
  if (HISTOLOGY.has(criterion)) {
    return disease === 'lung_cancer' ? 'nsclc' : 'nscc';
  }
  if (criterion === 'her2' && disease !== 'breast_cancer') {
    return 'her2_non_breast';
  }
  return FIELD_OF_CRITERION[criterion] ?? criterion;
}

/** The link to a question on /questionnaire: its element has id = field. */
export function questionHref(criterion: string, disease: string): string {
  const field = questionFieldOf(criterion, disease);
  return field ? `${paths.questionnaire}#${field}` : paths.questionnaire;
}
