import { CRITERIA, type EligibilityRule } from './criteria';

/** Tumor stage numbers of the criteria (see criteria.ts) as oncologists write them. */
export const STAGE_NUMERALS: Readonly<Record<string, string>> = {
  '0': '0',
  '1': 'I',
  '1.1': 'IA',
  '1.2': 'IB',
  '2': 'II',
  '2.1': 'IIA',
  '2.2': 'IIB',
  '3': 'III',
  '3.1': 'IIIA',
  '3.2': 'IIIB',
  '3.3': 'IIIC',
  '4': 'IV',
  '4.1': 'IVA',
  '4.2': 'IVB',
};

function bound(rule: EligibilityRule, n: number): string {
  if (rule.key === 'tumor_stage') {
    return STAGE_NUMERALS[String(n)] ?? String(n);
  }
  return String(n);
}

/**
 * A criterion's name as it reads after another inside an English or Spanish sentence: "Relapsed
 * disease or refractory disease". An acronym or a symbol keeps its case ("BRCA2 mutation",
 * "HIV infection"); German capitalises its nouns, so its names are left as they are.
 */
export function asAlternative(name: string): string {
  return /^\p{Lu}\p{Ll}/u.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/** A rule in words for the reasons list, e.g. "EGFR mutation required", "ECOG … 0 to 1". */
export function describeRule(rule: EligibilityRule): string {
  const label = CRITERIA[rule.key]?.label ?? rule.key;
  const alternatives = (rule.anyOf ?? []).map((k) => asAlternative(CRITERIA[k]?.label ?? k));
  const subject = [label, ...alternatives].join(' or ');
  if (rule.kind === 'range') {
    const unit = rule.key === 'age' ? ' years' : '';
    const hasMin = rule.min !== undefined && rule.min !== null && Number.isFinite(rule.min);
    const hasMax = rule.max !== undefined && rule.max !== null && Number.isFinite(rule.max);
    if (hasMin && hasMax) {
      return `${label} ${bound(rule, rule.min!)} to ${bound(rule, rule.max!)}${unit}`;
    }
    if (hasMin) {
      return `${label} at least ${bound(rule, rule.min!)}${unit}`;
    }
    if (hasMax) {
      return `${label} at most ${bound(rule, rule.max!)}${unit}`;
    }
    return label;
  }
  if (rule.key === 'gender') {
    const sex = (rule.value ?? '').replace(/^./, (c) => c.toUpperCase());
    return rule.kind === 'required' ? `${sex} patients only` : label;
  }
  return rule.kind === 'required' ? `${subject} required` : `${subject} excluded`;
}
