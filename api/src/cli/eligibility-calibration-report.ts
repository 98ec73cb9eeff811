import { CRITERIA, type CriterionFamily } from '@trialflow/contract';
import { readRules } from '../eligibility/extract-rules';
import {
  CONFIDENT_CLASSES,
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
  measureQuality,
  type RuleOutcome,
} from './eligibility-quality-report';

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
  listed: ReadonlySet<string> = CONFIDENT_CLASSES,
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
  measured: { classes: ClassCalibration[]; pools: PoolCalibration[] },
  wrong = 0,
): string {
  const { classes, pools } = measured;
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
    '',
    drift.length || poolDrift.length
      ? `the allow-list (patterns/confident-classes.ts) differs from this measurement in ${drift.length} classes and ${poolDrift.length} pools`
      : 'the allow-list (patterns/confident-classes.ts) matches this measurement',
  ].join('\n');
}
