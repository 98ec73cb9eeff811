import type {
  CriterionResultDto,
  SearchFacetsDto,
  TrialSummaryDto,
  TrialSummaryResponseDto,
} from '@/api/types.gen';
import { FORM_STORAGE_KEY, type PatientForm } from '@/lib/patient-form';

/** A patient form with complete location criteria (Berlin, lung cancer, 1000 km). */
export const SEARCH_FORM: PatientForm = {
  type_of_disease: 'lung_cancer',
  zip_code: 'Berlin, Germany',
  country_name: 'DE',
  latitude: 52.52,
  longitude: 13.405,
  radius: '1000',
  radius_unit: 'KM',
  facility_ids: [],
  facility: '',
  egfr: 'yes',
  ecog: '1',
  age: '64',
  userId: 'u-hcp-1',
  sessionId: 'session-1',
  userSource: 'ancora_hcp',
  _id: 'q-1',
  __v: 0,
  timestamp: '2026-01-01T00:00:00.000Z',
  other_disease: '',
};

export function storeForm(form: PatientForm): Record<string, string> {
  return { [FORM_STORAGE_KEY]: JSON.stringify(form) };
}

export function criterion(
  key: string,
  label: string,
  outcome: CriterionResultDto['outcome'],
  rule: string,
  text = '',
  parts: Partial<CriterionResultDto> = {},
): CriterionResultDto {
  return {
    key: key as CriterionResultDto['key'],
    label,
    kind: 'required',
    outcome,
    rule,
    text,
    section: 'inclusion',
    confidence: 'high',
    reading: 'plain',
    ...parts,
  };
}

export function trialSummary(overrides: Partial<TrialSummaryDto> = {}): TrialSummaryDto {
  return {
    nctId: 'NCT04487080',
    briefTitle: 'Osimertinib after chemoradiation in EGFR-mutated NSCLC',
    officialTitle: 'A Phase 2 Study of Osimertinib',
    phases: ['Phase 2'],
    overallStatus: 'RECRUITING',
    studyType: 'INTERVENTIONAL',
    specificity: 'specific',
    conditions: ['lung_cancer'],
    sponsor: 'Charité',
    startDate: '2024-03-01',
    interventions: [{ name: 'Osimertinib', type: 'DRUG', treatmentClass: 'Targeted Therapy' }],
    score: 80,
    matched: [
      criterion(
        'egfr',
        'EGFR mutation',
        'matched',
        'EGFR mutation required',
        'Documented activating EGFR mutation (exon 19 deletion or L858R).',
      ),
      criterion(
        'ecog',
        'ECOG performance status',
        'matched',
        'ECOG performance status 0 to 1',
        '',
        {
          kind: 'range',
          min: 0,
          max: 1,
        },
      ),
    ],
    toCheck: [
      criterion(
        'brain_metastases',
        'Brain metastases',
        'to_check',
        'Brain metastases excluded',
        'No symptomatic brain metastases.',
        { kind: 'excluded' },
      ),
    ],
    conflicting: [],
    nearestSite: {
      facilityId: 17,
      facility: 'Charité - Universitätsmedizin Berlin',
      city: 'Berlin',
      state: '',
      zip: '10117',
      country: 'Germany',
      status: 'RECRUITING',
      contacts: [],
      distance: 12.4,
      lat: 52.52,
      lon: 13.38,
      approximateLocation: false,
    },
    sitesInRadius: 3,
    ...overrides,
  };
}

export function facets(overrides: Partial<SearchFacetsDto> = {}): SearchFacetsDto {
  return {
    trial_phase: { 'Phase 1': 3, 'Phase 2': 12 },
    study_type: { Interventional: 14, Observational: 2 },
    recruiting_status: { Recruiting: 10, 'Not yet recruiting': 4 },
    treatment_subtype: { 'Targeted Therapy': 6 },
    genetic_mutations: { EGFR: 5, ALK: 2 },
    specificity: { specific: 12, basket: 1, pantumor: 1 },
    ...overrides,
  };
}

export function summaryResponse(
  overrides: Partial<TrialSummaryResponseDto> = {},
): TrialSummaryResponseDto {
  return {
    total: 1,
    page: 1,
    pageSize: 25,
    unit: 'KM',
    facets: facets(),
    openQuestions: [],
    nearestBeyond: null,
    trials: [trialSummary()],
    ...overrides,
  };
}

/** What a mocked generated SDK function resolves with. */
export const ok = (data: unknown) =>
  Promise.resolve({
    data,
    request: new Request('http://localhost/'),
    response: new Response(),
  }) as never;
