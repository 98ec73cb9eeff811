import type { CriterionKey, EligibilityRule } from '@trialflow/contract';

export type Section = 'inclusion' | 'exclusion';

/** One sentence of a criterion item, normalised for matching (see text.ts). */
export interface Sentence {
  /** Normalised, case kept: for symbols such as MET, RET, ER, PR, HR, ATM. */
  norm: string;
  /** `norm` in lower case, same offsets. */
  lower: string;
}

/** What a family's patterns see of one sentence. */
export interface MatchContext {
  section: Section;
  sentence: Sentence;
  /** The whole item (bullet) in lower case: qualifiers may sit in a neighbouring sentence. */
  item: string;
  /** The item is one of the alternatives under "one of the following:" (inclusion). */
  alternative: boolean;
  /** The trial is a haematological one (leukaemia, myeloma): CNS wording means CNS involvement. */
  heme: boolean;
}

/** A rule as a pattern finds it; extract-rules adds section, source and text. */
export type Finding = Pick<
  EligibilityRule,
  'key' | 'kind' | 'min' | 'max' | 'anyOf' | 'qualified' | 'confidence' | 'reading' | 'inferred'
>;

/**
 * How a mention turns into a rule:
 * - 'bool': a property of the disease (biomarker, subtype, stage flag): positive in inclusion is
 *   required, negated in inclusion or positive in exclusion is excluded.
 * - 'condition': a condition no trial requires (comorbidity, metastases): only ever excluded.
 * - 'therapy': a prior treatment; the mention must read as prior ("prior", "received", "naive"
 *   …) and not as a wash-out ("within 4 weeks") or a concurrent treatment.
 */
export type ConceptMode = 'bool' | 'condition' | 'therapy';

export interface Concept {
  key: CriterionKey;
  /**
   * Substrings one of which every match contains (lower case; as written for `caseSensitive`
   * concepts): a sentence without any of them is not searched. The import runs this for every
   * criterion of every study.
   */
  triggers: string[];
  /** Global regex over the lower-case sentence (or `norm` when `caseSensitive`). */
  re: RegExp;
  mode: ConceptMode;
  caseSensitive?: boolean;
  /** Item-level words that restrict the rule to a state the questionnaire does not capture. */
  qualifier?: RegExp;
  /**
   * Item-level words that qualify an excluded reading only (round 11b): "absence of sensitising
   * EGFR mutations" leaves out one kind of EGFR mutation, while a required one still needs EGFR.
   */
  excludedQualifier?: RegExp;
  /**
   * A matched text that names one kind of the criterion only (round 8): such a mention is
   * qualified ("hepatitis B or C" is one cause of chronic liver disease, not every one).
   */
  kindOf?: RegExp;
  /** A negated mention in the exclusion list means the criterion is required ("No measurable"). */
  negatedExclusionRequired?: boolean;
  /** Only in this section. */
  only?: Section;
  /** Round 11c: the match itself says the patient had the therapy ("resected … cancer"): no "prior" cue needed. */
  cued?: boolean;
  /** A positive mention in inclusion gives a required rule only when the sentence matches. */
  requiredCue?: RegExp;
  /** Returns false to ignore one match (context the regex cannot express). */
  accept?: (ctx: MatchContext, start: number, end: number) => boolean;
  /** Extra negation written after the term (e.g. "HER2-low", "PD-L1 TPS < 1%"). */
  negatedBy?: RegExp;
  /** Mentions joined by "or" in inclusion form one anyOf rule when both have the same group. */
  group?: string;
}

/** A family's pattern library: plain concepts plus optional special extraction (numbers). */
export interface FamilyPatterns {
  concepts: Concept[];
  /** Numeric rules (ranges); keys it returns are not also read from `concepts` in the sentence. */
  extract?: (ctx: MatchContext) => Finding[];
}
