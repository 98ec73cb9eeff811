import type { PatientForm } from '@/lib/patient-form';
import type { PlaceDto } from '@/api/types.gen';

/**
 * Spec 02 §5: the location box accepts letters of any alphabet, digits, spaces and . , ' - ( ).
 * The typographic apostrophe is allowed too: phones type it for ' (smart punctuation).
 */
const LOCATION_TEXT = /^[\p{L}\p{M}\p{N}\s.,'’()-]*$/u;

export function isAllowedLocationText(value: string): boolean {
  return LOCATION_TEXT.test(value);
}

export type RadiusUnit = 'KM' | 'MI';

/** Spec 02 §9: miles in the United States and the United Kingdom, kilometres elsewhere. */
export function radiusUnitFor(countryCode: string): RadiusUnit {
  const code = countryCode.trim().toUpperCase();
  return code === 'US' || code === 'GB' ? 'MI' : 'KM';
}

export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z]{2}$/.test(value);
}

/** The chosen place as the search form needs it. */
export interface SelectedPlace {
  label: string;
  city: string;
  countryCode: string;
  latitude: number;
  longitude: number;
}

export function toSelectedPlace(place: PlaceDto): SelectedPlace {
  return {
    label: place.label,
    city: place.city,
    countryCode: place.countryCode.toUpperCase(),
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

function numberOf(value: PatientForm[string] | undefined): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/**
 * The place kept in the patient form from an earlier visit, if it is complete (spec 02 §3:
 * location criteria need country, latitude and longitude). The form keeps no city: the label's
 * first part stands in for it.
 */
export function placeFromForm(form: PatientForm): SelectedPlace | null {
  const label = typeof form.zip_code === 'string' ? form.zip_code.trim() : '';
  const countryCode = form.country_name;
  const latitude = numberOf(form.latitude);
  const longitude = numberOf(form.longitude);
  if (!label || !isCountryCode(countryCode) || (latitude === 0 && longitude === 0)) {
    return null;
  }
  return {
    label,
    city: label.split(',')[0].trim(),
    countryCode: countryCode.toUpperCase(),
    latitude,
    longitude,
  };
}

/**
 * What picking a place writes into the patient form. An earlier hospital choice belonged to the
 * earlier place, so it goes.
 */
export function placeFormValues(place: SelectedPlace): PatientForm {
  return {
    zip_code: place.label,
    country_name: place.countryCode,
    latitude: place.latitude,
    longitude: place.longitude,
    radius_unit: radiusUnitFor(place.countryCode),
    facility_ids: [],
    facility: '',
    facility_name: '',
  };
}
