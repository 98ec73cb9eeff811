import { asAlternative, opensWithOSound, STAGE_NUMERALS } from '@trialflow/contract';
import type { i18n as I18n } from 'i18next';
import type { CriterionResultDto } from '@/api/types.gen';
import { numberFormat } from './intl';

/** What the wording needs of i18next: `useTranslation().i18n` in components. */
export type CriterionTranslator = Pick<I18n, 't' | 'exists' | 'language'>;

/** The parts of a criterion result a rule is worded from; `rule` is the API's English text. */
export type CriterionRuleParts = Pick<
  CriterionResultDto,
  'key' | 'kind' | 'anyOf' | 'min' | 'max' | 'value' | 'rule'
>;

function translated(i18n: CriterionTranslator, key: string): string | null {
  const path = `search.criteria.${key}`;
  return i18n.exists(path) ? i18n.t(path) : null;
}

/** A criterion's name in the current language, or `fallback` (the API's label) if it has none. */
export function criterionName(i18n: CriterionTranslator, key: string, fallback: string): string {
  return translated(i18n, key) ?? fallback;
}

function hasBound(n: number | null | undefined): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

function bound(i18n: CriterionTranslator, key: string, n: number): string {
  if (key === 'tumor_stage') {
    const stage = STAGE_NUMERALS[String(n)];
    if (stage) {
      return stage;
    }
  }
  return numberFormat(i18n.language, {
    useGrouping: false,
    maximumFractionDigits: 2,
  }).format(n);
}

/**
 * Whether a template puts a colon before its names ("Se requiere: {{names}}"): the first name
 * then reads inside the sentence too ("Se requiere: mutación de EGFR").
 */
function namesFollowColon(i18n: CriterionTranslator, key: string): boolean {
  const marker = '\u0000';
  const text = i18n.t(key, { names: marker });
  const at = text.indexOf(marker);
  return at > 0 && /:\s*$/u.test(text.slice(0, at));
}

/**
 * A rule in the current language, worded from its parts the way the API's describeRule words it
 * in English ("EGFR mutation required", "Age at least 18 years", "Tumor stage III to IV",
 * "Female patients only"). The API's `rule` is the answer when a criterion has no translation,
 * so a new criterion shows in English rather than as a key.
 */
export function criterionRule(i18n: CriterionTranslator, result: CriterionRuleParts): string {
  const names = [result.key, ...(result.anyOf ?? [])].map((key) => translated(i18n, key));
  if (names.some((name) => name === null)) {
    return result.rule;
  }
  const [name, ...alternatives] = names as string[];

  if (result.kind === 'range') {
    const years = result.key === 'age' ? 'Years' : '';
    const min = hasBound(result.min) ? bound(i18n, result.key, result.min) : null;
    const max = hasBound(result.max) ? bound(i18n, result.key, result.max) : null;
    if (min !== null && max !== null) {
      return i18n.t(`search.criterionRule.between${years}`, { name, min, max });
    }
    if (min !== null) {
      return i18n.t(`search.criterionRule.atLeast${years}`, { name, min });
    }
    if (max !== null) {
      return i18n.t(`search.criterionRule.atMost${years}`, { name, max });
    }
    return name;
  }

  if (result.key === 'gender') {
    if (result.kind !== 'required') {
      return name;
    }
    if (result.value === 'female') {
      return i18n.t('search.criterionRule.femaleOnly');
    }
    if (result.value === 'male') {
      return i18n.t('search.criterionRule.maleOnly');
    }
    return result.rule;
  }

  // "Relapsed disease or refractory disease": an alternative reads inside the sentence (German
  // keeps its nouns capitalised: "Rezidivierte Erkrankung oder refraktäre Erkrankung"), and so
  // does the first name after a colon. Spanish writes "u" for "o" before the sound /o/
  // ("hepatopatía crónica u otro cáncer"), hence a join of its own before such a name.
  const template =
    result.kind === 'required' ? 'search.criterionRule.required' : 'search.criterionRule.excluded';
  const inSentence = (text: string) => asAlternative(text, i18n.language);
  const subject = alternatives
    .map(inSentence)
    .reduce(
      (first, second) =>
        i18n.t(
          opensWithOSound(second) ? 'search.criterionRule.orBeforeO' : 'search.criterionRule.or',
          { first, second },
        ),
      namesFollowColon(i18n, template) ? inSentence(name) : name,
    );
  return i18n.t(template, { names: subject });
}

/**
 * Whether to quote the criteria sentence under the rule: not when it says nothing more, nor for
 * the registry fields (age, sex), whose sentence the API makes up in English from those fields.
 */
export function showsCriterionText<
  T extends Pick<CriterionResultDto, 'text' | 'rule' | 'section' | 'curated'>,
>(result: T): result is T & { text: string } {
  if (!result.text || result.text === result.rule) {
    return false;
  }
  return result.section !== 'structured' || result.curated === true;
}

/**
 * The note under a "to check" verdict (issue 14): 'qualified' when the answer contradicts a rule
 * that applies only in a state the questionnaire does not ask about (with 'lowConfidence': read
 * the criterion); 'mayConflict' when it contradicts a rule read without the confidence to exclude
 * (conditional, cohort, exception, list, calibration): one note saying both; 'lowConfidence' when
 * such a rule is only unanswered. Nothing for a confident rule that is only unanswered.
 */
export function criterionNotes(
  result: Pick<CriterionResultDto, 'outcome' | 'qualified' | 'confidence' | 'reading'>,
): ('qualified' | 'mayConflict' | 'lowConfidence')[] {
  if (result.outcome !== 'to_check') {
    return [];
  }
  if (result.qualified && result.reading !== 'qualified' && result.confidence === 'low') {
    return ['mayConflict'];
  }
  return [
    ...(result.qualified ? (['qualified'] as const) : []),
    ...(result.confidence === 'low' ? (['lowConfidence'] as const) : []),
  ];
}
