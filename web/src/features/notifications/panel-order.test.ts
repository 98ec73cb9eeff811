import { describe, expect, it } from 'vitest';
import { panelOrder, unseenCount } from './panel-order';

const n = (id: string, progressId: string, day: number, seen: boolean) => ({
  _id: id,
  progressId,
  timestamp: `2026-11-${String(day).padStart(2, '0')}T09:00:00Z`,
  seen,
});

describe('notifications panel order', () => {
  it('should show per request only the newest unseen, newest first, then the seen ones', () => {
    const list = [
      n('a1', 'A', 1, false),
      n('b1', 'B', 2, true),
      n('a2', 'A', 5, false),
      n('c1', 'C', 3, false),
      n('b2', 'B', 4, true),
    ];
    expect(panelOrder(list).map((x) => x._id)).toEqual(['a2', 'c1', 'b2', 'b1']);
    expect(unseenCount(list)).toBe(2);
  });
});
