import { ANSWER_FIELDS, ANSWER_SCHEMA, type AnswerField } from '@trialflow/contract';
import { isAnswered, type FormValue, type PatientForm } from '@/lib/patient-form';
import { fieldLabelKey, optionLabelKey } from '@/lib/patient-form/answer-labels';

/**
 * What the Patient Information panel shows of a form (spec 01 §2 "Patient Information panel",
 * §5 "Patient summary display"):
 * - Sections: Diagnosis (the condition, disease answers, then biomarkers), Previous Treatments,
 *   General. Search, location and bookkeeping fields (ids, version, timestamps) are not shown.
 * - Unanswered values are hidden: empty, 'dontknow', an empty list; newly_diagnosed 'no' too, and
 *   "other diseases: not known" (it only says nothing is known).
 * - Age stored as a birth year (above 1900) shows as the current year minus it.
 * - Therapy answers -1 / -2 show as Yes / No.
 * - The transplant month and year are not items of their own: with the transplant answered -1,
 *   they show on a separate line under it.
 * - Renamed: pregnant 'Planned pregnancy', gender 'Biological sex', nscc 'Subtype'.
 */

export type SummarySection = 'diagnosis' | 'treatments' | 'general';
export const SUMMARY_SECTIONS: readonly SummarySection[] = ['diagnosis', 'treatments', 'general'];

/** A value to show: a translation key, or text shown as it is. */
export type SummaryValue =
  | { kind: 'key'; key: string }
  | { kind: 'text'; text: string }
  | { kind: 'date'; month: number | null; year: number };

export interface SummaryItem {
  /** The field, or '<transplant>_date' for a transplant's date line. */
  id: string;
  labelKey: string;
  value: SummaryValue;
}

export type PatientSummary = Record<SummarySection, SummaryItem[]>;

/** Labels the summary words differently from the question. */
export const SUMMARY_LABELS: Readonly<Partial<Record<AnswerField, string>>> = {
  pregnant: 'questionnaire.summary.labels.pregnant',
  gender: 'questionnaire.summary.labels.gender',
  nscc: 'questionnaire.summary.labels.nscc',
};

/** Answers that are never an item of their own. */
const NOT_LISTED = new Set<string>([
  'autologous_month',
  'autologous_year',
  'allogeneic_month',
  'allogeneic_year',
  'dont_know_other_diseases',
]);

const TRANSPLANTS = [
  { field: 'autologous', month: 'autologous_month', year: 'autologous_year' },
  { field: 'allogeneic', month: 'allogeneic_month', year: 'allogeneic_year' },
] as const;

const BIRTH_YEAR_FROM = 1900;

function text(value: FormValue | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Whether a value counts as not answered for the summary. */
export function isHiddenValue(field: string, value: FormValue | undefined): boolean {
  if (!isAnswered(value)) {
    return true;
  }
  const shown = text(value).trim();
  return shown === '' || shown === 'dontknow' || (field === 'newly_diagnosed' && shown === 'no');
}

/** The age to show: a stored birth year becomes an age (spec 01 §5). */
export function displayAge(value: FormValue | undefined, now: Date = new Date()): number | null {
  const n = Number(text(value));
  if (!Number.isFinite(n) || text(value).trim() === '') {
    return null;
  }
  return n > BIRTH_YEAR_FROM ? now.getFullYear() - n : n;
}

function numberOrNull(value: FormValue | undefined): number | null {
  const n = Number(text(value));
  return text(value).trim() !== '' && Number.isInteger(n) ? n : null;
}

/** How one answered field reads. */
export function displayValue(
  field: AnswerField,
  value: FormValue,
  now: Date = new Date(),
): SummaryValue {
  const raw = text(value);
  if (raw === '-1') {
    return { kind: 'key', key: 'questionnaire.options.yesNo.yes' };
  }
  if (raw === '-2') {
    return { kind: 'key', key: 'questionnaire.options.yesNo.no' };
  }
  if (field === 'age') {
    return { kind: 'text', text: String(displayAge(value, now) ?? raw) };
  }
  const spec = ANSWER_SCHEMA[field];
  if (spec.kind === 'yesNo' || spec.kind === 'select') {
    return { kind: 'key', key: optionLabelKey(field, raw) };
  }
  if (Array.isArray(value)) {
    return { kind: 'text', text: value.join(', ') };
  }
  return { kind: 'text', text: raw };
}

function sectionOf(field: AnswerField): SummarySection | null {
  switch (ANSWER_SCHEMA[field].group) {
    case 'disease':
    case 'biomarker':
      return 'diagnosis';
    case 'treatment':
      return 'treatments';
    case 'health':
      return 'general';
    default:
      return null;
  }
}

/** Disease answers before biomarkers (the schema lists biomarkers first). */
const ORDERED_FIELDS: readonly AnswerField[] = [
  ...ANSWER_FIELDS.filter((f) => ANSWER_SCHEMA[f].group === 'disease'),
  ...ANSWER_FIELDS.filter((f) => ANSWER_SCHEMA[f].group !== 'disease'),
];

/** The panel's items of a form, by section. */
export function summarizeForm(form: PatientForm, now: Date = new Date()): PatientSummary {
  const summary: PatientSummary = { diagnosis: [], treatments: [], general: [] };
  for (const field of ORDERED_FIELDS) {
    const section = sectionOf(field);
    const value = form[field];
    if (!section || NOT_LISTED.has(field) || value === undefined || isHiddenValue(field, value)) {
      continue;
    }
    summary[section].push({
      id: field,
      labelKey: SUMMARY_LABELS[field] ?? fieldLabelKey(field),
      value: displayValue(field, value, now),
    });
    const transplant = TRANSPLANTS.find((t) => t.field === field);
    const year = transplant ? numberOrNull(form[transplant.year]) : null;
    if (transplant && text(value) === '-1' && year !== null) {
      summary[section].push({
        id: `${field}_date`,
        labelKey: `questionnaire.questions.${field}_date`,
        value: { kind: 'date', month: numberOrNull(form[transplant.month]), year },
      });
    }
  }
  return summary;
}

/**
 * Whether the stored form can be searched: a condition and a location (spec 02 §3 "Location-search
 * criteria are complete only when type_of_disease, country_name, latitude, longitude and radius
 * are all present and truthy").
 */
export function isSearchableForm(form: PatientForm): boolean {
  return ['type_of_disease', 'country_name', 'latitude', 'longitude', 'radius'].every((name) =>
    Boolean(form[name]),
  );
}
