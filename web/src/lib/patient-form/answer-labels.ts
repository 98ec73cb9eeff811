import { conditionLabelKey } from '@/i18n/conditions';
import { ANSWER_SCHEMA, isAnswerField } from '@trialflow/contract';

/**
 * How an answer and its values are named in the `questionnaire` translation namespace
 * (api/src/translations/locales/{lang}/questionnaire.json). Shared by every screen that shows
 * answers (the questionnaire, the Patient Information panel), so a field reads the same
 * everywhere and each text is translated once.
 *
 * - A field's label: `questionnaire.fields.<field>`; a question over several fields:
 *   `questionnaire.questions.<id>`.
 * - A yes/no answer: `questionnaire.options.yesNo.<value>`; a biomarker's reads as a test result,
 *   `questionnaire.options.biomarker.<value>` (Positive / Negative / Not tested or unknown).
 * - A choice: `questionnaire.options.<field>.<value key>` (the transplants share `transplant`).
 * - A condition: `common.conditions.<condition>` (shared with home, search and the details).
 */

/** '1.1' → '1_1', '-1' → 'minus1': option values as translation keys (no key separators). */
export function optionKey(value: string): string {
  return value.replace(/^-/, 'minus').replace(/[^A-Za-z0-9_]/g, '_');
}

export function fieldLabelKey(field: string): string {
  return `questionnaire.fields.${field}`;
}

/** Choice fields whose options share one set of texts. */
const OPTION_SETS: Readonly<Record<string, string>> = {
  autologous: 'transplant',
  allogeneic: 'transplant',
};

/** The option set a field's values are named in. */
export function optionSetOf(field: string): string {
  if (!isAnswerField(field)) {
    return field;
  }
  const spec = ANSWER_SCHEMA[field];
  if (spec.kind === 'yesNo') {
    return spec.group === 'biomarker' ? 'biomarker' : 'yesNo';
  }
  if (spec.kind === 'number') {
    return 'yesNo'; // only 'dontknow' is a word among their values
  }
  return OPTION_SETS[field] ?? field;
}

/** The translation key of one value of a field. */
export function optionLabelKey(field: string, value: string, optionSet?: string): string {
  if (field === 'type_of_disease') {
    return conditionLabelKey(value);
  }
  return `questionnaire.options.${optionSet ?? optionSetOf(field)}.${optionKey(value)}`;
}
