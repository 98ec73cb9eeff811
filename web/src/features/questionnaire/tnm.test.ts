import { describe, expect, it } from 'vitest';
import { ANSWER_SCHEMA, CANCER_STAGES } from '@trialflow/contract';
import { stageFromTnm, TNM_STAGE_TABLE } from './tnm';

const T_VALUES = [...ANSWER_SCHEMA.tnm_T.options, ''];
const N_VALUES = [...ANSWER_SCHEMA.tnm_N.options, ''];
const M_VALUES = [...ANSWER_SCHEMA.tnm_M.options, ''];

/**
 * The expected stage of every T and N with M0, written out independently of tnm.ts ('-' = no
 * stage): rows T, columns NX N0 N1 N2 N3 dontknow (unanswered N behaves like dontknow).
 */
const M0_GRID: Record<string, string> = {
  tx: '-   -   -   -   3.3 -',
  t0: '-   -   2.1 3.1 3.3 -',
  tis: '-   0   -   -   3.3 -',
  t1: '-   1.1 2.1 3.1 3.3 -',
  t2: '-   1.2 2.2 3.1 3.3 -',
  t3: '-   2.1 3.1 3.2 3.3 -',
  t4: '-   2.2 3.1 3.2 3.3 -',
  dontknow: '-   -   -   -   3.3 -',
  '': '-   -   -   -   3.3 -',
};
const GRID_N = ['nx', 'n0', 'n1', 'n2', 'n3', 'dontknow'];

function expectedM0(t: string, n: string): string | null {
  const column = GRID_N.indexOf(n === '' ? 'dontknow' : n);
  const cell = M0_GRID[t].split(/\s+/)[column];
  return cell === '-' ? null : cell;
}

describe('stageFromTnm (spec 02 §4 TNM staging)', () => {
  it('should cover every T, N and M value of the answer schema', () => {
    expect(ANSWER_SCHEMA.tnm_T.options).toEqual([
      'tx',
      't0',
      'tis',
      't1',
      't2',
      't3',
      't4',
      'dontknow',
    ]);
    expect(ANSWER_SCHEMA.tnm_N.options).toEqual(['nx', 'n0', 'n1', 'n2', 'n3', 'dontknow']);
    expect(ANSWER_SCHEMA.tnm_M.options).toEqual(['mx', 'm0', 'm1', 'dontknow']);
  });

  it.each(T_VALUES.flatMap((t) => N_VALUES.map((n) => [t, n])))(
    'should give stage 4 for M1 whatever T (%s) and N (%s) are',
    (t, n) => {
      expect(stageFromTnm(t, n, 'm1')).toBe('4');
    },
  );

  it.each(T_VALUES.flatMap((t) => N_VALUES.map((n) => [t, n])))(
    'should stage T %s N %s M0 by the table',
    (t, n) => {
      expect(stageFromTnm(t, n, 'm0')).toBe(expectedM0(t, n));
    },
  );

  it.each(
    T_VALUES.flatMap((t) =>
      N_VALUES.flatMap((n) =>
        M_VALUES.filter((m) => m !== 'm0' && m !== 'm1').map((m) => [t, n, m]),
      ),
    ),
  )('should give no stage for T %s N %s with M %s (not assessed or unknown)', (t, n, m) => {
    expect(stageFromTnm(t, n, m)).toBeNull();
  });

  it('should give M0 with N3 stage 3.3 for every T', () => {
    for (const t of T_VALUES) {
      expect(stageFromTnm(t, 'n3', 'm0')).toBe('3.3');
    }
  });

  it('should use every fixed stage of the spec and only stages of the answer schema', () => {
    const stages = new Set<string>();
    for (const t of T_VALUES) {
      for (const n of N_VALUES) {
        for (const m of M_VALUES) {
          const stage = stageFromTnm(t, n, m);
          if (stage !== null) {
            stages.add(stage);
          }
        }
      }
    }
    expect([...stages].sort()).toEqual(['0', '1.1', '1.2', '2.1', '2.2', '3.1', '3.2', '3.3', '4']);
    for (const stage of stages) {
      expect(CANCER_STAGES).toContain(stage);
    }
  });

  it('should grow with T and with N (a larger tumour or more nodes is never a lower stage)', () => {
    const order = (stage: string | null) => (stage === null ? null : Number(stage));
    const ts = ['t1', 't2', 't3', 't4'] as const;
    const ns = ['n0', 'n1', 'n2'] as const;
    for (const [i, t] of ts.entries()) {
      for (const [j, n] of ns.entries()) {
        const here = order(TNM_STAGE_TABLE[t][n]) as number;
        if (i > 0) {
          expect(here).toBeGreaterThanOrEqual(order(TNM_STAGE_TABLE[ts[i - 1]][n]) as number);
        }
        if (j > 0) {
          expect(here).toBeGreaterThan(order(TNM_STAGE_TABLE[t][ns[j - 1]]) as number);
        }
      }
    }
  });
});
