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

/** A name that opens with a capitalised word, not with an acronym or a symbol ("HIV", "MSI-H"). */
const CAPITALISED = /^\p{Lu}\p{Ll}/u;

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/**
 * The words German criterion names open with that are neither nouns nor inflected: "Neu
 * diagnostiziert", "Nicht resektable Erkrankung", "Gut differenzierter …", "In Remission".
 */
const GERMAN_UNINFLECTED_OPENERS = new Set(['Gut', 'In', 'Neu', 'Nicht', 'Schlecht']);

/**
 * A German name after another: German writes nouns with a capital anywhere in a sentence, so a
 * name that opens with one keeps it ("oder Hirnmetastasen", "oder Diabetes mellitus"); one that
 * opens with an adjective or participle before its noun ("oder chronische Lebererkrankung"), an
 * adverb or a preposition ("oder in Remission") takes a small letter.
 */
function asGermanAlternative(name: string): string {
  const [first = '', ...rest] = name.split(' ');
  if (!CAPITALISED.test(first)) {
    return name;
  }
  // An adjective's ending, and a capitalised word after it: its noun ("Chronische Lebererkrankung",
  // "Schwelendes (smoldering) multiples Myelom"; not "Diabetes mellitus").
  const beforeItsNoun =
    /(?:e|em|en|er|es)$/u.test(first) && rest.some((word) => /^\P{L}*\p{Lu}/u.test(word));
  return beforeItsNoun || GERMAN_UNINFLECTED_OPENERS.has(first) ? lowerFirst(name) : name;
}

/**
 * A criterion's name as it reads after another inside a sentence of `language` (en, es or de):
 * "Relapsed disease or refractory disease", "Enfermedad en recaída o enfermedad refractaria",
 * "Rezidivierte Erkrankung oder refraktäre Erkrankung". An acronym or a symbol keeps its case
 * ("BRCA2 mutation", "HIV infection"), and German its nouns ("HIV-Infektion oder Hirnmetastasen").
 */
export function asAlternative(name: string, language = 'en'): string {
  if (language.startsWith('de')) {
    return asGermanAlternative(name);
  }
  return CAPITALISED.test(name) ? lowerFirst(name) : name;
}

/**
 * Whether a name opens with the sound /o/ as Spanish spells it: an o, or a silent h before one
 * ("Otro cáncer", "Hormonoterapia previa", "OMS"). Spanish writes "u" for "o" before that sound
 * ("… u otro cáncer"). An acronym spelt from H ("HER2", "HOX") opens with "hache", not /o/.
 */
export function opensWithOSound(name: string): boolean {
  return /^(?:[OoÓó]|[Hh][oó])/u.test(name);
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
