import type { SearchFiltersDto, TrialSummaryRequestDto } from '@/api/types.gen';
import { answeredFields, type FormValue, type PatientForm } from '@/lib/patient-form';
import type { SortOrder } from './filter-options';
import type { FiltersState } from './filters-store';

/**
 * 'patient': the questionnaire's answers decide the matches (/search).
 * 'condition': only condition and place, no answers (/searchbycondition).
 */
export type SearchMode = 'patient' | 'condition';

/** The fields of the location-search criteria (spec 02 §3). */
export const LOCATION_FIELDS = [
  'type_of_disease',
  'country_name',
  'latitude',
  'longitude',
  'radius',
] as const;

/** Complete only when every location field is present and truthy (spec 02 §3). */
export function isLocationComplete(form: PatientForm): boolean {
  return LOCATION_FIELDS.every((name) => {
    const value = form[name];
    return Boolean(value) && !(Array.isArray(value) && value.length === 0);
  });
}

/** The form fields a search by condition carries: where, for which condition, which sites. */
export const CONDITION_SEARCH_FIELDS = [
  'type_of_disease',
  'zip_code',
  'country_name',
  'latitude',
  'longitude',
  'radius',
  'radius_unit',
  'facility',
  'facility_ids',
  'facility_name',
  'userSource',
] as const;

/** What a search sends as answers: the whole answered form, or only place and condition. */
export function answersFor(form: PatientForm, mode: SearchMode): PatientForm {
  const answered = answeredFields(form);
  if (mode === 'patient') {
    return answered;
  }
  return Object.fromEntries(
    CONDITION_SEARCH_FIELDS.filter((name) => name in answered).map((name) => [
      name,
      answered[name],
    ]),
  );
}

function text(value: FormValue | undefined): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function filtersBody(filters: FiltersState): SearchFiltersDto {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (Array.isArray(value) ? value.length > 0 : value !== '') {
      body[name] = name === 'distance' ? Number.parseInt(String(value), 10) : value;
    }
  }
  return body;
}

export interface SearchInput {
  form: PatientForm;
  mode: SearchMode;
  filters: FiltersState;
  sort: SortOrder;
  page: number;
  /** The form's userSource, else the partner's. */
  userSource: string;
}

/**
 * The body of the search (spec 02 §7 calls 1 and 2): location, radius, unit and facilities from
 * the form, the answers as the form holds them (the server converts them to criterions), and the
 * filters, sort and page.
 */
export function searchBody({
  form,
  mode,
  filters,
  sort,
  page,
  userSource,
}: SearchInput): TrialSummaryRequestDto {
  const unit = text(form.radius_unit).toUpperCase();
  const facilityIds = (Array.isArray(form.facility_ids) ? form.facility_ids : [])
    .map((id) => Number(id))
    .filter((id) => Number.isInteger(id));
  const body: TrialSummaryRequestDto = {
    type_of_disease: text(form.type_of_disease) as TrialSummaryRequestDto['type_of_disease'],
    country: text(form.country_name),
    location: { lat: Number(form.latitude), long: Number(form.longitude) },
    radius: Number.parseInt(text(form.radius), 10),
    filters: filtersBody(filters),
    sort,
    page,
  };
  if (unit === 'KM' || unit === 'MI') {
    body.radius_unit = unit;
  }
  if (facilityIds.length > 0) {
    body.facility_ids = facilityIds;
  }
  if (mode === 'patient') {
    body.answers = answersFor(form, mode);
  }
  if (userSource) {
    body.userSource = userSource;
  }
  return body;
}
