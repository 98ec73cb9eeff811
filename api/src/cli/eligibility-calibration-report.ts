import { CRITERIA, type CriterionFamily } from '@trialflow/contract';
import { readRules } from '../eligibility/extract-rules';
import {
  CONFIDENT_CLASSES,
  MIN_PRECISION,
  MIN_SUPPORT,
  MIN_WILSON,
  readingClass,
} from '../eligibility/patterns/confident-classes';
import {
  DEFAULT_CTGOV_DIRS,
  DEFAULT_HOLDOUT_2_LABELS_FILE,
  DEFAULT_HOLDOUT_3_LABELS_FILE,
  DEFAULT_HOLDOUT_4_LABELS_FILE,
  DEFAULT_HOLDOUT_5_LABELS_FILE,
  DEFAULT_HOLDOUT_LABELS_FILE,
  DEFAULT_LABELS_FILE,
  measureQuality,
  type RuleOutcome,
} from './eligibility-quality-report';

/**
 * Calibration of the reading classes (issue 14, round 7): per class, the precision of the rules
 * that may exclude as the sentences read them (`readRules`, before calibration) against the rule
 * labels. A class may exclude when it has at least MIN_SUPPORT such rules, a precision of at
 * least MIN_PRECISION and a Wilson lower bound of at least MIN_WILSON (`patterns/confident-classes.ts` holds the reviewed allow-list).
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
  /** Enough support and precise enough to exclude. */
  passes: boolean;
  /** In the committed allow-list. */
  listed: boolean;
}

/** The calibration data: development labels and held-out rounds 1–5 (seen since round 7). */
export const CALIBRATION_LABELS_FILES = (): string[] => [
  DEFAULT_LABELS_FILE(),
  DEFAULT_HOLDOUT_LABELS_FILE(),
  DEFAULT_HOLDOUT_2_LABELS_FILE(),
  DEFAULT_HOLDOUT_3_LABELS_FILE(),
  DEFAULT_HOLDOUT_4_LABELS_FILE(),
  DEFAULT_HOLDOUT_5_LABELS_FILE(),
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

/** Groups the outcomes of rules that may exclude by reading class; best supported first. */
export function calibrateClasses(
  outcomes: RuleOutcome[],
  listed: ReadonlySet<string> = CONFIDENT_CLASSES,
): ClassCalibration[] {
  const byClass = new Map<string, { family: CriterionFamily; support: number; right: number }>();
  for (const o of outcomes) {
    if (!o.excludes) {
      continue;
    }
    const cls = readingClass(o.rule);
    const c = byClass.get(cls) ?? { family: CRITERIA[o.rule.key].family, support: 0, right: 0 };
    c.support++;
    if (o.right) {
      c.right++;
    }
    byClass.set(cls, c);
  }
  return [...byClass.entries()]
    .map(([cls, c]) => {
      const precision = c.right / c.support;
      const wilson = wilsonLowerBound(c.right, c.support);
      return {
        readingClass: cls,
        family: c.family,
        support: c.support,
        right: c.right,
        precision,
        wilson,
        passes: c.support >= MIN_SUPPORT && precision >= MIN_PRECISION && wilson >= MIN_WILSON,
        listed: listed.has(cls),
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
): ClassCalibration[] {
  return calibrateClasses(measureQuality(labelsFiles, ctgovDirs, readRules).outcomes);
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The table: class, support, right, precision, Wilson lower bound, and the verdict. */
export function formatCalibration(classes: ClassCalibration[]): string {
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
  return [
    `Reading classes of the rules that may exclude as read (before calibration): ${classes.length} classes, ${total} rules`,
    `a class may exclude with >= ${MIN_SUPPORT} rules, precision >= ${pct(MIN_PRECISION)} and Wilson >= ${pct(MIN_WILSON)}: ` +
      `${kept.length} classes, ${keptRight} of ${keptSupport} right (${pct(keptSupport ? keptRight / keptSupport : 1)})`,
    header,
    '-'.repeat(header.length),
    ...classes.map((c) =>
      [
        c.readingClass.padEnd(width),
        String(c.support).padStart(7),
        String(c.right).padStart(5),
        pct(c.precision).padStart(9),
        pct(c.wilson).padStart(7),
        `  ${c.passes ? 'yes' : 'no'}${c.passes !== c.listed ? (c.listed ? ' (listed: remove)' : ' (not listed: add)') : ''}`,
      ].join(' '),
    ),
    drift.length
      ? `the allow-list (patterns/confident-classes.ts) differs from this measurement in ${drift.length} classes`
      : 'the allow-list (patterns/confident-classes.ts) matches this measurement',
  ].join('\n');
}
