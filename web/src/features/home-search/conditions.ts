import type { TFunction } from 'i18next';
import type { ConditionKey } from '@/api/types.gen';
import { conditionLabel } from '@/i18n/conditions';
import type { Partner } from '@/lib/partner';
import { collator as makeCollator } from '@/lib/intl';

export interface ConditionOption {
  value: ConditionKey;
  label: string;
}

/** The conditions this partner offers: its diseases_dropdown list, or every one for 'all'. */
export function partnerConditions(all: readonly ConditionKey[], partner: Partner): ConditionKey[] {
  const allowed = partner.diseases_dropdown;
  return allowed === 'all' ? [...all] : all.filter((key) => allowed.includes(key));
}

/** The dropdown's options, sorted by their label in the current language (spec 02 §1). */
export function conditionOptions(
  all: readonly ConditionKey[],
  partner: Partner,
  t: TFunction,
  language: string,
): ConditionOption[] {
  const collator = makeCollator(language, { sensitivity: 'base' });
  return partnerConditions(all, partner)
    .map((value) => ({ value, label: conditionLabel(t, value) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The condition the form starts with: the partner's preset, else the stored one if offered. */
export function initialCondition(
  offered: readonly ConditionKey[],
  partner: Partner,
  stored: unknown,
): string {
  const preset = partner.set_type_of_disease;
  if (preset && offered.includes(preset)) {
    return preset;
  }
  return typeof stored === 'string' && (offered as readonly string[]).includes(stored)
    ? stored
    : '';
}
