/**
 * The search criterion vocabulary: the keys and value kinds of the request criterions a search
 * carries (spec 02 §3 "Request criterions"), which are also the keys eligibility rules are written
 * over. The questionnaire's answers are converted to these (see answers-to-criterions.ts);
 * trial records are read into rules over the same keys (see eligibility/).
 *
 * Value kinds:
 * - 'birthYear': the patient's birth year (the questionnaire's age becomes current year − age).
 *   Rules over it are ranges in years of age.
 * - 'gender': 'male' | 'female'.
 * - 'number': a plain number (ecog 0–4, tumor_stage as 0, 1.1 … 3.3, 4, 4.1, 4.2; psa …).
 * - 'lines': a count of prior lines/treatments (0 = none). A 'required' rule means at least one,
 *   an 'excluded' rule means none; ranges bound the count.
 * - 'therapy': -1 = the patient had it, -2 = the patient did not (spec 02 §9). Transplants may
 *   instead carry the whole weeks since it (a positive number, which also means "had it").
 * - 'boolean': true / false.
 */
export type CriterionKind = 'birthYear' | 'gender' | 'number' | 'lines' | 'therapy' | 'boolean';

/** The criterion families the extraction quality is reported by. */
export type CriterionFamily =
  | 'demographics'
  | 'performance'
  | 'stage'
  | 'metastases'
  | 'biomarker'
  | 'prior_therapy'
  | 'comorbidity'
  | 'disease_status'
  | 'subtype';

export interface CriterionDefinition {
  kind: CriterionKind;
  family: CriterionFamily;
  /** English label, used in rule texts and reasons. */
  label: string;
}

const bool = (family: CriterionFamily, label: string): CriterionDefinition => ({
  kind: 'boolean',
  family,
  label,
});
const therapy = (label: string): CriterionDefinition => ({
  kind: 'therapy',
  family: 'prior_therapy',
  label,
});
const biomarker = (label: string): CriterionDefinition => bool('biomarker', label);
const subtype = (label: string): CriterionDefinition => bool('subtype', label);

