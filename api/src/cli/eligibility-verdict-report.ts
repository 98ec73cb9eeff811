import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Answers,
  answersToCriterions,
  CONDITION_KEYS,
  type ConditionKey,
  CRITERIA,
  type CriterionFamily,
  type CriterionKey,
  type EligibilityRule,
  inapplicableCriteria,
  isCriterionKey,
  validateAnswers,
} from '@trialflow/contract';
import { repoRoot } from '../common/repo-root';
import { SHIPPED_TRIALS_DIR } from '../config/env';
import { evaluateRules } from '../search/matching';
import { BLIND_ROUND, extractForTrials } from './eligibility-quality-report';

/**
 * Verdict quality (issue 14): patient vignettes (answers as the questionnaire sends them), each
 * judged by reading the criteria of trials: eligible, excluded (by which criteria) or
 * undecidable. The engine's verdict is the evaluation of the extracted rules (no curation). A
 * wrong exclusion is a pair judged eligible or undecidable that the engine excludes: the worst
 * error the product can make.
 */

export type Judgment = 'eligible' | 'excluded' | 'undecidable';

export interface JudgedTrial {
  nctId: string;
  verdict: Judgment;
  /** For 'excluded': the criteria that exclude the patient. */
  by?: CriterionKey[];
  /** The reason, in the judge's words, with the sentence that decides. */
  why: string;
}

export type VignetteSplit = 'development' | 'heldout';

export interface Vignette {
  id: string;
  /** 'heldout': judged after the last change to the patterns and never used to tune them. */
  split: VignetteSplit;
  answers: Answers;
  trials: JudgedTrial[];
}

export interface VerdictFamily {
  family: CriterionFamily;
  /** Conflicting verdicts of the family the engine gave / that were right / judged criteria. */
  conflicting: number;
  correct: number;
  judged: number;
  recalled: number;
  precision: number;
  recall: number;
}

export interface VerdictCase {
  vignette: string;
  nctId: string;
  judged: Judgment;
  by: CriterionKey[];
  why: string;
  engineExcludes: boolean;
  /** The engine's conflicting verdicts: criterion and every source sentence. */
  conflicting: { key: CriterionKey; texts: string[] }[];
}

export interface VerdictReport {
  vignettes: number;
  pairs: number;
  judged: Record<Judgment, number>;
  wrongExclusions: number;
  /** Pairs the engine excludes that were judged excluded, of all it excludes. */
  precision: number;
  /** Pairs judged excluded the engine excludes, of all judged excluded. */
  recall: number;
  excludedByEngine: number;
  families: VerdictFamily[];
  /** Wrong exclusions first, then missed exclusions. */
  worst: VerdictCase[];
}

/** The date the vignettes' ages are read at: fixed, so a figure does not move with the clock. */
export const VIGNETTE_DATE = new Date('2026-11-23T12:00:00Z');

const JUDGMENTS: readonly Judgment[] = ['eligible', 'excluded', 'undecidable'];

export const DEFAULT_VIGNETTES_FILE = (): string =>
  join(repoRoot(), 'test', 'fixtures', 'eligibility-vignettes.json');

/** The blind held-out rounds after the first two: 3 to 15 (V79 onward). */
export const HELD_OUT_ROUNDS: readonly number[] = Array.from({ length: 14 }, (_, i) => i + 3);

/**
 * The vignettes of blind round N (N = 3 to 15), each judged blind on its date (the README's
 * eligibility section gives each round's pool, picks and measurement).
 */
export const heldOutVignettesFile = (round: number): string =>
  join(repoRoot(), 'test', 'fixtures', `eligibility-vignettes-holdout-${round}.json`);

/** The vignettes of the held-out blind round (`BLIND_ROUND`, eligibility-quality-report.ts). */
export const blindVignettesFile = (): string => heldOutVignettesFile(BLIND_ROUND);

/** Every calibration vignettes file: the first two rounds, then the third to sixteenth rounds. */
export const DEFAULT_VIGNETTES_FILES = (): string[] => [
  DEFAULT_VIGNETTES_FILE(),
  ...HELD_OUT_ROUNDS.map(heldOutVignettesFile),
];

/** Reads and validates one or more vignettes files; an id used twice across them is an error. */
export function readVignettes(files: string | string[]): Vignette[] {
  const vignettes = (Array.isArray(files) ? files : [files]).flatMap((file) =>
    parseVignettes(readFileSync(file, 'utf8')),
  );
  const seen = new Set<string>();
  for (const v of vignettes) {
    if (seen.has(v.id)) {
      throw new Error(`eligibility vignettes: ${v.id} is used twice`);
    }
    seen.add(v.id);
  }
  return vignettes;
}

