import type {
  StatusChangeDto,
  TrialRequestDetailsDto,
  TrialRequestResponseDto,
} from '@/api/types.gen';

export const ok = (data: unknown) =>
  Promise.resolve({
    data,
    request: new Request('http://localhost/'),
    response: new Response(),
  }) as never;

export function trialRequest(
  overrides: Partial<TrialRequestResponseDto> = {},
): TrialRequestResponseDto {
  return {
    _id: '2f7c1d2e-8a51-4c3b-9a57-000000000001',
    userId: 'u-hcp-1',
    identifier: 'PT-001',
    trialId: 'NCT04487080',
    trialName: 'Osimertinib in EGFR-mutated NSCLC',
    condition: 'lung_cancer',
    status: 'newRequest',
    comments: '',
    timestamp: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    questionnaire: { type_of_disease: 'lung_cancer', egfr: 'yes' },
    email: 'dr.vega@hospital.example',
    phoneNumber: '',
    country: 'DE',
    selectedLocation: { facility_id: 42, facility_name: 'Vivantes Klinikum' },
    ...overrides,
  };
}

export function historyEntry(overrides: Partial<StatusChangeDto> = {}): StatusChangeDto {
  return {
    _id: `h-${Math.random()}`,
    from: null,
    to: 'newRequest',
    note: '',
    timestamp: '2026-11-20T10:00:00.000Z',
    actor: { _id: 'u-hcp-1', firstName: 'Lucía', lastName: 'Vega', role: 'hcp' },
    ...overrides,
  };
}

export function requestDetails(
  overrides: Partial<TrialRequestDetailsDto> = {},
): TrialRequestDetailsDto {
  return { ...trialRequest(), history: [historyEntry()], ...overrides };
}
