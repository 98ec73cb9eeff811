import { dispatchForm, getForm, type PatientForm, withoutPatient } from '@/lib/patient-form';
import { STORAGE_KEYS, writeItem } from '@/lib/storage';
import { placeFormValues, type SelectedPlace } from './location';

/**
 * Fired on `window` when the condition changes, so the search starts its filters and page afresh
 * (spec 02 §4: choosing a disease clears other search state). The same event name is used by the
 * questionnaire (cascades.ts) and the search (filters-store.ts); features share it by name only.
 */
export const DISEASE_CHANGED_EVENT = 'trialflow:disease-changed';

/**
 * Writes the search's fields into the patient form, announcing a change of condition. Another
 * condition is another patient (issue 15): no answer of the previous one is kept (the screen
 * asked before).
 */
export function storeSearch(values: PatientForm): PatientForm {
  const current = getForm();
  const previous = String(current.type_of_disease ?? '');
  const next = String(values.type_of_disease ?? previous);
  const stored =
    previous !== '' && next !== previous
      ? dispatchForm({ type: 'replace', form: { ...withoutPatient(current, next), ...values } })
      : dispatchForm({ type: 'setMany', values });
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
