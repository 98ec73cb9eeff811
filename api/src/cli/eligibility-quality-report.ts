import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CRITERIA,
  type CriterionFamily,
  type CriterionKey,
  type EligibilityRule,
  isCriterionKey,
  ruleExcludes,
} from '@trialflow/contract';
import { repoRoot } from '../common/repo-root';
import { geneMatcher } from '../trials/ctgov/ctgov-classify';
import { readStudiesSync } from '../trials/ctgov/ctgov-files';
import { parseStudy } from '../trials/ctgov/ctgov-record';
import { extractRules, type ExtractRulesInput } from '../eligibility/extract-rules';

/**
 * Extraction quality against the hand-labelled fixture (test/fixtures/eligibility-labels.json):
 * precision and recall per criterion family. A rule matches a label when key, kind and section
 * agree and, for ranges, both bounds; for anyOf rules the group {key, ...anyOf} is compared as a
 * set. Matching is one-to-one. `qualified` is reported separately, it does not decide a match.
 *
 * Exclusions (issue 14): an extracted rule "may exclude" when `ruleExcludes` says so (confident
 * and not qualified). It is right only when it matches a label that is not qualified either: a
 * confident rule matched to a qualified label would exclude a patient the sentence leaves to the
 * site. Precision of exclusions = right / rules that may exclude; recall = unqualified labels
 * matched by a rule that may exclude / unqualified labels.
 */

export interface LabelledRule {
  key: CriterionKey;
  kind: EligibilityRule['kind'];
  section: 'inclusion' | 'exclusion';
  min?: number;
  max?: number;
  anyOf?: CriterionKey[];
  qualified?: boolean;
}

export interface LabelledTrial {
  nctId: string;
  conditions: string[];
  rules: LabelledRule[];
  notes?: string;
}

export interface FamilyQuality {
  family: CriterionFamily | 'overall';
  labelled: number;
  extracted: number;
  matched: number;
  precision: number;
  recall: number;
}

/** A rule that may exclude but matches no unqualified label, with the sentence it came from. */
export interface WrongExclusion {
  nctId: string;
  rule: LabelledRule;
  text: string;
}

/** One extracted text rule and how it fared against the labels. */
export interface RuleOutcome {
  nctId: string;
  rule: EligibilityRule;
  /** `ruleExcludes`: confident and not qualified. */
  excludes: boolean;
  /** It matched a label that is not qualified (for a rule that may exclude: it is right). */
  right: boolean;
}

export interface QualityReport {
  trials: number;
  /** Every extracted text rule with its outcome (the calibration reads them). */
  outcomes: RuleOutcome[];
  /** Per family, the text rules calibration demoted to "to check" (reading 'calibration'). */
  demoted: Partial<Record<CriterionFamily, number>>;
  families: FamilyQuality[];
  overall: FamilyQuality;
  /** Per family, over the rules that may exclude and the unqualified labels (see above). */
  exclusionFamilies: FamilyQuality[];
  exclusions: FamilyQuality;
  /** Rules that may exclude but should not, worst trials first. */
  wrongExclusions: WrongExclusion[];
  /** Of the matched pairs, how many agree on `qualified`. */
  qualifiedAgreement: { agree: number; of: number };
  /** Per trial: extracted rules no label matched, labels no rule matched. */
  misses: { nctId: string; falsePositives: LabelledRule[]; falseNegatives: LabelledRule[] }[];
}

type Comparable = Pick<
  LabelledRule,
  'key' | 'kind' | 'section' | 'min' | 'max' | 'anyOf' | 'qualified'
>;

function group(r: Comparable): string {
  return [r.key, ...(r.anyOf ?? [])].sort().join(',');
}

/**
 * One meaning, one form: for a count of prior lines ('lines' criteria), 'required' is "at
 * least one" and 'excluded' is "none" (packages/contract criteria.ts), i.e. ranges min 1 and
 * max 0.
 */
function canonical(r: Comparable): Comparable {
  if (CRITERIA[r.key].kind !== 'lines' || r.anyOf?.length || r.kind === 'range') {
    return r;
  }
  return r.kind === 'required'
    ? { ...r, kind: 'range', min: 1, max: undefined }
    : { ...r, kind: 'range', min: undefined, max: 0 };
}

export function rulesMatch(x: Comparable, y: Comparable): boolean {
  const [a, b] = [canonical(x), canonical(y)];
  if (a.kind !== b.kind || a.section !== b.section) {
    return false;
  }
  if (a.anyOf?.length || b.anyOf?.length ? group(a) !== group(b) : a.key !== b.key) {
    return false;
  }
  return a.kind !== 'range' || (a.min === b.min && a.max === b.max);
}

