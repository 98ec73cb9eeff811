import type { CriterionFamily } from '@trialflow/contract';
import { biomarkerPatterns } from './biomarker';
import { comorbidityPatterns } from './comorbidity';
import { diseaseStatusPatterns } from './disease-status';
import { metastasesPatterns } from './metastases';
import { performancePatterns } from './performance';
import { priorTherapyPatterns } from './prior-therapy';
import { stagePatterns } from './stage';
import { subtypePatterns } from './subtype';
import type { FamilyPatterns } from './types';

/** The pattern library, one entry per criterion family (demographics come from the record). */
export const FAMILY_PATTERNS: Partial<Record<CriterionFamily, FamilyPatterns>> = {
  performance: performancePatterns,
  stage: stagePatterns,
  metastases: metastasesPatterns,
  biomarker: biomarkerPatterns,
  prior_therapy: priorTherapyPatterns,
  comorbidity: comorbidityPatterns,
  disease_status: diseaseStatusPatterns,
  subtype: subtypePatterns,
};
