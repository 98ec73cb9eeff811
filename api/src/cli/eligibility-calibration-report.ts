import {
  answersToCriterions,
  CRITERIA,
  type CriterionFamily,
  type EligibilityRule,
  inapplicableCriteria,
} from '@trialflow/contract';
import { readRules } from '../eligibility/extract-rules';
import { ruleOutcome } from '../search/matching';
import {
  CONFIDENT_CLASS_TABLE,
  CONFIDENT_INFERENCE_TABLE,
  CONFIDENT_VERDICT_TABLE,
  MIN_INFERENCE_TRIALS,
  REJECTED_INFERENCES,
  CONFIDENT_POOL_TABLE,
  type ConfidentBy,
  mayExclude,
  MIN_PRECISION,
  REJECTED_POOLS,
  MIN_SUPPORT,
  MIN_WILSON,
  poolOf,
  readingClass,
} from '../eligibility/patterns/confident-classes';
import {
  DEFAULT_CALIBRATION_9_LABELS_FILE,
  DEFAULT_CTGOV_DIRS,
  heldOutLabelsFile,
  DEFAULT_HOLDOUT_LABELS_FILE,
  DEFAULT_LABELS_FILE,
  extractForTrials,
  measureQuality,
  type RuleOutcome,
} from './eligibility-quality-report';
import {
  DEFAULT_VIGNETTE_TRIALS_DIR,
  DEFAULT_VIGNETTES_FILES,
  readVignettes,
  VIGNETTE_DATE,
} from './eligibility-verdict-report';

/**
 * Calibration of the reading classes (issue 14, round 7): per class, the precision of the rules
 * that may exclude as the sentences read them (`readRules`, before calibration) against the rule
 * labels. A class may exclude when it has at least MIN_SUPPORT such rules, a precision of at
 * least MIN_PRECISION and a Wilson lower bound of at least MIN_WILSON, or (round 8) when its pool
 * (family / kind / section, `poolOf`) passes the same bars and the class has no miss of its own
 * (`patterns/confident-classes.ts` holds the reviewed allow-list and the passing pools).
 */

export interface ClassCalibration {
  readingClass: string;
  family: CriterionFamily;
  /** Rules of the class that may exclude as read. */
  support: number;
  /** Of them, those matching an unqualified label. */
  right: number;
  precision: number;
  /** 95% Wilson lower bound of the precision. */
  wilson: number;
  /** The class's pool (`poolOf`) and whether the pool passes the bars. */
  pool: string;
  poolPasses: boolean;
  /** The pool passes but was rejected by review (`REJECTED_POOLS`). */
  poolRejected: boolean;
  /** Why it may exclude (its own figures or its pool's), or null. */
  by: ConfidentBy | null;
  /** May exclude (`by` is not null). */
  passes: boolean;
  /** In the committed allow-list. */
  listed: boolean;
  /** The sentences of its rules that were wrong, for reading the misreadings. */
  wrong: { nctId: string; text: string }[];
}

export interface PoolCalibration {
  pool: string;
  support: number;
  right: number;
  precision: number;
  wilson: number;
  passes: boolean;
  /** In the committed table of passing pools. */
  listed: boolean;
  /** Classes of the pool, and of them those that may exclude. */
  classes: number;
  allowed: number;
}

/** Enough support, precise enough and a Wilson lower bound high enough to exclude. */
export function passesBars(support: number, right: number): boolean {
  return (
    support >= MIN_SUPPORT &&
    right / support >= MIN_PRECISION &&
    wilsonLowerBound(right, support) >= MIN_WILSON
  );
}

/**
 * The calibration data: development labels and held-out rounds 1–5 (seen since round 7), round 6
 * (partly seen in round 8, calibration data since round 9), the calibration labels of round 9
 * (lung and melanoma trials labelled as calibration data) and, since round 11, the blind rounds 7
 * (measured after rounds 9, 10 and 11), 8 (measured once, after round 11), 9 (measured once,
 * after round 8's fixes), 10 (measured once, after round 9's fixes) and, since round 12, 11
 * (measured once, after round 10's fixes), 12 (measured once on round 12's engine), 13
 * (measured once on round 12's final engine), 14 (measured once after round 13's fixes) and,
 * since session 10, 15 (measured after round 14's fixes and again at the next change) and 16
 * (measured once on session 10's final engine; lung, pancreatic, melanoma, cervical), whose
 * misreadings were then read.
 */