export const CRITERIA = {
  // Demographics (structured fields of the record).
  age: { kind: 'birthYear', family: 'demographics', label: 'Age' },
  gender: { kind: 'gender', family: 'demographics', label: 'Sex' },

  // Performance status.
  ecog: { kind: 'number', family: 'performance', label: 'ECOG performance status' },

  // Stage: 0, 1.1 (IA) … 3.3 (IIIC), 4 (IV); prostate uses 4.1 / 4.2.
  tumor_stage: { kind: 'number', family: 'stage', label: 'Tumor stage' },
  metastatic: bool('stage', 'Metastatic disease'),
  resectable: bool('stage', 'Resectable disease'),
  unresectable: bool('stage', 'Unresectable disease'),
  measurable_disease: bool('stage', 'Measurable disease'),

  // Metastases.
  brain_metastases: bool('metastases', 'Brain metastases'),
  cns_leukemia: bool('metastases', 'CNS involvement'),

  // Biomarkers: true = positive / mutated / amplified / fused.
  egfr: biomarker('EGFR mutation'),
  alk: biomarker('ALK rearrangement'),
  ros1: biomarker('ROS1 rearrangement'),
  kras: biomarker('KRAS mutation'),
  nras: biomarker('NRAS mutation'),
  ras: biomarker('RAS mutation'),
  braf: biomarker('BRAF mutation'),
  met: biomarker('MET alteration'),
  ret: biomarker('RET fusion'),
  ntrk: biomarker('NTRK fusion'),
  her2: biomarker('HER2 positive'),
  er: biomarker('Estrogen receptor positive'),
  pr: biomarker('Progesterone receptor positive'),
  hr: biomarker('Hormone receptor positive'),
  brca1: biomarker('BRCA1 mutation'),
  brca2: biomarker('BRCA2 mutation'),
  hrd: biomarker('Homologous recombination deficiency'),
  palb2: biomarker('PALB2 mutation'),
  pik3ca: biomarker('PIK3CA mutation'),
  atm: biomarker('ATM mutation'),
  chek2: biomarker('CHEK2 mutation'),
  rad51c: biomarker('RAD51C mutation'),
  rad51d: biomarker('RAD51D mutation'),
  idh1: biomarker('IDH1 mutation'),
  idh2: biomarker('IDH2 mutation'),
  fgfr2: biomarker('FGFR2 alteration'),
  flt3: biomarker('FLT3 mutation'),
  npm1: biomarker('NPM1 mutation'),
  tp53: biomarker('TP53 mutation'),
  vhl: biomarker('VHL alteration'),
  cd19: biomarker('CD19 positive'),
  bcrabl1: biomarker('BCR-ABL1 (Philadelphia chromosome) positive'),
  hpv_16: biomarker('HPV 16 positive'),
  hpv_18: biomarker('HPV 18 positive'),
  msi_high: biomarker('MSI-high / dMMR'),
  mss: biomarker('Microsatellite stable'),
  pd_l1: biomarker('PD-L1 positive'),

  // Prior therapy.
  chemotherapy: { kind: 'lines', family: 'prior_therapy', label: 'Prior chemotherapy' },
  targeted_therapy: { kind: 'lines', family: 'prior_therapy', label: 'Prior targeted therapy' },
  checkpoint_therapy: therapy('Prior immune checkpoint inhibitor'),
  radiation_therapy: therapy('Prior radiotherapy'),
  major_surgery: therapy('Prior major surgery'),
  hormonal_therapy: therapy('Prior hormonal therapy'),
  parp_therapy: therapy('Prior PARP inhibitor'),
  car_t_therapy: therapy('Prior CAR-T cell therapy'),
  braf_therapy: therapy('Prior BRAF/MEK inhibitor'),
  angiogenesis_therapy: therapy('Prior anti-angiogenic therapy'),
  proteasome_inhibitor: therapy('Prior proteasome inhibitor'),
  immunomodulatory_drug: therapy('Prior immunomodulatory drug'),
  corticosteroid_therapy: therapy('Prior corticosteroids'),
  autologous_transplant: therapy('Prior autologous stem cell transplant'),
  allogeneic_transplant: therapy('Prior allogeneic stem cell transplant'),

  // Comorbidities and health.
  pregnant_nursing: bool('comorbidity', 'Pregnant or breastfeeding'),
  hiv: bool('comorbidity', 'HIV infection'),
  liver_diseases: bool('comorbidity', 'Chronic liver disease'),
  cardiac_disorders: bool('comorbidity', 'Chronic heart disease'),
  kidney_diseases: bool('comorbidity', 'Chronic kidney disease'),
  other_cancer: bool('comorbidity', 'Another cancer'),
  autoimmune: bool('comorbidity', 'Autoimmune disease'),
  diabetes: bool('comorbidity', 'Diabetes'),

  // Disease status.
  newly_diagnosed: bool('disease_status', 'Newly diagnosed'),
  untreated: bool('disease_status', 'Untreated disease'),
  remission: bool('disease_status', 'In remission'),
  relapsed: bool('disease_status', 'Relapsed disease'),
  refractory: bool('disease_status', 'Refractory disease'),
  progressive_disease: bool('disease_status', 'Progressive disease'),

  // Subtype flags.
  nsclc: subtype('Non-small cell lung cancer'),
  sclc: subtype('Small cell lung cancer'),
  adenocarcinoma: subtype('Adenocarcinoma histology'),
  squamous: subtype('Squamous cell histology'),
  tnbc: subtype('Triple-negative breast cancer'),
  dcis: subtype('Ductal carcinoma in situ'),
  lcis: subtype('Lobular carcinoma in situ'),
  idc: subtype('Invasive ductal carcinoma'),
  ilc: subtype('Invasive lobular carcinoma'),
  ibc: subtype('Inflammatory breast cancer'),
  postmenopausal: subtype('Postmenopausal'),
  premenopausal: subtype('Premenopausal'),
  crpc: subtype('Castration-resistant prostate cancer'),
  cspc: subtype('Castration-sensitive prostate cancer'),
  cutaneous_melanoma: subtype('Cutaneous melanoma'),
  uveal_melanoma: subtype('Uveal melanoma'),
  mucosal_melanoma: subtype('Mucosal melanoma'),
  acral_melanoma: subtype('Acral melanoma'),
  large_cell: subtype('Large cell carcinoma histology'),
  adenosquamous: subtype('Adenosquamous carcinoma histology'),
  intrahepatic_cholangiocarcinoma: subtype('Intrahepatic cholangiocarcinoma'),
  extrahepatic_cholangiocarcinoma: subtype('Extrahepatic (perihilar or distal) cholangiocarcinoma'),
  gallbladder_cancer: subtype('Gallbladder cancer'),
  hcc: subtype('Hepatocellular carcinoma'),
  fibrolamellar_hcc: subtype('Fibrolamellar hepatocellular carcinoma'),
  mixed_hcc_cholangiocarcinoma: subtype('Combined hepatocellular-cholangiocarcinoma'),
  serous_ovarian: subtype('Serous ovarian cancer'),
  endometrioid_ovarian: subtype('Endometrioid ovarian cancer'),
  clear_cell_ovarian: subtype('Clear cell ovarian cancer'),
  mucinous_ovarian: subtype('Mucinous ovarian cancer'),
  borderline_ovarian: subtype('Borderline ovarian tumor'),
  ovarian_high_grade: subtype('High-grade ovarian cancer'),
  ovarian_low_grade: subtype('Low-grade ovarian cancer'),
  clear_cell_rcc: subtype('Clear cell renal cell carcinoma'),
  papillary_rcc: subtype('Papillary renal cell carcinoma'),
  chromophobe_rcc: subtype('Chromophobe renal cell carcinoma'),
  non_clear_cell_rcc: subtype('Non-clear cell renal cell carcinoma'),
  pdac: subtype('Pancreatic ductal adenocarcinoma'),
  pancreatic_acinar_carcinoma: subtype('Pancreatic acinar cell carcinoma'),
  de_novo_aml: subtype('De novo AML'),
  secondary_aml: subtype('Secondary AML'),
  therapy_related_aml: subtype('Therapy-related AML'),
  apl: subtype('Acute promyelocytic leukemia'),
  smoldering_myeloma: subtype('Smoldering multiple myeloma'),
  active_myeloma: subtype('Active (symptomatic) multiple myeloma'),
  plasma_cell_leukemia: subtype('Plasma cell leukemia'),
  b_cell_all: subtype('B-cell acute lymphoblastic leukemia'),
  t_cell_all: subtype('T-cell acute lymphoblastic leukemia'),
  net_pancreas: subtype('Pancreatic neuroendocrine tumor'),
  net_small_intestine: subtype('Small intestine neuroendocrine tumor'),
  net_stomach: subtype('Gastric neuroendocrine tumor'),
  net_colorectal: subtype('Colorectal neuroendocrine tumor'),
  net_appendix: subtype('Appendiceal neuroendocrine tumor'),
  net_lung: subtype('Lung neuroendocrine tumor'),
  net_gep: subtype('Gastroenteropancreatic neuroendocrine tumor'),
  pheochromocytoma: subtype('Pheochromocytoma'),
  paraganglioma: subtype('Paraganglioma'),
  net_unknown_primary: subtype('Neuroendocrine tumor of unknown primary'),
  well_differentiated: subtype('Well-differentiated neuroendocrine tumor'),
  poorly_differentiated: subtype('Poorly differentiated neuroendocrine carcinoma'),
  symptoms_controlled: subtype('Hormone-related symptoms controlled'),
  symptoms_uncontrolled: subtype('Hormone-related symptoms uncontrolled'),
} as const satisfies Record<string, CriterionDefinition>;

