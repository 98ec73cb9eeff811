import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CRITERIA,
  type CriterionFamily,
  type CriterionKey,
  type EligibilityRule,
  isCriterionKey,
} from '@trialflow/contract';
import { repoRoot } from '../common/repo-root';
import { SHIPPED_TRIALS_DIR } from '../config/env';
import { geneMatcher } from '../trials/ctgov/ctgov-classify';
import { readStudiesSync } from '../trials/ctgov/ctgov-files';
import { parseStudy } from '../trials/ctgov/ctgov-record';
import { extractRules } from '../eligibility/extract-rules';

/**
 * Extraction quality against the hand-labelled fixture (test/fixtures/eligibility-labels.json):
 * precision and recall per criterion family. A rule matches a label when key, kind and section
 * agree and, for ranges, both bounds; for anyOf rules the group {key, ...anyOf} is compared as a
 * set. Matching is one-to-one. `qualified` is reported separately, it does not decide a match.
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

export interface QualityReport {
  trials: number;
  families: FamilyQuality[];
  overall: FamilyQuality;
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

export function rulesMatch(a: Comparable, b: Comparable): boolean {
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
  const qualified = { agree: 0, of: 0 };
  const misses: QualityReport['misses'] = [];
  for (const trial of labels) {
    const rules = (extracted.get(trial.nctId) ?? []).filter((r) => r.source === 'text');
    const unmatched = [...trial.rules];
    const falsePositives: LabelledRule[] = [];
    for (const rule of rules) {
      bump(familyOf(rule.key), 'extracted');
      const i = unmatched.findIndex((label) => rulesMatch(label, rule as Comparable));
      if (i < 0) {
        falsePositives.push(rule as LabelledRule);
        continue;
      }
      bump(familyOf(rule.key), 'matched');
      qualified.of++;
      if (Boolean(unmatched[i].qualified) === Boolean(rule.qualified)) {
        qualified.agree++;
      }
      unmatched.splice(i, 1);
    }
    for (const label of trial.rules) {
      bump(familyOf(label.key), 'labelled');
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
  const families = [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([family, c]) => quality(family, c));
  const total = families.reduce(
    (t, f) => ({
      labelled: t.labelled + f.labelled,
      extracted: t.extracted + f.extracted,
      matched: t.matched + f.matched,
    }),
    { labelled: 0, extracted: 0, matched: 0 },
  );
  return {
    trials: labels.length,
    families,
    overall: quality('overall', total),
    qualifiedAgreement: qualified,
    misses,
  };
}

/** Validates the labels file; throws naming the trial and the problem. */
export function parseLabels(text: string): LabelledTrial[] {
  const data = JSON.parse(text) as unknown;
  if (!Array.isArray(data)) {
    throw new Error('eligibility labels: expected a JSON array');
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
/** The CT.gov records shipped in the repository, which hold every labelled trial. */
/** Every shipped record folder (data/ctgov, data/ctgov-extra): labelled trials come from both. */
export const DEFAULT_CTGOV_DIR = (): string => join(repoRoot(), SHIPPED_TRIALS_DIR);

/** Reads the CT.gov records of a folder (gzipped or not) and extracts the given trials' rules. */
export function extractForTrials(
  ctgovDir: string,
  nctIds: Set<string>,
): Map<string, EligibilityRule[]> {
  const out = new Map<string, EligibilityRule[]>();
  const noGenes = geneMatcher([]);
  for (const study of readStudiesSync([ctgovDir])) {
    const trial = parseStudy(study, noGenes);
    if (nctIds.has(trial.nctId) && !out.has(trial.nctId)) {
      out.set(
        trial.nctId,
        extractRules({
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

/** The whole measurement: labels file + CT.gov records → report. */
export function measureQuality(
  labelsFile = DEFAULT_LABELS_FILE(),
  ctgovDir = DEFAULT_CTGOV_DIR(),
): QualityReport {
  const labels = parseLabels(readFileSync(labelsFile, 'utf8'));
  const extracted = extractForTrials(ctgovDir, new Set(labels.map((l) => l.nctId)));
  const missing = labels.filter((l) => !extracted.has(l.nctId)).map((l) => l.nctId);
  if (missing.length) {
    throw new Error(`eligibility labels: not found in ${ctgovDir}: ${missing.join(', ')}`);
  }
  return compareWithLabels(labels, extracted);
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The report as a plain-text table, under `title` when given. */
export function formatQuality(report: QualityReport, title?: string): string {
  const rows = [...report.families, report.overall].map((f) =>
    [
      f.family.padEnd(16),
      String(f.labelled).padStart(8),
      String(f.extracted).padStart(9),
      String(f.matched).padStart(7),
      pct(f.precision).padStart(9),
      pct(f.recall).padStart(8),
    ].join(' '),
  );
  const header = [
    'family'.padEnd(16),
    'labelled'.padStart(8),
    'extracted'.padStart(9),
    'matched'.padStart(7),
    'precision'.padStart(9),
    'recall'.padStart(8),
  ].join(' ');
  const q = report.qualifiedAgreement;
  return [
    ...(title ? [title] : []),
    `Eligibility extraction quality over ${report.trials} labelled trials`,
    header,
    '-'.repeat(header.length),
    ...rows.slice(0, -1),
    '-'.repeat(header.length),
    rows[rows.length - 1],
    `qualified flag agrees on ${q.agree} of ${q.of} matched rules`,
  ].join('\n');
}