export const CALIBRATION_LABELS_FILES = (): string[] => [
  DEFAULT_LABELS_FILE(),
  DEFAULT_HOLDOUT_LABELS_FILE(),
  ...[2, 3, 4, 5, 6].map(heldOutLabelsFile),
  DEFAULT_CALIBRATION_9_LABELS_FILE(),
  ...[7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map(heldOutLabelsFile),
];

/** 95% Wilson score lower bound of a proportion `right / n` (0 when n is 0). */
export function wilsonLowerBound(right: number, n: number, z = 1.96): number {
  if (n === 0) {
    return 0;
  }
  const p = right / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return (centre - margin) / (1 + z2 / n);
}

/** The pools of the outcomes of rules that may exclude, best supported first. */
export function calibratePools(
  outcomes: RuleOutcome[],
  listed: ReadonlySet<string> = new Set(CONFIDENT_POOL_TABLE.map((p) => p.pool)),
): PoolCalibration[] {
  const classes = calibrateClasses(outcomes);
  const byPool = new Map<string, { support: number; right: number }>();
  for (const o of outcomes.filter((x) => x.excludes)) {
    const pool = poolOf(readingClass(o.rule));
    const c = byPool.get(pool) ?? { support: 0, right: 0 };
    c.support++;
    if (o.right) {
      c.right++;
    }
    byPool.set(pool, c);
  }
  return [...byPool.entries()]
    .map(([pool, c]) => {
      const members = classes.filter((x) => x.pool === pool);
      return {
        pool,
        support: c.support,
        right: c.right,
        precision: c.right / c.support,
        wilson: wilsonLowerBound(c.right, c.support),
        passes: passesBars(c.support, c.right),
        listed: listed.has(pool),
        classes: members.length,
        allowed: members.filter((x) => x.passes).length,
      };
    })
    .sort(
      (a, b) =>
        Number(b.passes) - Number(a.passes) ||
        b.support - a.support ||
        a.pool.localeCompare(b.pool),
    );
}

/**
 * Groups the outcomes of rules that may exclude by reading class, with its pool; those that
 * may exclude first, then by support.
 */
export function calibrateClasses(
  outcomes: RuleOutcome[],
  listed: ReadonlySet<string> = new Set(CONFIDENT_CLASS_TABLE.map((c) => c.readingClass)),
): ClassCalibration[] {
  const byClass = new Map<
    string,
    { family: CriterionFamily; support: number; right: number; wrong: ClassCalibration['wrong'] }
  >();
  const byPool = new Map<string, { support: number; right: number }>();
  for (const o of outcomes) {
    if (!o.excludes) {
      continue;
    }
    const cls = readingClass(o.rule);
    const c = byClass.get(cls) ?? {
      family: CRITERIA[o.rule.key].family,
      support: 0,
      right: 0,
      wrong: [],
    };
    const p = byPool.get(poolOf(cls)) ?? { support: 0, right: 0 };
    c.support++;
    p.support++;
    if (o.right) {
      c.right++;
      p.right++;
    } else {
      c.wrong.push({ nctId: o.nctId, text: o.rule.text });
    }
    byClass.set(cls, c);
    byPool.set(poolOf(cls), p);
  }
  return [...byClass.entries()]
    .map(([cls, c]) => {
      const pool = byPool.get(poolOf(cls))!;
      const rejected = REJECTED_POOLS.has(poolOf(cls));
      const by = mayExclude(c, rejected ? { support: 0, right: 0 } : pool, passesBars);
      return {
        readingClass: cls,
        family: c.family,
        support: c.support,
        right: c.right,
        precision: c.right / c.support,
        wilson: wilsonLowerBound(c.right, c.support),
        pool: poolOf(cls),
        poolPasses: passesBars(pool.support, pool.right),
        poolRejected: rejected,
        by,
        passes: by !== null,
        listed: listed.has(cls),
        wrong: c.wrong,
      };
    })
    .sort(
      (a, b) =>
        Number(b.passes) - Number(a.passes) ||
        b.support - a.support ||
        a.readingClass.localeCompare(b.readingClass),
    );
}

/** One inference class measured on the judged verdicts (session 11). */
export interface InferenceCalibration {
  readingClass: string;
  pairs: number;
  right: number;
  trials: number;
  precision: number;
  wilson: number;
  passes: boolean;
  listed: boolean;
  /** Of the right pairs, those the judge excluded by a criterion of the rule's family. */
  byFamily: number;
  /** The pairs its rules contradict that were not judged excluded. */
  wrong: { vignette: string; nctId: string; text: string }[];
  /** It passes the bars but was rejected on a blind round (`REJECTED_INFERENCES`). */
  rejected: boolean;
  /** The right pairs judged excluded for another family's criterion: to read by hand. */
  otherReason: { vignette: string; nctId: string; text: string }[];
}

/** The calibration vignettes with their trials' rules as read (before calibration). */
export interface VerdictData {
  vignettes: ReturnType<typeof readVignettes>;
  rules: Map<string, EligibilityRule[]>;
}

/** Reads the calibration vignettes and their trials' rules once, for both verdict measures. */
export function readVerdictData(
  vignettesFiles: string[] = DEFAULT_VIGNETTES_FILES(),
  ctgovDir: string | string[] = DEFAULT_VIGNETTE_TRIALS_DIR(),
): VerdictData {
  const vignettes = readVignettes(vignettesFiles);
  const ids = new Set(vignettes.flatMap((v) => v.trials.map((t) => t.nctId)));
  return { vignettes, rules: extractForTrials(ctgovDir, ids, readRules) };
}

/**
 * Per reading class of the plain rules `select` takes, on the judged verdicts of the calibration
 * vignettes: the pairs whose patient a rule of the class (as read, before calibration)
 * contradicts, those of them judged excluded, those judged excluded by a criterion of the rule's
 * family (a misread rule riding on an exclusion for another reason is no evidence) and the
 * distinct trials. A class passes when the pairs pass the bars (`passesBars`), come from at least
 * MIN_INFERENCE_TRIALS trials and it was not rejected on a blind round.
 */
function measureOnVerdicts(
  data: VerdictData,
  select: (rule: EligibilityRule) => boolean,
  listed: ReadonlySet<string>,
  rejected: ReadonlyMap<string, string>,
): InferenceCalibration[] {
  const byClass = new Map<
    string,
    {
      pairs: number;
      right: number;
      byFamily: number;
      trials: Set<string>;
      wrong: InferenceCalibration['wrong'];
      otherReason: InferenceCalibration['wrong'];
    }
  >();
  for (const v of data.vignettes) {
    const criterions = answersToCriterions(v.answers, VIGNETTE_DATE);
    const inapplicable = inapplicableCriteria(criterions, v.answers.type_of_disease, VIGNETTE_DATE);
    for (const t of v.trials) {
      const seen = new Set<string>();
      for (const r of data.rules.get(t.nctId) ?? []) {
        if (!select(r) || r.qualified || r.confidence === 'low' || inapplicable.has(r.key)) {
          continue;
        }
        const cls = readingClass(r);
        const c = byClass.get(cls) ?? {
          pairs: 0,
          right: 0,
          byFamily: 0,
          trials: new Set<string>(),
          wrong: [],
          otherReason: [],
        };
        byClass.set(cls, c);
        if (seen.has(cls) || ruleOutcome(r, criterions, VIGNETTE_DATE) !== 'conflicting') {
          continue;
        }
        seen.add(cls);
        c.pairs++;
        c.trials.add(t.nctId);
        // Right when judged excluded (no wrong exclusion); `byFamily` when the judge named a
        // criterion of the rule's family: the others are read by hand (`--wrong` lists them),
        // since a misread rule can ride on an exclusion for another reason.
        const family = CRITERIA[r.key].family;
        if (t.verdict === 'excluded') {
          c.right++;
          if ((t.by ?? []).some((k) => CRITERIA[k].family === family)) {
            c.byFamily++;
          } else {
            c.otherReason.push({ vignette: v.id, nctId: t.nctId, text: r.text });
          }
        } else {
          c.wrong.push({ vignette: v.id, nctId: t.nctId, text: r.text });
        }
      }
    }
  }
  return [...byClass.entries()]
    .map(([readingClass, c]) => {
      const passes =
        passesBars(c.pairs, c.right) &&
        c.trials.size >= MIN_INFERENCE_TRIALS &&
        !rejected.has(readingClass);
      return {
        readingClass,
        pairs: c.pairs,
        right: c.right,
        byFamily: c.byFamily,
        trials: c.trials.size,
        precision: c.pairs ? c.right / c.pairs : 1,
        wilson: wilsonLowerBound(c.right, c.pairs),
        passes,
        rejected: rejected.has(readingClass),
        listed: listed.has(readingClass),
        wrong: c.wrong,
        otherReason: c.otherReason,
      };
    })
    .sort((a, b) => b.pairs - a.pairs || a.readingClass.localeCompare(b.readingClass));
}

/**
 * The inferences (patterns/inferences.ts) measured on the judged verdicts of the calibration
 * vignettes (session 11, `measureOnVerdicts`): no label writes them.
 */
export function measureInferences(data: VerdictData = readVerdictData()): InferenceCalibration[] {
  return measureOnVerdicts(
    data,
    (r) => r.inferred !== undefined,
    new Set(CONFIDENT_INFERENCE_TABLE.map((c) => c.readingClass)),
    REJECTED_INFERENCES,
  );
}

/** A labelled class measured on the judged verdicts (session 13), with its labels' support. */
export interface VerdictClassCalibration extends InferenceCalibration {
  labelled: number;
}

/**
 * The labelled classes that do not pass on the labels but have no miss there (right = support,
 * at least one rule), measured on the judged verdicts of the calibration vignettes (session 13,
 * `measureOnVerdicts`): such a class may exclude when its verdicts pass the inferences' bars
 * (`CONFIDENT_VERDICT_TABLE`).
 */
export function measureVerdictClasses(
  classes: ClassCalibration[],
  data: VerdictData = readVerdictData(),
): VerdictClassCalibration[] {
  const candidates = new Map(
    classes
      .filter((c) => !c.passes && c.support > 0 && c.right === c.support)
      .map((c) => [c.readingClass, c.support]),
  );
  return measureOnVerdicts(
    data,
    (r) => r.source === 'text' && r.inferred === undefined && candidates.has(readingClass(r)),
    new Set(CONFIDENT_VERDICT_TABLE.map((c) => c.readingClass)),
    new Map(),
  ).map((c) => ({ ...c, labelled: candidates.get(c.readingClass) ?? 0 }));
}

/** The whole measurement over the calibration labels, from the sentences' reading. */
export function measureCalibration(
  labelsFiles: string[] = CALIBRATION_LABELS_FILES(),
  ctgovDirs: string[] = DEFAULT_CTGOV_DIRS(),
): { classes: ClassCalibration[]; pools: PoolCalibration[] } {
  const { outcomes } = measureQuality(labelsFiles, ctgovDirs, readRules);
  return { classes: calibrateClasses(outcomes), pools: calibratePools(outcomes) };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/**
 * The tables: per pool, then per class (support, right, precision, Wilson lower bound, pool and
 * verdict), then with `wrong` the misread sentences of the classes that may not exclude, up
 * to `wrong` per class.
 */
export function formatCalibration(
  measured: {
    classes: ClassCalibration[];
    pools: PoolCalibration[];
    inferences?: InferenceCalibration[];
    verdictClasses?: VerdictClassCalibration[];
  },
  wrong = 0,
): string {
  const { classes, pools, inferences = [], verdictClasses = [] } = measured;
  const poolWidth = Math.max(4, ...pools.map((p) => p.pool.length));
  const poolHeader = [
    'pool'.padEnd(poolWidth),
    'support'.padStart(7),
    'right'.padStart(5),
    'precision'.padStart(9),
    'wilson'.padStart(7),
    'classes'.padStart(8),
    '  passes',
  ].join(' ');
  const width = Math.max(5, ...classes.map((c) => c.readingClass.length));
  const header = [
    'class'.padEnd(width),
    'support'.padStart(7),
    'right'.padStart(5),
    'precision'.padStart(9),
    'wilson'.padStart(7),
    '  may exclude',
  ].join(' ');
  const total = classes.reduce((t, c) => t + c.support, 0);
  const kept = classes.filter((c) => c.passes);
  const keptSupport = kept.reduce((t, c) => t + c.support, 0);
  const keptRight = kept.reduce((t, c) => t + c.right, 0);
  const drift = classes.filter((c) => c.passes !== c.listed);
  const poolDrift = pools.filter((p) => p.passes !== p.listed);
  const inferenceDrift = inferences.filter((i) => i.passes !== i.listed);
  const verdictDrift = verdictClasses.filter((i) => i.passes !== i.listed);
  const shown = wrong > 0 ? classes.filter((c) => !c.passes && c.wrong.length) : [];
  return [
    `Reading classes of the rules that may exclude as read (before calibration): ${classes.length} classes, ${total} rules`,
    `a class may exclude with >= ${MIN_SUPPORT} rules, precision >= ${pct(MIN_PRECISION)} and Wilson >= ${pct(MIN_WILSON)}, ` +
      `or when its pool (family/kind/section) does and the class has no miss: ` +
      `${kept.length} classes (${kept.filter((c) => c.by === 'class').length} on their own, ` +
      `${kept.filter((c) => c.by === 'pool').length} by pool), ${keptRight} of ${keptSupport} right (${pct(keptSupport ? keptRight / keptSupport : 1)})`,
    '',
    `Pools: ${pools.filter((p) => p.passes).length} of ${pools.length} pass`,
    poolHeader,
    '-'.repeat(poolHeader.length),
    ...pools.map((p) =>
      [
        p.pool.padEnd(poolWidth),
        String(p.support).padStart(7),
        String(p.right).padStart(5),
        pct(p.precision).padStart(9),
        pct(p.wilson).padStart(7),
        `${p.allowed}/${p.classes}`.padStart(8),
        `  ${p.passes ? (REJECTED_POOLS.has(p.pool) ? 'yes, rejected' : 'yes') : 'no'}${p.passes !== p.listed ? (p.listed ? ' (listed: remove)' : ' (not listed: add)') : ''}`,
      ].join(' '),
    ),
    '',
    header,
    '-'.repeat(header.length),
    ...classes.map((c) =>
      [
        c.readingClass.padEnd(width),
        String(c.support).padStart(7),
        String(c.right).padStart(5),
        pct(c.precision).padStart(9),
        pct(c.wilson).padStart(7),
        `  ${c.by === 'class' ? 'yes' : c.by === 'pool' ? 'yes (pool)' : c.poolPasses ? (c.poolRejected ? 'no (pool rejected)' : 'no (pool passes; own miss)') : 'no'}` +
          (c.passes !== c.listed ? (c.listed ? ' (listed: remove)' : ' (not listed: add)') : ''),
      ].join(' '),
    ),
    ...(shown.length
      ? [
          '',
          `Misread sentences of the classes that may not exclude (up to ${wrong} per class):`,
          ...shown.flatMap((c) => [
            `${c.readingClass} (${c.support - c.right} wrong of ${c.support})`,
            ...c.wrong.slice(0, wrong).map((w) => `  ${w.nctId}: "${w.text}"`),
          ]),
        ]
      : []),
    ...[...REJECTED_POOLS].map(([pool, why]) => `pool ${pool} rejected by review: ${why}`),
    ...(verdictClasses.length
      ? [
          '',
          ...formatOnVerdicts(
            verdictClasses,
            wrong,
            `Labelled classes without a miss that do not pass on the labels, on the calibration vignettes' verdicts (session 13): a class may exclude with >= ${MIN_SUPPORT} contradicted pairs from >= ${MIN_INFERENCE_TRIALS} trials, precision >= ${pct(MIN_PRECISION)} and Wilson >= ${pct(MIN_WILSON)} ("labels": its rules on the labels, all right)`,
            'labelled class (on the judged verdicts)',
          ),
        ]
      : []),
    ...(inferences.length
      ? [
          '',
          ...formatOnVerdicts(
            inferences,
            wrong,
            `Inferences (rules no label writes), on the calibration vignettes' verdicts: a class may exclude with >= ${MIN_SUPPORT} contradicted pairs from >= ${MIN_INFERENCE_TRIALS} trials, precision >= ${pct(MIN_PRECISION)} and Wilson >= ${pct(MIN_WILSON)} ("by fam": of the right pairs, those the judge excluded by a criterion of the rule's family; read the others, --wrong lists them)`,
            'inference (on the judged verdicts)',
          ),
        ]
      : []),
    '',
    drift.length || poolDrift.length || inferenceDrift.length || verdictDrift.length
      ? `the allow-list (patterns/confident-classes.ts) differs from this measurement in ${drift.length} classes, ${poolDrift.length} pools, ${verdictDrift.length} classes on the verdicts and ${inferenceDrift.length} inferences`
      : 'the allow-list (patterns/confident-classes.ts) matches this measurement',
  ].join('\n');
}

/** A table of classes measured on the judged verdicts of the calibration vignettes. */
function formatOnVerdicts(
  measured: (InferenceCalibration & { labelled?: number })[],
  wrong: number,
  title: string,
  heading: string,
): string[] {
  const labelled = measured.some((c) => c.labelled !== undefined);
  const width = Math.max(heading.length, ...measured.map((c) => c.readingClass.length));
  const header = [
    heading.padEnd(width),
    ...(labelled ? ['labels'.padStart(6)] : []),
    'pairs'.padStart(6),
    'right'.padStart(5),
    'by fam'.padStart(6),
    'trials'.padStart(6),
    'precision'.padStart(9),
    'wilson'.padStart(7),
    '  may exclude',
  ].join(' ');
  return [
    title,
    header,
    '-'.repeat(header.length),
    ...measured.map((c) =>
      [
        c.readingClass.padEnd(width),
        ...(labelled ? [String(c.labelled ?? 0).padStart(6)] : []),
        String(c.pairs).padStart(6),
        String(c.right).padStart(5),
        String(c.byFamily).padStart(6),
        String(c.trials).padStart(6),
        pct(c.precision).padStart(9),
        pct(c.wilson).padStart(7),
        `  ${c.passes ? 'yes' : c.rejected ? 'no (rejected on a blind round)' : 'no'}${c.passes !== c.listed ? (c.listed ? ' (listed: remove)' : ' (not listed: add)') : ''}`,
      ].join(' '),
    ),
    ...measured
      .filter((c) => c.rejected)
      .map(
        (c) => `inference ${c.readingClass} rejected: ${REJECTED_INFERENCES.get(c.readingClass)}`,
      ),
    ...(wrong > 0
      ? measured.flatMap((c) => [
          ...c.wrong
            .slice(0, wrong)
            .map(
              (w) => `  not excluded: ${c.readingClass}: ${w.vignette} x ${w.nctId}: "${w.text}"`,
            ),
          ...c.otherReason
            .slice(0, wrong)
            .map(
              (w) =>
                `  excluded for another reason (read it): ${c.readingClass}: ${w.vignette} x ${w.nctId}: "${w.text}"`,
            ),
        ])
      : []),
  ];
}