const familyOf = (key: CriterionKey): CriterionFamily => CRITERIA[key].family;

/** Compares extracted text rules with the labels of each trial. */
export function compareWithLabels(
  labels: LabelledTrial[],
  extracted: Map<string, EligibilityRule[]>,
): QualityReport {
  const counts = new Map<
    CriterionFamily,
    { labelled: number; extracted: number; matched: number }
  >();
  const bump = (family: CriterionFamily, field: 'labelled' | 'extracted' | 'matched'): void => {
    const c = counts.get(family) ?? { labelled: 0, extracted: 0, matched: 0 };
    c[field]++;
    counts.set(family, c);
  };
  const exclusionCounts: typeof counts = new Map();
  const bumpExclusion = (
    family: CriterionFamily,
    field: 'labelled' | 'extracted' | 'matched',
  ): void => {
    const c = exclusionCounts.get(family) ?? { labelled: 0, extracted: 0, matched: 0 };
    c[field]++;
    exclusionCounts.set(family, c);
  };
  const qualified = { agree: 0, of: 0 };
  const misses: QualityReport['misses'] = [];
  const wrongExclusions: WrongExclusion[][] = [];
  const outcomes: RuleOutcome[] = [];
  const demoted: QualityReport['demoted'] = {};
  for (const trial of labels) {
    const rules = (extracted.get(trial.nctId) ?? []).filter(
      (r) => r.source === 'text' && !r.inferred,
    );
    const unmatched = [...trial.rules];
    const falsePositives: LabelledRule[] = [];
    const wrong: WrongExclusion[] = [];
    for (const rule of rules) {
      const family = familyOf(rule.key);
      const excludes = ruleExcludes(rule);
      if (rule.reading === 'calibration') {
        demoted[family] = (demoted[family] ?? 0) + 1;
      }
      // Prefer a label that agrees on `qualified`, so that one-to-one matching does not pair a
      // confident rule with the qualified label of a key labelled twice.
      const candidates = unmatched
        .map((label, i) => ({ label, i }))
        .filter(({ label }) => rulesMatch(label, rule as Comparable));
      const pick =
        candidates.find(({ label }) => Boolean(label.qualified) === !excludes) ?? candidates[0];
      // A rule the trial states twice, in both lists ("non-metastatic" in the inclusion and
      // "metastatic disease" in the exclusion), is labelled once (the exclusion-list convention):
      // the second reading restates that label, in either section, and is as right as it.
      const restated = pick
        ? undefined
        : trial.rules.find(
            (label) =>
              label.section !== rule.section &&
              rulesMatch({ ...label, section: (rule as Comparable).section }, rule as Comparable),
          );
      if (!pick && restated) {
        outcomes.push({ nctId: trial.nctId, rule, excludes, right: !restated.qualified });
        // A right restatement counts once, as its label did; one that excludes what the label
        // qualifies is a wrong rule that may exclude.
        if (excludes && restated.qualified) {
          bump(family, 'extracted');
          bumpExclusion(family, 'extracted');
          wrong.push({ nctId: trial.nctId, rule: rule as LabelledRule, text: rule.text });
        }
        continue;
      }
      bump(family, 'extracted');
      if (excludes) {
        bumpExclusion(family, 'extracted');
      }
      outcomes.push({
        nctId: trial.nctId,
        rule,
        excludes,
        right: Boolean(pick && !pick.label.qualified),
      });
      if (!pick) {
        falsePositives.push(rule as LabelledRule);
        if (excludes) {
          wrong.push({ nctId: trial.nctId, rule: rule as LabelledRule, text: rule.text });
        }
        continue;
      }
      bump(family, 'matched');
      qualified.of++;
      if (Boolean(pick.label.qualified) === Boolean(rule.qualified)) {
        qualified.agree++;
      }
      if (excludes) {
        if (pick.label.qualified) {
          wrong.push({ nctId: trial.nctId, rule: rule as LabelledRule, text: rule.text });
        } else {
          bumpExclusion(family, 'matched');
        }
      }
      unmatched.splice(pick.i, 1);
    }
    for (const label of trial.rules) {
      bump(familyOf(label.key), 'labelled');
      if (!label.qualified) {
        bumpExclusion(familyOf(label.key), 'labelled');
      }
    }
    if (wrong.length) {
      wrongExclusions.push(wrong);
    }
    if (falsePositives.length || unmatched.length) {
      misses.push({ nctId: trial.nctId, falsePositives, falseNegatives: unmatched });
    }
  }
  const quality = (
    family: FamilyQuality['family'],
    c: { labelled: number; extracted: number; matched: number },
  ): FamilyQuality => ({
    family,
    ...c,
    precision: c.extracted ? c.matched / c.extracted : 1,
    recall: c.labelled ? c.matched / c.labelled : 1,
  });
  const byFamily = (m: typeof counts): FamilyQuality[] =>
    [...m.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([family, c]) => quality(family, c));
  const sum = (families: FamilyQuality[]): FamilyQuality =>
    quality(
      'overall',
      families.reduce(
        (t, f) => ({
          labelled: t.labelled + f.labelled,
          extracted: t.extracted + f.extracted,
          matched: t.matched + f.matched,
        }),
        { labelled: 0, extracted: 0, matched: 0 },
      ),
    );
  const families = byFamily(counts);
  const exclusionFamilies = byFamily(exclusionCounts);
  return {
    trials: labels.length,
    outcomes,
    demoted,
    families,
    overall: sum(families),
    exclusionFamilies,
    exclusions: sum(exclusionFamilies),
    wrongExclusions: wrongExclusions.sort((a, b) => b.length - a.length).flat(),
    qualifiedAgreement: qualified,
    misses,
  };
}

