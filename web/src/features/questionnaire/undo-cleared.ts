import { isAnswered, type FormValue, type PatientForm } from '@/lib/patient-form';

/**
 * Answers a change of one question cleared (the questions it hid), kept so the change can be
 * taken back (issue 15): moving through a radio group with the arrow keys answers each option
 * in turn, so NSCLC → SCLC → NSCLC must bring histology, EGFR and ALK back.
 */
export interface ClearedAnswers {
  /** The question whose change cleared them. */
  field: string;
  /** Its value before the first change. */
  origin: FormValue;
  /** The cleared answers with the values they had. */
  values: PatientForm;
}

/** The answers `next` lost against `previous`, other than the fields changed on purpose. */
export function lostAnswers(
  previous: PatientForm,
  next: PatientForm,
  changed: readonly string[],
): PatientForm {
  const lost: PatientForm = {};
  for (const [field, value] of Object.entries(previous)) {
    if (!changed.includes(field) && isAnswered(value) && !isAnswered(next[field])) {
      lost[field] = value;
    }
  }
  return lost;
}

export type UndoStep =
  /** Back to where the run of changes started: restore what it cleared. */
  | { kind: 'restore'; values: PatientForm }
  /** Keep going: what this change cleared joins what is kept for undo (null: nothing kept). */
  | { kind: 'keep'; cleared: ClearedAnswers | null };

/**
 * What one answer does to the kept answers: answering the same question again continues the run
 * (and returning to its first value restores everything); another question confirms the run.
 */
export function nextUndoStep(
  kept: ClearedAnswers | null,
  field: string,
  value: FormValue,
  previous: PatientForm,
  next: PatientForm,
): UndoStep {
  const continuing = kept !== null && kept.field === field;
  if (continuing && sameValue(kept.origin, value)) {
    return { kind: 'restore', values: { [field]: value, ...kept.values } };
  }
  const lost = lostAnswers(previous, next, [field]);
  const values = continuing ? { ...lost, ...kept.values } : lost;
  if (Object.keys(values).length === 0) {
    return { kind: 'keep', cleared: null };
  }
  return {
    kind: 'keep',
    cleared: { field, origin: continuing ? kept.origin : (previous[field] ?? ''), values },
  };
}

export function sameValue(a: FormValue | undefined, b: FormValue | undefined): boolean {
  return JSON.stringify(a ?? '') === JSON.stringify(b ?? '');
}
