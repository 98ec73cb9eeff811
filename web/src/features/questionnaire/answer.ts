import { dispatchForm, getForm, type PatientForm } from '@/lib/patient-form';
import {
  applyCascades,
  DISEASE_CHANGED_EVENT,
  diseaseChanged,
  formDiff,
  prepareForm,
  type DiseaseChangedDetail,
} from './cascades';

/**
 * Answers questions: each value goes through the cascades (./cascades.ts) and the result is
 * stored in one go, so every tab and the Patient Information panel see a consistent form.
 * Returns the form as stored.
 */
export function commitAnswers(values: PatientForm): PatientForm {
  const previous = getForm();
  let next = previous;
  for (const [field, value] of Object.entries(values)) {
    next = applyCascades(next, { ...next, [field]: value }, field);
  }
  const patch = formDiff(previous, next);
  if (Object.keys(patch).length === 0) {
    return previous;
  }
  const stored = dispatchForm({ type: 'setMany', values: patch });
  if (diseaseChanged(previous, stored)) {
    const detail: DiseaseChangedDetail = {
      previous: String(previous.type_of_disease ?? ''),
      disease: String(stored.type_of_disease ?? ''),
    };
    window.dispatchEvent(new CustomEvent(DISEASE_CHANGED_EVENT, { detail }));
  }
  return stored;
}

/** Brings a form whose condition was chosen elsewhere in line with the questionnaire. */
export function prepareStoredForm(): void {
  const previous = getForm();
  const patch = formDiff(previous, prepareForm(previous));
  if (Object.keys(patch).length > 0) {
    dispatchForm({ type: 'setMany', values: patch });
  }
}