/**
 * Validates the labels file (a JSON array of trials, or `{ "_about": "…", "trials": [...] }`
 * for a file that says how its trials were chosen); throws naming the trial and the problem.
 */
export function parseLabels(text: string): LabelledTrial[] {
  const parsed = JSON.parse(text) as unknown;
  const data =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as { trials?: unknown }).trials
      : parsed;
  if (!Array.isArray(data)) {
    throw new Error(
      'eligibility labels: expected a JSON array of trials (or an object with "trials")',
    );
  }
  for (const trial of data as LabelledTrial[]) {
    for (const rule of trial.rules) {
      const keys: string[] = [rule.key, ...(rule.anyOf ?? [])];
      const bad = keys.find((k) => !isCriterionKey(k));
      if (bad) {
        throw new Error(`eligibility labels: ${trial.nctId}: unknown criterion key '${bad}'`);
      }
      if (!['required', 'excluded', 'range'].includes(rule.kind)) {
        throw new Error(`eligibility labels: ${trial.nctId}: bad kind '${String(rule.kind)}'`);
      }
    }
  }
  return data as LabelledTrial[];
}

export const DEFAULT_LABELS_FILE = (): string =>
  join(repoRoot(), 'test', 'fixtures', 'eligibility-labels.json');
/** Trials labelled blind (before the extractor's output was seen): the held-out set. */
export const DEFAULT_HOLDOUT_LABELS_FILE = (): string =>
  join(repoRoot(), 'test', 'fixtures', 'eligibility-labels-holdout.json');
/**
 * The held-out part N (N = 2 to 16; from 3 on, the trials of blind vignette round N), labelled
 * rule by rule, blind (the README's eligibility section gives each round's date, pool and
 * measurement).
 */
export const heldOutLabelsFile = (round: number): string =>
  join(repoRoot(), 'test', 'fixtures', `eligibility-labels-holdout-${round}.json`);

/**
 * The held-out part now (session 11): blind round 17, judged blind on 2026-11-29 on a fresh pool
 * (`node scripts/eligibility-blind-picks.mjs --round 17`), never used to tune the engine. The
 * earlier rounds are calibration data; this one is in none of their lists, so neither the
 * calibration nor an inference is measured on it.
 */
export const BLIND_ROUND = 17;

/** The labels of the held-out blind round's trials. */
export const blindLabelsFile = (): string => heldOutLabelsFile(BLIND_ROUND);
/**
 * Calibration labels of round 9 (2026-11-24): lung and melanoma trials of the calibration pool
 * (its `_about` says how they were chosen), labelled as calibration data, never a blind measure.
 */
export const DEFAULT_CALIBRATION_9_LABELS_FILE = (): string =>
  join(repoRoot(), 'test', 'fixtures', 'eligibility-labels-calibration-9.json');
/** The CT.gov records of the first collection (every trial labelled before 2026-11-23). */
export const DEFAULT_CTGOV_DIR = (): string => join(repoRoot(), 'data', 'ctgov');
/** All CT.gov records shipped in the repository, which hold every labelled trial. */
export const DEFAULT_CTGOV_DIRS = (): string[] => [
  DEFAULT_CTGOV_DIR(),
  join(repoRoot(), 'data', 'ctgov-extra'),
];