/** The vignettes' trials are read from every shipped record folder (data/ctgov, data/ctgov-extra). */
export const DEFAULT_VIGNETTE_TRIALS_DIR = (): string => join(repoRoot(), SHIPPED_TRIALS_DIR);

/** Validates the vignettes file; throws naming the vignette and the problem. */
export function parseVignettes(text: string): Vignette[] {
  const data = JSON.parse(text) as { vignettes?: unknown };
  if (!data || !Array.isArray(data.vignettes)) {
    throw new Error('eligibility vignettes: expected an object with a "vignettes" array');
  }
  const vignettes = data.vignettes as Vignette[];
  for (const v of vignettes) {
    if (v.split !== 'development' && v.split !== 'heldout') {
      throw new Error(`eligibility vignettes: ${v.id}: split must be development or heldout`);
    }
    if (!CONDITION_KEYS.includes(v.answers?.type_of_disease as ConditionKey)) {
      throw new Error(`eligibility vignettes: ${v.id}: answers need a type_of_disease`);
    }
    // The answers must be what the questionnaire sends: the contract's schema, as the API checks.
    const validation = validateAnswers(v.answers);
    if ('errors' in validation) {
      const problems = validation.errors.map((e) => e.message).join('; ');
      throw new Error(`eligibility vignettes: ${v.id}: ${problems}`);
    }
    for (const t of v.trials) {
      if (!JUDGMENTS.includes(t.verdict)) {
        throw new Error(`eligibility vignettes: ${v.id}: ${t.nctId}: bad verdict '${t.verdict}'`);
      }
      if (t.verdict === 'excluded' && !t.by?.length) {
        throw new Error(`eligibility vignettes: ${v.id}: ${t.nctId}: 'excluded' needs "by"`);
      }
      const bad = (t.by ?? []).find((k) => !isCriterionKey(k));
      if (bad) {
        throw new Error(
          `eligibility vignettes: ${v.id}: ${t.nctId}: unknown criterion '${String(bad)}'`,
        );
      }
    }
  }
  return vignettes;
}

const familyOf = (key: CriterionKey): CriterionFamily => CRITERIA[key].family;

/** Compares the engine's verdicts with the judgments. */
export function compareVerdicts(
  vignettes: Vignette[],
  rules: Map<string, EligibilityRule[]>,
  now: Date = VIGNETTE_DATE,
): VerdictReport {
  const judged: Record<Judgment, number> = { eligible: 0, excluded: 0, undecidable: 0 };
  const families = new Map<CriterionFamily, VerdictFamily>();
  const family = (f: CriterionFamily): VerdictFamily => {
    let row = families.get(f);
    if (!row) {
      row = {
        family: f,
        conflicting: 0,
        correct: 0,
        judged: 0,
        recalled: 0,
        precision: 1,
        recall: 1,
      };
      families.set(f, row);
    }
    return row;
  };
  const cases: VerdictCase[] = [];
  let pairs = 0;
  let excludedByEngine = 0;
  let rightExclusions = 0;
  let wrongExclusions = 0;
  for (const v of vignettes) {
    const criterions = answersToCriterions(v.answers, now);
    const condition = v.answers.type_of_disease as ConditionKey;
    const inapplicable = inapplicableCriteria(criterions, condition, now);
    for (const t of v.trials) {
      pairs++;
      judged[t.verdict]++;
      const evaluation = evaluateRules(rules.get(t.nctId) ?? [], criterions, now, inapplicable);
      const conflicting = evaluation.conflicting.map((e) => ({
        key: e.rule.key,
        texts: [...new Set(e.rules.map((r) => r.text))],
      }));
      const engineExcludes = conflicting.length > 0;
      const by = t.verdict === 'excluded' ? (t.by ?? []) : [];
      const judgedFamilies = new Set(by.map(familyOf));
      const engineFamilies = new Set(conflicting.map((c) => familyOf(c.key)));
      for (const c of conflicting) {
        const row = family(familyOf(c.key));
        row.conflicting++;
        if (judgedFamilies.has(familyOf(c.key))) {
          row.correct++;
        }
      }
      for (const f of judgedFamilies) {
        const row = family(f);
        row.judged++;
        if (engineFamilies.has(f)) {
          row.recalled++;
        }
      }
      if (engineExcludes) {
        excludedByEngine++;
        if (t.verdict === 'excluded') {
          rightExclusions++;
        } else {
          wrongExclusions++;
        }
      }
      const wrong = engineExcludes && t.verdict !== 'excluded';
      const missed = !engineExcludes && t.verdict === 'excluded';
      if (wrong || missed) {
        cases.push({
          vignette: v.id,
          nctId: t.nctId,
          judged: t.verdict,
          by,
          why: t.why,
          engineExcludes,
          conflicting,
        });
      }
    }
  }
  const rows = [...families.values()]
    .map((r) => ({
      ...r,
      precision: r.conflicting ? r.correct / r.conflicting : 1,
      recall: r.judged ? r.recalled / r.judged : 1,
    }))
    .sort((a, b) => a.family.localeCompare(b.family));
  return {
    vignettes: vignettes.length,
    pairs,
    judged,
    wrongExclusions,
    precision: excludedByEngine ? rightExclusions / excludedByEngine : 1,
    recall: judged.excluded ? rightExclusions / judged.excluded : 1,
    excludedByEngine,
    families: rows,
    worst: cases.sort((a, b) => Number(b.engineExcludes) - Number(a.engineExcludes)),
  };
}

