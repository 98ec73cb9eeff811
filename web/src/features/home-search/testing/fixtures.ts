import { CONDITION_KEYS } from '@trialflow/contract';
import type { AppConfigResponseDto, FacilityEntryDto } from '@/api/types.gen';
import { createTestConfig } from '@/testing/render';
import type { PlaceDto } from '@/api/types.gen';

/** The answer shape of a generated client call. */
export const ok = (data: unknown) =>
  Promise.resolve({ data, request: new Request('http://x'), response: new Response() }) as never;

export const BERLIN: PlaceDto = {
  id: '2950159',
  label: 'Berlin, Land Berlin, Germany',
  city: 'Berlin',
  region: 'Land Berlin',
  countryCode: 'DE',
  latitude: 52.52437,
  longitude: 13.41053,
};

export const BERN: PlaceDto = {
  id: '2661552',
  label: 'Bern, Bern, Switzerland',
  city: 'Bern',
  region: 'Bern',
  countryCode: 'CH',
  latitude: 46.94809,
  longitude: 7.44744,
};

export const BERGAMO: PlaceDto = {
  id: '3182164',
  label: 'Bergamo, Lombardy, Italy',
  city: 'Bergamo',
  region: 'Lombardy',
  countryCode: 'IT',
  latitude: 45.69601,
  longitude: 9.66721,
};

export const LONDON: PlaceDto = {
  id: '2643743',
  label: 'London, England, United Kingdom',
  city: 'London',
  region: 'England',
  countryCode: 'GB',
  latitude: 51.50853,
  longitude: -0.12574,
};

export const PLACES = [BERLIN, BERN, BERGAMO, LONDON];

/** A stand-in for GET /api/places: the places whose label starts with q. */
export function placesAnswer(options: { query: { q: string; limit?: number } }) {
  const q = options.query.q.trim().toLowerCase();
  const places = PLACES.filter((p) => p.label.toLowerCase().startsWith(q)).slice(
    0,
    options.query.limit ?? 10,
  );
  return ok({ places });
}

/** Facility group 3 (the breast-cancer partner's grouping). */
export const GROUP_3: Record<string, FacilityEntryDto> = {
  '101': { facility: 'Charité – Universitätsmedizin Berlin', city: 'Berlin', state: 'Berlin' },
  '102': { facility: 'Vivantes Klinikum Neukölln', city: 'Berlin', state: 'Berlin' },
  '201': { facility: 'Klinikum rechts der Isar', city: 'München', state: 'Bayern' },
  '202': { facility: 'LMU Klinikum', city: 'München', state: 'Bayern' },
  '301': { facility: 'Universitätsklinikum Hamburg-Eppendorf', city: 'Hamburg', state: 'Hamburg' },
  '401': { facility: 'Praxisklinik Mitte', city: 'Köln', state: '' },
};

export const ALL_CONDITIONS: AppConfigResponseDto['conditions'] = [...CONDITION_KEYS];

/** The public config with the hospital-selection countries. */
export function configWithHospitalCountries(countries: string[]): AppConfigResponseDto {
  return createTestConfig({ conditions: ALL_CONDITIONS, hospitalSelectionCountries: countries });
}

/** Keeps the tests' data layer apart. */
export function resetDataLayer(): void {
  delete window.dataLayer;
}
