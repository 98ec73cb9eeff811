/** The 17 conditions the product offers (spec 01 §3). A partner may offer fewer. */
export const CONDITION_KEYS = [
  'acute_lymphoblastic_leukemia',
  'acute_myeloid_leukemia',
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
  'multiple_myeloma',
  'neuroendocrine_tumors',
  'ovarian_cancer',
  'pancreatic_cancer',
  'prostate_cancer',
] as const;

export type ConditionKey = (typeof CONDITION_KEYS)[number];

export const SUPPORTED_LANGUAGES = ['en', 'es', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
