import { dispatchForm, getForm, type PatientForm } from '@/lib/patient-form';
import { STORAGE_KEYS, writeItem } from '@/lib/storage';
import { placeFormValues, type SelectedPlace } from './location';

/**
 * Fired on `window` when the condition changes, so the search starts its filters and page afresh
 * (spec 02 §4: choosing a disease clears other search state). The same event name is used by the
 * questionnaire (cascades.ts) and the search (filters-store.ts); features share it by name only.
 */
export const DISEASE_CHANGED_EVENT = 'trialflow:disease-changed';

/** Writes the search's fields into the patient form, announcing a change of condition. */
export function storeSearch(values: PatientForm): PatientForm {
  const previous = String(getForm().type_of_disease ?? '');
  const stored = dispatchForm({ type: 'setMany', values });
  const disease = String(stored.type_of_disease ?? '');
  if (previous !== disease) {
    window.dispatchEvent(new CustomEvent(DISEASE_CHANGED_EVENT, { detail: { previous, disease } }));
  }
  return stored;
}

/** The chosen place into the patient form, and its country as the stored country code. */
export function storePlace(place: SelectedPlace, extra: PatientForm = {}): PatientForm {
  writeItem(STORAGE_KEYS.countryCode, place.countryCode);
  return storeSearch({ ...placeFormValues(place), ...extra });
}