/** The whole measurement: vignettes file(s) + CT.gov records → report. */
export function measureVerdicts(
  split: VignetteSplit | 'all',
  vignettesFiles: string | string[] = DEFAULT_VIGNETTES_FILE(),
  ctgovDir: string | string[] = DEFAULT_VIGNETTE_TRIALS_DIR(),
): VerdictReport {
  const vignettes = readVignettes(vignettesFiles).filter(
    (v) => split === 'all' || v.split === split,
  );
  const ids = new Set(vignettes.flatMap((v) => v.trials.map((t) => t.nctId)));
  const rules = extractForTrials(ctgovDir, ids);
  const missing = [...ids].filter((id) => !rules.has(id));
  if (missing.length) {
    throw new Error(
      `eligibility vignettes: not found in ${String(ctgovDir)}: ${missing.join(', ')}`,
    );
  }
  return compareVerdicts(vignettes, rules);
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The report: wrong-exclusion rate first, then per family, then the worst cases (`worst` of them). */
export function formatVerdicts(report: VerdictReport, title: string, worst = 10): string {
  const header = [
    'family'.padEnd(16),
    'conflicting'.padStart(11),
    'right'.padStart(6),
    'precision'.padStart(9),
    'judged'.padStart(7),
    'found'.padStart(6),
    'recall'.padStart(8),
  ].join(' ');
  const rows = report.families.map((f) =>
    [
      f.family.padEnd(16),
      String(f.conflicting).padStart(11),
      String(f.correct).padStart(6),
      pct(f.precision).padStart(9),
      String(f.judged).padStart(7),
      String(f.recalled).padStart(6),
      pct(f.recall).padStart(8),
    ].join(' '),
  );
  const lines = [
    `Verdicts on the ${title}: ${report.vignettes} patients, ${report.pairs} judged pairs ` +
      `(${report.judged.eligible} eligible, ${report.judged.excluded} excluded, ` +
      `${report.judged.undecidable} undecidable)`,
    `WRONG EXCLUSIONS: ${report.wrongExclusions} of ${report.pairs} pairs (${pct(
      report.pairs ? report.wrongExclusions / report.pairs : 0,
    )})`,
    `exclusions: precision ${pct(report.precision)} (${report.excludedByEngine} excluded by the engine), ` +
      `recall ${pct(report.recall)} (of ${report.judged.excluded} judged excluded)`,
    'conflicting verdicts per family:',
    header,
    '-'.repeat(header.length),
    ...rows,
  ];
  const shown = report.worst.slice(0, worst);
  if (shown.length) {
    lines.push('', `worst cases (${shown.length} of ${report.worst.length}):`);
    for (const c of shown) {
      const what = c.engineExcludes ? 'WRONG EXCLUSION' : 'missed exclusion';
      lines.push(
        `- ${what}: ${c.vignette} × ${c.nctId}, judged ${c.judged}` +
          (c.by.length ? ` by ${c.by.join(', ')}` : ''),
      );
      lines.push(`    judge: ${c.why}`);
      for (const k of c.conflicting) {
        for (const text of k.texts) {
          lines.push(`    engine: ${k.key} conflicts: "${text}"`);
        }
      }
    }
  }
  return lines.join('\n');
}
