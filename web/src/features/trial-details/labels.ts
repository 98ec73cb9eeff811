import type { TFunction } from 'i18next';
import { dateTimeFormat } from '@/lib/intl';

/** 'NOT_YET_RECRUITING' → 'Not yet recruiting': shown when a value has no translation. */
export function humanize(value: string): string {
  const text = value.replace(/_/g, ' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The display phases the API sends ('Phase 1' … 'No Phase'), under their translation keys. */
const PHASE_KEYS: Record<string, string> = {
  'Phase 1': 'phase1',
  'Phase 2': 'phase2',
  'Phase 3': 'phase3',
  'Phase 4': 'phase4',
  'No Phase': 'noPhase',
};

export function phaseLabel(t: TFunction, phase: string): string {
  const key = PHASE_KEYS[phase];
  return key ? t(`search.options.trial_phase.${key}`) : phase;
}

/** A ClinicalTrials.gov status (overall or site); '' when the record gives none. */
export function ctgovStatusLabel(t: TFunction, status: string): string {
  return status
    ? t(`search.ctgovStatus.${status}`, { defaultValue: humanize(status) })
    : t('search.ctgovStatus.unknown');
}

/** CT.gov enums the details show: study type, intervention type, sex, contact role. */
export function enumLabel(
  t: TFunction,
  group: 'studyType' | 'interventionType' | 'sex' | 'contactRole',
  value: string,
): string {
  return t(`search.details.enums.${group}.${value}`, { defaultValue: humanize(value) });
}

export function unitLabel(t: TFunction, unit: string): string {
  return t(`search.units.${unit === 'MI' ? 'MI' : 'KM'}`);
}

export { formatDistance } from '@/lib/site-distance';

/** '2024-03-01' in the reader's language; other shapes as they are. */
export function formatDate(language: string, date: string | null): string | null {
  if (!date) {
    return null;
  }
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(date);
  if (!match) {
    return date;
  }
  const [, y, m, d] = match;
  const value = new Date(Date.UTC(Number(y), Number(m) - 1, d ? Number(d) : 1));
  return dateTimeFormat(language, {
    year: 'numeric',
    month: 'long',
    ...(d ? { day: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(value);
}