/** Reads the CT.gov records of folders (gzipped or not) and extracts the given trials' rules. */
export function extractForTrials(
  ctgovDirs: string | string[],
  nctIds: Set<string>,
  read: (input: ExtractRulesInput) => EligibilityRule[] = extractRules,
): Map<string, EligibilityRule[]> {
  const out = new Map<string, EligibilityRule[]>();
  const noGenes = geneMatcher([]);
  for (const study of readStudiesSync(Array.isArray(ctgovDirs) ? ctgovDirs : [ctgovDirs])) {
    const trial = parseStudy(study, noGenes);
    if (nctIds.has(trial.nctId) && !out.has(trial.nctId)) {
      out.set(
        trial.nctId,
        read({
          minimumAgeYears: trial.minimumAgeYears,
          maximumAgeYears: trial.maximumAgeYears,
          sex: trial.sex,
          eligibilityInclusion: trial.eligibilityInclusion,
          eligibilityExclusion: trial.eligibilityExclusion,
          conditions: trial.conditions,
        }),
      );
    }
  }
  return out;
}

/** The whole measurement: labels file(s) + CT.gov records → report. */
export function measureQuality(
  labelsFiles: string | string[] = DEFAULT_LABELS_FILE(),
  ctgovDirs: string | string[] = DEFAULT_CTGOV_DIRS(),
  read: (input: ExtractRulesInput) => EligibilityRule[] = extractRules,
): QualityReport {
  const labels = (Array.isArray(labelsFiles) ? labelsFiles : [labelsFiles]).flatMap((file) =>
    parseLabels(readFileSync(file, 'utf8')),
  );
  const extracted = extractForTrials(ctgovDirs, new Set(labels.map((l) => l.nctId)), read);
  const missing = labels.filter((l) => !extracted.has(l.nctId)).map((l) => l.nctId);
  if (missing.length) {
    throw new Error(`eligibility labels: not found in ${String(ctgovDirs)}: ${missing.join(', ')}`);
  }
  return compareWithLabels(labels, extracted);
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

const show = (r: LabelledRule): string =>
  `${r.key} ${r.kind} (${r.section})` +
  (r.min !== undefined ? ` min ${r.min}` : '') +
  (r.max !== undefined ? ` max ${r.max}` : '') +
  (r.anyOf?.length ? ` anyOf ${r.anyOf.join(',')}` : '');

/**
 * The report as plain text, under `title` when given: the exclusions first (precision and recall
 * of the rules that may exclude), then per family all rules and the rules that may exclude, then
 * the worst cases (up to `worst` wrong exclusions with their sentences).
 */
export function formatQuality(report: QualityReport, title?: string, worst = 10): string {
  const exclusionsOf = new Map(report.exclusionFamilies.map((f) => [f.family, f]));
  const none: FamilyQuality = {
    family: 'overall',
    labelled: 0,
    extracted: 0,
    matched: 0,
    precision: 1,
    recall: 1,
  };
  const row = (f: FamilyQuality, x: FamilyQuality): string =>
    [
      f.family.padEnd(16),
      String(f.labelled).padStart(8),
      String(f.extracted).padStart(9),
      String(f.matched).padStart(7),
      pct(f.precision).padStart(9),
      pct(f.recall).padStart(8),
      `${x.matched}/${x.extracted}`.padStart(10),
      pct(x.precision).padStart(9),
      `${x.matched}/${x.labelled}`.padStart(9),
      pct(x.recall).padStart(8),
    ].join(' ');
  const header = [
    'family'.padEnd(16),
    'labelled'.padStart(8),
    'extracted'.padStart(9),
    'matched'.padStart(7),
    'precision'.padStart(9),
    'recall'.padStart(8),
    'may excl.'.padStart(10),
    'precision'.padStart(9),
    'of labels'.padStart(9),
    'recall'.padStart(8),
  ].join(' ');
  const q = report.qualifiedAgreement;
  const x = report.exclusions;
  const shown = report.wrongExclusions.slice(0, worst);
  return [
    ...(title ? [title] : []),
    `Eligibility extraction quality over ${report.trials} labelled trials`,
    `rules that may exclude: precision ${pct(x.precision)} (${x.matched} of ${x.extracted} right), ` +
      `recall ${pct(x.recall)} (${x.matched} of ${x.labelled} unqualified labels), ` +
      `${report.wrongExclusions.length} wrong`,
    header,
    '-'.repeat(header.length),
    ...report.families.map((f) =>
      row(f, exclusionsOf.get(f.family) ?? { ...none, family: f.family }),
    ),
    '-'.repeat(header.length),
    row(report.overall, x),
    `qualified flag agrees on ${q.agree} of ${q.of} matched rules`,
    `demoted to "to check" by calibration (round 7): ${
      Object.entries(report.demoted)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([family, n]) => `${family} ${n}`)
        .join(', ') || 'none'
    }`,
    ...(shown.length
      ? [
          `worst cases: rules that may exclude but should not (${shown.length} of ${report.wrongExclusions.length})`,
          ...shown.map((w) => `  ${w.nctId} ${show(w.rule)}: "${w.text}"`),
        ]
      : []),
  ].join('\n');
}
