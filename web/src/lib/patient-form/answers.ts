import type { FormValue, PatientForm } from './store';

function isEmpty(value: FormValue | undefined): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The answered fields only: the server drops empty answers anyway (spec 02 §7 call 3). */
export function answeredFields(form: PatientForm): PatientForm {
  return Object.fromEntries(Object.entries(form).filter(([, value]) => !isEmpty(value)));
}
