import type { FamilyPatterns, Finding, MatchContext } from './types';

/** ECOG / WHO / Zubrod performance status, and Karnofsky / Lansky mapped onto ECOG. */

const SCALE = /\b(?:ecog|who|zubrod|performance status|performance score|\bps\b)/g;
const WORD_NUM: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4 };
const NUM = '([0-4]|zero|one|two|three|four)';
/** "0-2", "0 to 2", "0 or 1", "of 0, 1, or 2". */
const LIST = new RegExp(
  `^[^0-9<>=]{0,45}?\\b${NUM}((?:\\s*(?:-|to|or|,|and|,\\s*or)\\s*${NUM}\\b)+)`,
);
const AT_MOST = new RegExp(
  `^[^0-9]{0,40}?(<=|<|less than or equal to|less than|of no more than|no more than|not more than|at most|maximum of|up to)\\s*${NUM}\\b`,
);
const OR_LESS = new RegExp(`^[^0-9]{0,40}?\\b${NUM}\\s*or (?:less|lower|below|better)`);
/** Exclusion: "ECOG >= 2", "ECOG of 3 or more". */
const AT_LEAST = new RegExp(
  `^[^0-9]{0,40}?(>=|>|greater than or equal to|greater than|of at least|at least)\\s*${NUM}\\b|^[^0-9]{0,40}?\\b${NUM}\\s*or (?:more|higher|greater|above|worse)`,
);
const KARNOFSKY =
  /\b(?:karnofsky|kps|lansky)\b[^0-9]{0,40}?(>=|>|greater than or equal to|greater than|at least|of at least|of)?\s*(\d{2,3})\s*%?(?:\s*(?:-|to)\s*100)?/;

const PERFORMANCE_WORDS = [
  'ecog',
  'zubrod',
  'performance',
  'karnofsky',
  'kps',
  'lansky',
  'who ps',
  'who-ps',
  ' ps ',
];

const num = (s: string): number => WORD_NUM[s] ?? Number(s);

/**
 * Karnofsky scores two ECOG grades share (Buccheri 1996): 90 (ECOG 0 or 1), 70 (1 or 2), 50 (2 or
 * 3). A lower bound there cannot be decided from the ECOG answer alone.
 */
const KARNOFSKY_BOUNDARY = new Set([50, 70, 90]);

/** ECOG bound equivalent to a Karnofsky lower bound (Oken 1982 / Buccheri 1996 mapping). */
export function karnofskyToEcogMax(threshold: number): number | null {
  if (threshold >= 90) {
    return 0;
  }
  if (threshold >= 70) {
    return 1;
  }
  if (threshold >= 50) {
    return 2;
  }
  if (threshold >= 30) {
    return 3;
  }
  return null;
}

/**
 * A bracketed aside right after an inclusion range (round 6): "0-1 (or 0-2 as allowed by …)",
 * "≤ 1 (≤ 2 if due to the disease)", "0–1 (0–2 for cohort B)". A higher score named there is
 * admitted for some patients, so the rule's bound is the wider one; a lower one narrows the range
 * for a subgroup and leaves the bound alone.
 */
const ASIDE_AFTER = /^\s*,?\s*\(([^()]{0,120})\)/;
const ASIDE_SCORE =
  /(?<![\d.,])(?<!\b(?:appendix|appendices|annex|attachment|section|table|figure|fig|page|version|amendment|supplement|schedule|item|step|phase|part|arm|cohort|group)\s*[a-z]?[\s.:-]*)\b([0-4])\b(?!\s*(?:%|[.,]\d|years?|yrs?|weeks?|months?|days?|mg|cm|mm|x\b|times))/g;

function widenedByAside(found: Finding, after: string): Finding {
  const aside = ASIDE_AFTER.exec(after);
  if (!aside || found.max === undefined) {
    return found;
  }
  const scores = [...aside[1].matchAll(ASIDE_SCORE)].map((x) => Number(x[1]));
  const max = Math.max(found.max, ...scores);
  return max > found.max ? { ...found, max } : found;
}

function ecogBounds(rest: string, section: MatchContext['section']): Finding | null {
  if (section === 'exclusion') {
    const m = AT_LEAST.exec(rest);
    if (!m) {
      return null;
    }
    const n = m[2] ? num(m[2]) : num(m[3]);
    const max = m[1] === '>' || m[1] === 'greater than' ? n : n - 1;
    return max >= 0 && max < 4 ? { key: 'ecog', kind: 'range', max } : null;
  }
  const atMost = AT_MOST.exec(rest);
  if (atMost) {
    const n = num(atMost[2]);
    const max = atMost[1] === '<' || atMost[1] === 'less than' ? n - 1 : n;
    return max >= 0
      ? widenedByAside({ key: 'ecog', kind: 'range', max }, rest.slice(atMost[0].length))
      : null;
  }
  const orLess = OR_LESS.exec(rest);
  if (orLess) {
    return widenedByAside(
      { key: 'ecog', kind: 'range', max: num(orLess[1]) },
      rest.slice(orLess[0].length),
    );
  }
  const list = LIST.exec(rest);
  if (list) {
    const values = [
      num(list[1]),
      ...[...list[2].matchAll(/[0-4]|zero|one|two|three|four/g)].map((x) => num(x[0])),
    ];
    const min = Math.min(...values);
    const max = Math.max(...values);
    const finding: Finding = { key: 'ecog', kind: 'range', max };
    if (min > 0) {
      finding.min = min;
    }
    return widenedByAside(finding, rest.slice(list[0].length));
  }
  return null;
}

function extract(ctx: MatchContext): Finding[] {
  const { lower } = ctx.sentence;
  if (ctx.alternative || !PERFORMANCE_WORDS.some((w) => lower.includes(w))) {
    return [];
  }
  SCALE.lastIndex = 0;
  for (let m = SCALE.exec(lower); m; m = SCALE.exec(lower)) {
    // "WHO classification" is not a performance scale.
    const rest = lower.slice(m.index + m[0].length, m.index + m[0].length + 220);
    if (m[0] === 'who' && !/^\s*(?:performance|ps\b|status|score|\d)/.test(rest)) {
      continue;
    }
    const found = ecogBounds(rest.split(/[;.](?:\s|$)/)[0], ctx.section);
    if (found) {
      return [found];
    }
  }
  if (ctx.section === 'inclusion') {
    const k = KARNOFSKY.exec(lower);
    if (k) {
      const threshold = Number(k[2]) + (k[1] === '>' || k[1] === 'greater than' ? 1 : 0);
      const max = threshold <= 100 ? karnofskyToEcogMax(threshold) : null;
      if (max !== null) {
        // Round 12 (blind round 12): the scales meet at 50, 70 and 90 (an ECOG 2 patient may
        // score Karnofsky 70), so a threshold there may leave out a patient it admits: to check.
        return [
          {
            key: 'ecog',
            kind: 'range',
            max,
            ...(KARNOFSKY_BOUNDARY.has(threshold) ? { qualified: true } : {}),
          },
        ];
      }
    }
  }
  return [];
}

export const performancePatterns: FamilyPatterns = { concepts: [], extract };