export type CriterionKey = keyof typeof CRITERIA;

export const CRITERION_KEYS = Object.keys(CRITERIA) as CriterionKey[];

export function isCriterionKey(key: string): key is CriterionKey {
  return Object.prototype.hasOwnProperty.call(CRITERIA, key);
}

/** A criterion value as a search carries it. */
export type CriterionValue = number | boolean | string;

/** The criterions of one search: only the answered ones are present. */
export type Criterions = Partial<Record<CriterionKey, CriterionValue>>;

export type RuleConfidence = 'high' | 'low';

/**
 * How a rule was read from its sentence:
 * - 'plain': a plain statement for every patient;
 * - 'qualified': limited to a state the questionnaire does not ask about (active, untreated …);
 * - 'conditional': the sentence applies under a condition ("If …", "For patients with …");
 * - 'exception': the item carries an exception or an allowance that widens the rule ("however,
 *   older participants … may be included", "except …");
 * - 'cohort': the rule is one cohort's, arm's or part's, not the whole trial's;
 * - 'list': read from one alternative of a list ("one of the following:");
 * - 'calibration' (round 7): the sentence read plainly, but rules of its reading class (family,
 *   criterion, kind, section: `api/src/eligibility/patterns/confident-classes.ts`) were too often
 *   misread on the labelled trials to exclude.
 */
