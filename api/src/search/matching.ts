import {
  CRITERIA,
  ruleExcludes,
  type CriterionKey,
  type Criterions,
  type CriterionValue,
  type EligibilityRule,
} from '@trialflow/contract';

/**
 * Matching semantics (issue 4): a trial is excluded only when an answered criterion contradicts
 * one of its rules; an unanswered criterion never excludes, it is "to check". A contradiction of a
 * qualified rule (one that only applies in a state the questionnaire does not ask about) or of a
 * rule read without confidence (issue 14: conditional, cohort-specific, with an exception) is
 * also only "to check": the site decides.
 *
 * This is the readable reference implementation, used for the page of results and the details
 * screen; the search index compiles the same semantics to typed arrays (search-index.ts), and a
 * test holds the two equal.
 */

export type Outcome = 'matched' | 'unknown' | 'conflicting';

export interface RuleEvaluation {
  /** The rule that decided the verdict (the contradicted one, else the first open one). */
  rule: EligibilityRule;
  /** Every rule of the trial over this criterion: one criterion, one verdict (issue 14). */
  rules: EligibilityRule[];
  outcome: Outcome;
  /** A contradicted rule that may not exclude (qualified or low confidence): "to check". */
  qualified?: boolean;
}

export interface Evaluation {
  matched: RuleEvaluation[];
  toCheck: RuleEvaluation[];
  conflicting: RuleEvaluation[];
  /** 0–100: more satisfied rules up, more open questions down; see matchScore(). */
  score: number;
}

/** true / false / undefined (unanswered) for required and excluded rules. */
export function truthOf(key: CriterionKey, value: CriterionValue | undefined): boolean | undefined {
  if (value === undefined || value === null || value === '') {
    return undefined;
  }
  switch (CRITERIA[key].kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'therapy':
      // -1 had it, -2 did not; a transplant may carry the weeks since it (positive: had it).
      return typeof value === 'number' ? value === -1 || value > 0 : undefined;
    case 'lines':
      return typeof value === 'number' ? value >= 1 : undefined;
    case 'number':
      return typeof value === 'number' ? value !== 0 : undefined;
    default:
      return undefined;
  }
}

/** The patient's possible ages in whole years from a birth year: [year − b − 1, year − b]. */
export function agesFromBirthYear(birthYear: number, now: Date): [number, number] {
  const age = now.getFullYear() - birthYear;
  return [age - 1, age];
}

function rangeOutcome(
  rule: EligibilityRule,
  value: CriterionValue | undefined,
  now: Date,
): Outcome {
  if (typeof value !== 'number') {
    return 'unknown';
  }
  const min = rule.min ?? -Infinity;
  const max = rule.max ?? Infinity;
  if (CRITERIA[rule.key].kind === 'birthYear') {
    const [youngest, oldest] = agesFromBirthYear(value, now);
    // Conflicting only when every age the birth year allows is outside the range.
    return oldest < min || youngest > max ? 'conflicting' : 'matched';
  }
  return value < min || value > max ? 'conflicting' : 'matched';
}

export function ruleOutcome(rule: EligibilityRule, criterions: Criterions, now: Date): Outcome {
  if (rule.kind === 'range') {
    return rangeOutcome(rule, criterions[rule.key], now);
  }
  if (CRITERIA[rule.key].kind === 'gender') {
    const value = criterions[rule.key];
    if (value !== 'male' && value !== 'female') {
      return 'unknown';
    }
    const same = value === rule.value;
    return (rule.kind === 'required') === same ? 'matched' : 'conflicting';
  }
  const keys = [rule.key, ...(rule.anyOf ?? [])];
  const truths = keys.map((k) => truthOf(k, criterions[k]));
  const anyTrue = truths.includes(true);
  const allFalse = truths.every((t) => t === false);
  if (rule.kind === 'required') {
    return anyTrue ? 'matched' : allFalse ? 'conflicting' : 'unknown';
  }
  return anyTrue ? 'conflicting' : allFalse ? 'matched' : 'unknown';
}

/**
 * How many open questions a possible conflict weighs in the score: since round 7 most rules may
 * not exclude (issue 14), so a contradicted one keeps the trial listed but ranks it lower.
 */
export const SOFT_CONFLICT_WEIGHT = 2;

/** Weight of a satisfied rule in the score: meeting a requirement counts double. */
export function matchWeight(rule: Pick<EligibilityRule, 'kind'>): number {
  return rule.kind === 'required' ? 2 : 1;
}

/**
 * Score 0–100 from satisfied weight W and open questions U: (W + 1) / (W + U + 2). A trial with
 * no rules scores 50; each satisfied rule raises it, each open question lowers it. A possible
 * conflict (an answer contradicting a rule that may not exclude) counts as two open questions
 * (SOFT_CONFLICT_WEIGHT): the trial stays listed, below those that only ask questions.
 */
export function matchScore(weight: number, unknown: number): number {
  return Math.round((100 * (weight + 1)) / (weight + unknown + 2));
}

/**
 * One verdict per criterion: the trial's rules grouped by criterion key. A group conflicts when
 * one of its rules excludes; it is to check when one is open or contradicted without the
 * confidence to exclude; it matches when all match, with the weight of its heaviest rule. Rules
 * over `inapplicable` criteria (see @trialflow/contract relevance.ts) that are open are left out.
 */
export function evaluateRules(
  rules: EligibilityRule[],
  criterions: Criterions,
  now: Date = new Date(),
  inapplicable: ReadonlySet<CriterionKey> = new Set(),
): Evaluation {
  const out: Evaluation = { matched: [], toCheck: [], conflicting: [], score: 0 };
  const groups = new Map<CriterionKey, { rule: EligibilityRule; outcome: Outcome }[]>();
  for (const rule of rules) {
    const outcome = ruleOutcome(rule, criterions, now);
    if (outcome === 'unknown' && inapplicable.has(rule.key)) {
      continue;
    }
    const group = groups.get(rule.key) ?? [];
    group.push({ rule, outcome });
    groups.set(rule.key, group);
  }
  let weight = 0;
  let soft = 0;
  for (const group of groups.values()) {
    const all = group.map((g) => g.rule);
    const excluding = group.find((g) => g.outcome === 'conflicting' && ruleExcludes(g.rule));
    const contradicted = group.find((g) => g.outcome === 'conflicting');
    const open = group.find((g) => g.outcome === 'unknown');
    if (excluding) {
      out.conflicting.push({ rule: excluding.rule, rules: all, outcome: 'conflicting' });
    } else if (contradicted) {
      out.toCheck.push({
        rule: contradicted.rule,
        rules: all,
        outcome: 'unknown',
        qualified: true,
      });
      soft++;
    } else if (open) {
      out.toCheck.push({ rule: open.rule, rules: all, outcome: 'unknown' });
    } else {
      out.matched.push({ rule: all[0], rules: all, outcome: 'matched' });
      weight += Math.max(...all.map(matchWeight));
    }
  }
  out.score = matchScore(weight, out.toCheck.length + soft * (SOFT_CONFLICT_WEIGHT - 1));
  return out;
}
