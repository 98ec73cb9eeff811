import type { TFunction } from 'i18next';

/** 'Phase 1' → 'phase1', 'Not yet recruiting' → 'notYetRecruiting': a translation key. */
export function optionKey(value: string): string {
  const words = value
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  return words
    .map((word, i) =>
      i === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
}

/** 'NOT_YET_RECRUITING' → 'Not yet recruiting': shown when a value has no translation. */
export function humanize(value: string): string {
  const text = value.replace(/_/g, ' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type FilterGroup =
  'trial_phase' | 'study_type' | 'recruiting_status' | 'treatment_subtype' | 'specificity';

/** The label of a filter value the API sends as is (e.g. 'Phase 2', 'Targeted Therapy'). */
export function filterOptionLabel(t: TFunction, group: FilterGroup, value: string): string {
  return t(`search.options.${group}.${optionKey(value)}`, { defaultValue: value });
}

/** A ClinicalTrials.gov status (overall or site), e.g. RECRUITING. */
export function ctgovStatusLabel(t: TFunction, status: string): string {
  return status
    ? t(`search.ctgovStatus.${status}`, { defaultValue: humanize(status) })
    : t('search.ctgovStatus.unknown');
}

export function unitLabel(t: TFunction, unit: string): string {
  return t(`search.units.${unit === 'MI' ? 'MI' : 'KM'}`);
}

export { formatDistance } from '@/lib/site-distance';
