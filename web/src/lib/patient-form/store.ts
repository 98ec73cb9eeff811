import { ANSWER_SCHEMA, isAnswerField } from '@trialflow/contract';
import { readItem, STORAGE_KEYS } from '@/lib/storage';
import { useExternalStore } from '@/lib/use-external-store';

/**
 * The patient form (spec 02 §3 "Questionnaire answers" and "Profile state changes"): one flat map
 * of answers shared by the home search form, the questionnaire, the Patient Information panel and
 * the search. It lives in local storage so it survives a reload and is shared across tabs (spec 02
 * §4 "Store actions are synchronised across browser tabs").
 *
 * Values: a string ('' = not answered), a list of strings, or a number (latitude, longitude).
 * The option values are the API's (packages/contract/src/answer-schema.ts).
 */
export type FormValue = string | number | string[] | null;
export type PatientForm = Record<string, FormValue>;

export const FORM_STORAGE_KEY = 'trialflow.form';

/** Every field starts as an empty string unless listed here (spec 02 §3). */
export const FORM_DEFAULTS: Readonly<PatientForm> = Object.freeze({
  age: 'dontknow',
  ethnicity_multiselect: [],
  radius: '1000',
  facility_ids: [],
  latitude: 0,
  longitude: 0,
  interventional: 'no',
});

/** The initial form: the defaults plus who is asking (userId from local storage, else null). */
export function initialForm(): PatientForm {
  return {
    ...structuredClone(FORM_DEFAULTS),
    userId: readItem(STORAGE_KEYS.userId),
    sessionId: readItem(STORAGE_KEYS.sessionId) ?? '',
  };
}

/** A field's value, with '' for a field never set (and its default where it has one). */
export function fieldValue(form: PatientForm, name: string): FormValue {
  if (name in form) return form[name] ?? '';
  return name in FORM_DEFAULTS ? structuredClone(FORM_DEFAULTS[name]) : '';
}

/** Whether a value counts as answered: not '', not null, not an empty list. */
export function isAnswered(value: FormValue | undefined): boolean {
  if (value === undefined || value === null || value === '') return false;
  return !(Array.isArray(value) && value.length === 0);
}

/** The profile state changes of spec 02 §3, as actions. */
export type FormAction =
  | { type: 'replace'; form: PatientForm }
  | { type: 'set'; name: string; value: FormValue }
  | { type: 'setMany'; values: PatientForm }
  | { type: 'clear'; name: string }
  | { type: 'clearMany'; names: readonly string[] }
  | { type: 'append'; name: string; value: string }
  | { type: 'remove'; name: string; value: string }
  | { type: 'toggle'; name: string; value: string }
  | { type: 'reset' };

function listOf(value: FormValue | undefined): string[] {
  return Array.isArray(value) ? value : [];
}

/** Pure reducer: the next form for an action. Cascades are applied by the caller. */
export function formReducer(form: PatientForm, action: FormAction): PatientForm {
  switch (action.type) {
    case 'replace':
      return { ...initialForm(), ...action.form };
    case 'set':
      return { ...form, [action.name]: action.value };
    case 'setMany':
      return { ...form, ...action.values };
    case 'clear':
      return { ...form, [action.name]: Array.isArray(form[action.name]) ? [] : '' };
    case 'clearMany': {
      const next = { ...form };
      for (const name of action.names) next[name] = Array.isArray(form[name]) ? [] : '';
      return next;
    }
    case 'append': {
      const list = listOf(form[action.name]);
      return list.includes(action.value)
        ? form
        : { ...form, [action.name]: [...list, action.value] };
    }
    case 'remove':
      return {
        ...form,
        [action.name]: listOf(form[action.name]).filter((v) => v !== action.value),
      };
    case 'toggle': {
      const list = listOf(form[action.name]);
      return {
        ...form,
        [action.name]: list.includes(action.value)
          ? list.filter((v) => v !== action.value)
          : [...list, action.value],
      };
    }
    case 'reset':
      return initialForm();
  }
}

// --- the store: local storage plus an in-memory snapshot, re-read when another tab writes ---

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: PatientForm | null = null;

function load(): PatientForm {
  const raw = readItem(FORM_STORAGE_KEY);
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return { ...initialForm(), ...(parsed as PatientForm) };
      }
    } catch {
      // A damaged entry starts a fresh form.
    }
  }
  return initialForm();
}

