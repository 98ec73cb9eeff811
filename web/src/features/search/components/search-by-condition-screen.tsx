import { ReactNode, useLayoutEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { dispatchForm, getForm, type PatientForm, usePatientForm } from '@/lib/patient-form';
import { defaultRadiusUnit } from '../filter-options';
import { DISEASE_CHANGED_EVENT } from '../filters-store';
import { SearchPage } from './search-page';

const DEFAULT_RADIUS = '1000';

/** The query strings whose parameters are in the form while their screen is shown. */
const written = new Set<string>();

/**
 * The form fields of /searchbycondition?lat&lng&facility&condition&countryCode&city, or null when
 * they do not make a search (then nothing is written).
 */
export function conditionSearchFields(
  params: URLSearchParams,
  current: PatientForm,
): PatientForm | null {
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const condition = params.get('condition')?.trim() ?? '';
  const country = params.get('countryCode')?.trim().toUpperCase() ?? '';
  const located =
    params.get('lat') !== null &&
    params.get('lng') !== null &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    (lat !== 0 || lng !== 0);
  if (!located || !/^[a-z_]{2,64}$/.test(condition) || !/^[A-Z]{2}$/.test(country)) {
    return null;
  }
  const facility = params.get('facility')?.trim() ?? '';
  const facilityIds = facility
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^\d+$/.test(id));
  const sameCountry = current.country_name === country;
  const city = params.get('city')?.trim() ?? '';
  // The home form stored the place's full label; keep it when this is the same place.
  const samePlace =
    current.latitude === lat &&
    current.longitude === lng &&
    typeof current.zip_code === 'string' &&
    current.zip_code.startsWith(city);
  return {
    type_of_disease: condition,
    latitude: lat,
    longitude: lng,
    country_name: country,
    zip_code: samePlace ? current.zip_code : city,
    facility,
    facility_ids: facilityIds,
    radius: typeof current.radius === 'string' && current.radius ? current.radius : DEFAULT_RADIUS,
    radius_unit:
      sameCountry && (current.radius_unit === 'KM' || current.radius_unit === 'MI')
        ? current.radius_unit
        : defaultRadiusUnit(country),
  };
}

/**
 * /searchbycondition (spec 01 §2, from the hospital modal when no patient search is wanted): the
 * query parameters go into the patient form first, then the results page searches without the
 * questionnaire's answers.
 */
export function SearchByConditionScreen({ patientPanel }: { patientPanel?: ReactNode }) {
  const { search } = useLocation();
  // Re-renders once the parameters are in the form (the form store is the signal).
  const form = usePatientForm();
  const valid = conditionSearchFields(new URLSearchParams(search), form) !== null;

  useLayoutEffect(() => {
    const current = getForm();
    const fields = conditionSearchFields(new URLSearchParams(search), current);
    if (!fields) {
      return;
    }
    written.add(search);
    const diseaseChanged = current.type_of_disease !== fields.type_of_disease;
    dispatchForm({ type: 'setMany', values: fields });
    if (diseaseChanged) {
      window.dispatchEvent(
        new CustomEvent(DISEASE_CHANGED_EVENT, { detail: { disease: fields.type_of_disease } }),
      );
    }
    return () => {
      written.delete(search);
    };
  }, [search]);

  if (!valid) {
    // Nothing was written: the form stays as it was for home.
    return <Navigate to={paths.home} replace />;
  }
  return written.has(search) ? <SearchPage mode="condition" patientPanel={patientPanel} /> : null;
}
