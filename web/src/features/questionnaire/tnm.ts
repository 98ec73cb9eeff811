import type { CANCER_STAGES } from '@trialflow/contract';

/**
 * TNM → cancer stage (spec 02 §4 "TNM staging"); the choices are explained in ./tnm.md.
 *
 * The answers' T, N and M values are the API's (tnm_T: tx t0 tis t1–t4, tnm_N: nx n0–n3,
 * tnm_M: mx m0 m1, each also 'dontknow'; no sub-letters). The stage values are its
 * CANCER_STAGES: 0, 1.1 (IA), 1.2 (IB), 2.1 (IIA), 2.2 (IIB), 3.1 (IIIA), 3.2 (IIIB), 3.3 (IIIC),
 * 4 (IV).
 *
 * Fixed points of the spec, checked first:
 * - M1 → 4, whatever T and N are (even unanswered).
 * - M0 with N3 → 3.3, whatever T is (AJCC "any T, N3, M0").
 *
 * Otherwise M0 and this table, an AJCC-style anatomic grouping (cells marked – are no stage):
 *
 * | T \ N | N0  | N1  | N2  |
 * |-------|-----|-----|-----|
 * | Tis   | 0   | –   | –   |
 * | T0    | –   | 2.1 | 3.1 |
 * | T1    | 1.1 | 2.1 | 3.1 |
 * | T2    | 1.2 | 2.2 | 3.1 |
 * | T3    | 2.1 | 3.1 | 3.2 |
 * | T4    | 2.2 | 3.1 | 3.2 |
 *
 * Any other combination (TX, NX, MX, 'dontknow', an unanswered part, Tis with nodes, T0 N0) is
 * unknown: the stage is cleared.
 */
export type CancerStage = (typeof CANCER_STAGES)[number];

export const TNM_T = ['tis', 't0', 't1', 't2', 't3', 't4'] as const;
export const TNM_N = ['n0', 'n1', 'n2'] as const;

type TableT = (typeof TNM_T)[number];
type TableN = (typeof TNM_N)[number];

export const TNM_STAGE_TABLE: Readonly<
  Record<TableT, Readonly<Record<TableN, CancerStage | null>>>
> = {
  tis: { n0: '0', n1: null, n2: null },
  t0: { n0: null, n1: '2.1', n2: '3.1' },
  t1: { n0: '1.1', n1: '2.1', n2: '3.1' },
  t2: { n0: '1.2', n1: '2.2', n2: '3.1' },
  t3: { n0: '2.1', n1: '3.1', n2: '3.2' },
  t4: { n0: '2.2', n1: '3.1', n2: '3.2' },
};

function isTableT(value: string): value is TableT {
  return (TNM_T as readonly string[]).includes(value);
}

function isTableN(value: string): value is TableN {
  return (TNM_N as readonly string[]).includes(value);
}

/** The stage of a T, N, M answer triple; null when the combination gives no stage. */
export function stageFromTnm(t: string, n: string, m: string): CancerStage | null {
  if (m === 'm1') {
    return '4';
  }
  if (m !== 'm0') {
    return null;
  }
  if (n === 'n3') {
    return '3.3';
  }
  return isTableT(t) && isTableN(n) ? TNM_STAGE_TABLE[t][n] : null;
}