/** The current form. */
export function getForm(): PatientForm {
  snapshot ??= load();
  return snapshot;
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** Applies an action, stores the result and tells every subscriber (this tab; others via storage). */
export function dispatchForm(action: FormAction): PatientForm {
  snapshot = formReducer(getForm(), action);
  try {
    window.localStorage.setItem(FORM_STORAGE_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or disabled: the form still works for this page view.
  }
  emit();
  return snapshot;
}

function onStorage(event: StorageEvent): void {
  if (event.key === FORM_STORAGE_KEY || event.key === null) {
    snapshot = load();
    emit();
  }
}

export function subscribeForm(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Re-renders on every change of the form, in this tab or another. */
export function usePatientForm(): PatientForm {
  return useExternalStore(subscribeForm, getForm);
}

// --- one patient at a time (issue 15 item 1, issue 13 finding 9) ---

/**
 * Fired on `window` when the patient's data is cleared (a new patient, a logout), so the other
 * in-memory stores holding patient-derived state (the search's filters and page) start afresh.
 */
export const PATIENT_CLEARED_EVENT = 'trialflow:patient-cleared';

/** The search fields that describe where the doctor searches, not who the patient is. */
const PLACE_FIELDS = ['zip_code', 'country_name', 'latitude', 'longitude', 'radius_unit'] as const;

const NON_PATIENT_GROUPS = new Set(['search', 'record']);
/** Search fields that still describe the patient (where they live, their language, origin). */
const PERSON_FIELDS = new Set([
  'patient_location',
  'ethnicity_multiselect',
  'patient_preferred_lang',
]);

/** Answers about the patient: every answer field but the search and bookkeeping ones. */
export function isPatientField(name: string): boolean {
  if (PERSON_FIELDS.has(name)) return true;
  return isAnswerField(name) && !NON_PATIENT_GROUPS.has(ANSWER_SCHEMA[name].group);
}

/**
 * Whether the form holds something the doctor told about this patient (beyond the condition):
 * what a new patient or another condition would discard. 'Not known' and the defaults are not.
 */
export function hasPatientAnswers(form: PatientForm): boolean {
  return Object.entries(form).some(
    ([name, value]) =>
      name !== 'type_of_disease' &&
      isPatientField(name) &&
      isAnswered(value) &&
      value !== 'dontknow' &&
      !(name in FORM_DEFAULTS && JSON.stringify(FORM_DEFAULTS[name]) === JSON.stringify(value)),
  );
}

/**
 * The form with every patient answer gone, the condition too unless given: the place the doctor
 * searches from stays, the radius goes back to the default (it belongs to one search).
 */
export function withoutPatient(form: PatientForm, condition = ''): PatientForm {
  const next = initialForm();
  for (const name of PLACE_FIELDS) {
    if (name in form) next[name] = form[name];
  }
  if (condition) next.type_of_disease = condition;
  return next;
}

function announcePatientCleared(): void {
  window.dispatchEvent(new Event(PATIENT_CLEARED_EVENT));
}

/** "New patient": all answers of the current patient go; the place searched from stays. */
export function startNewPatient(condition = ''): PatientForm {
  const next = dispatchForm({ type: 'replace', form: withoutPatient(getForm(), condition) });
  announcePatientCleared();
  return next;
}

/** Keys of this app's own stores in local storage (form, search filters…): all patient-derived. */
const APP_STORE_PREFIX = 'trialflow.';

/**
 * Logout on a shared workstation: nothing of the patient stays in the browser. The form and every
 * `trialflow.*` store go from local storage, session storage is emptied, and the in-memory
 * snapshots start afresh (this tab; other tabs hear the storage events).
 */
export function clearPatientData(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(APP_STORE_PREFIX)) keys.push(key);
    }
    for (const key of keys) window.localStorage.removeItem(key);
    window.sessionStorage.clear();
  } catch {
    // Storage disabled: nothing was kept there either.
  }
  snapshot = initialForm();
  emit();
  announcePatientCleared();
}

/** For tests: forget the in-memory snapshot so the next read comes from local storage. */
export function resetFormStoreForTests(): void {
  snapshot = null;
}
