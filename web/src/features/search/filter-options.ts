import type {
  RecruitingStatus,
  SortOrder,
  Specificity,
  StudyType,
  TreatmentClass,
  TrialPhase,
} from '@/api/types.gen';
import {
  RECRUITING_STATUSES as API_RECRUITING_STATUSES,
  SPECIFICITIES as API_SPECIFICITIES,
  STUDY_TYPES as API_STUDY_TYPES,
  TREATMENT_CLASSES,
  TRIAL_PHASES as API_TRIAL_PHASES,
} from '@trialflow/contract';

/** The option values the API accepts (spec 02 §3 Filters state; named enums of the client). */
export type { RecruitingStatus, SortOrder, Specificity, StudyType, TrialPhase };
export type TreatmentSubtype = TreatmentClass;

// The values themselves come from the API's filter vocabulary, so the two cannot drift.
export const TRIAL_PHASES: readonly TrialPhase[] = API_TRIAL_PHASES;
export const STUDY_TYPES: readonly StudyType[] = API_STUDY_TYPES;
export const RECRUITING_STATUSES: readonly RecruitingStatus[] = API_RECRUITING_STATUSES;
export const SPECIFICITIES: readonly Specificity[] = API_SPECIFICITIES;
export const TREATMENT_SUBTYPES: readonly TreatmentSubtype[] = TREATMENT_CLASSES;

/**
 * The genetic-mutation filter's fixed list (spec 02 §3): the gene and biomarker names trials are
 * indexed by (data/genes.txt, which the import reads). The API's facet only lists names
 * with hits, so the full list lives here.
 */
export const GENETIC_MUTATIONS: readonly string[] = [
  'ABL1',
  'AKT1',
  'ALK',
  'APC',
  'AR',
  'ARAF',
  'ARID1A',
  'ARID2',
  'ATM',
  'B2M',
  'BCL2',
  'BCOR',
  'BCR-ABL1',
  'BRAF',
  'BRCA1',
  'BRCA2',
  'CARD11',
  'CBFB',
  'CCND1',
  'CDH1',
  'CDK4',
  'CDKN2A',
  'CIC',
  'CREBBP',
  'CTCF',
  'CTNNB1',
  'DICER1',
  'DIS3',
  'DNMT3A',
  'EGFR',
  'EIF1AX',
  'EP300',
  'ERBB2',
  'ERBB3',
  'ERCC2',
  'ESR1',
  'EZH2',
  'FBXW7',
  'FGFR1',
  'FGFR2',
  'FGFR3',
  'FGFR4',
  'FLT3',
  'FOXA1',
  'FOXL2',
  'FOXO1',
  'FUBP1',
  'GATA3',
  'GNA11',
  'GNAQ',
  'GNAS',
  'H3F3A',
  'HER2',
  'HIST1H3B',
  'HRAS',
  'HRD',
  'IDH1',
  'IDH2',
  'IKZF1',
  'INPPL1',
  'JAK1',
  'KDM6A',
  'KEAP1',
  'KIT',
  'KNSTRN',
  'KRAS',
  'MAP2K1',
  'MAPK1',
  'MAX',
  'MED12',
  'MET',
  'MLH1',
  'MSH2',
  'MSH3',
  'MSH6',
  'MSI-H',
  'MTOR',
  'MYC',
  'MYCN',
  'MYD88',
  'NF1',
  'NFE2L2',
  'NOTCH1',
  'NRAS',
  'NTRK1',
  'NTRK2',
  'NTRK3',
  'NUP93',
  'PAK7',
  'PDGFRA',
  'PIK3CA',
  'PIK3CB',
  'PIK3R1',
  'PIK3R2',
  'PMS2',
  'POLE',
  'PPP2R1A',
  'PPP6C',
  'PRKCI',
  'PTCH1',
  'PTEN',
  'PTPN11',
  'RAC1',
  'RAF1',
  'RB1',
  'RET',
  'RHOA',
  'RIT1',
  'ROS1',
  'RRAS2',
  'RXRA',
  'SETD2',
  'SF3B1',
  'SMAD3',
  'SMAD4',
  'SMARCA4',
  'SMARCB1',
  'SOS1',
  'SPOP',
  'STAT3',
  'STK11',
  'STK19',
  'TCF7L2',
  'TERT',
  'TGFBR1',
  'TGFBR2',
  'TNBC',
  'TP53',
  'TP63',
  'TSC1',
  'TSC2',
  'U2AF1',
  'VHL',
  'XPO1',
];

export const SORT_ORDERS: readonly SortOrder[] = ['match', 'distance', 'newest'];

/** Choices of the distance filter, in the search's unit (the filter starts empty: any). */
export const DISTANCE_CHOICES: readonly number[] = [10, 25, 50, 100, 250, 500];

/** Pages of 25, first page 1 (spec 02 §9). */
export const PAGE_SIZE = 25;
export const FIRST_PAGE = 1;

/** Spec 02 §9: MI when the country is US or GB, otherwise KM. */
export function defaultRadiusUnit(countryCode: string): 'KM' | 'MI' {
  return ['US', 'GB'].includes(countryCode.toUpperCase()) ? 'MI' : 'KM';
}