export type RuleReading =
  'plain' | 'qualified' | 'conditional' | 'exception' | 'cohort' | 'list' | 'calibration';

export const RULE_READINGS: readonly RuleReading[] = [
  'plain',
  'qualified',
  'conditional',
  'exception',
  'cohort',
  'list',
  'calibration',
];

/**
 * A rule no sentence states in the criterion's own words but that follows from one (issue 14,
 * session 11), calibrated on the judged verdicts instead of the rule labels:
 * - 'pretreated': the inclusion requires a treatment the patient had ("progressed after at least
 *   one prior line", "previously treated", "refractory to standard therapy"), so a newly diagnosed
 *   or untreated patient does not meet it;
 * - 'advanced': the inclusion requires an advanced disease ("advanced solid tumours", "locally
 *   advanced or metastatic"), which an early (stage I or IIA) cancer is not.
 */
export type RuleInference = 'pretreated' | 'advanced';

/** Whether a contradicted rule may exclude the trial: only confident, unqualified ones. */
export function ruleExcludes(rule: Pick<EligibilityRule, 'qualified' | 'confidence'>): boolean {
  return !rule.qualified && rule.confidence !== 'low';
}

/**
 * One eligibility rule of a trial.
 * - 'required': the criterion must hold (boolean true, therapy had, lines ≥ 1, gender = value);
 *   with `anyOf`, it is met when any of `key` and the `anyOf` keys holds.
 * - 'excluded': the criterion must not hold (with `anyOf`: none of them may hold).
 * - 'range': the value must lie in [min, max] (either bound may be absent); for 'age' in years.
 */
export interface EligibilityRule {
  key: CriterionKey;
  kind: 'required' | 'excluded' | 'range';
  anyOf?: CriterionKey[];
  min?: number;
  max?: number;
  /** For 'gender': the sex the trial requires. */
  value?: string;
  /**
   * The sentence limits the rule to a state the questionnaire does not ask about (e.g. only
   * "untreated or symptomatic" brain metastases are excluded): a contradicting answer is then
   * reported "to check", it never excludes the trial.
   */
  qualified?: boolean;
  /**
   * How sure the reading is (issue 14). 'low' when the sentence was not a plain statement of the
   * rule for every patient (see `reading`): such a rule never excludes, a contradicting answer
   * is reported "to check" with the sentence (the site decides). Absent means 'high'.
   */
  confidence?: RuleConfidence;
  /** How the sentence was read; anything but 'plain' gives a low confidence. */
  reading?: RuleReading;
  /** The rule follows from the sentence rather than being stated in it (see RuleInference). */
  inferred?: RuleInference;
  /** Where it was read: the structured fields, the inclusion or the exclusion criteria. */
  section: 'structured' | 'inclusion' | 'exclusion';
  /** How it came about: extraction from the record, or a site's curation file. */
  source: 'structured' | 'text' | 'curation';
  /** The sentence it came from (for age and sex: a sentence made from the structured fields). */
  text: string;
}
