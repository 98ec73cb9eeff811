import type { TFunction } from 'i18next';

/**
 * A condition's name lives once, in the common namespace (`common.conditions.<key>`), so home,
 * the questionnaire, the Patient Information panel, search and the trial details name it alike.
 */
export function conditionLabelKey(condition: string): string {
  return `common.conditions.${condition}`;
}

/** The translated name of a condition; 'lung_cancer' → 'Lung cancer' when none exists. */
export function conditionLabel(t: TFunction, condition: string): string {
  const spelled = condition.replace(/_/g, ' ').toLowerCase();
  return t(conditionLabelKey(condition), {
    defaultValue: spelled.charAt(0).toUpperCase() + spelled.slice(1),
  });
}
