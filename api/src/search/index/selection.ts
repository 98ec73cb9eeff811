import type { IndexResult } from './index-types';

/** Ordering a result's packed sort keys lazily: the first pages without sorting every match. */

/** How many keys a search orders at once: the first pages without another pass. */
export const FIRST_ORDERED = 256;

/**
 * Makes keys[0, n) the n smallest keys in ascending order: selects them from the unordered rest
 * (quickselect, linear) and sorts only those. Later pages extend it, doubling each time.
 */
export function orderUpTo(result: IndexResult, n: number): void {
  const keys = result.keys;
  const from = result.sorted;
  if (n <= from || from >= keys.length) {
    return;
  }
  const to = Math.min(keys.length, Math.max(n, from * 2, FIRST_ORDERED));
  if (to < keys.length) {
    selectSmallest(keys, from, keys.length - 1, to - 1);
  }
  keys.subarray(from, to).sort();
  result.sorted = to;
}

/** Quickselect: rearranges a[lo..hi] so that a[k] is in place, smaller keys before it. */
function selectSmallest(a: Float64Array, lo: number, hi: number, k: number): void {
  while (hi > lo) {
    // Median of three as the pivot, moved to hi.
    const mid = (lo + hi) >>> 1;
    if (a[mid] < a[lo]) swap(a, mid, lo);
    if (a[hi] < a[lo]) swap(a, hi, lo);
    if (a[mid] < a[hi]) swap(a, mid, hi);
    const pivot = a[hi];
    let store = lo;
    for (let i = lo; i < hi; i++) {
      if (a[i] < pivot) {
        swap(a, i, store);
        store++;
      }
    }
    swap(a, store, hi);
    if (store === k) {
      return;
    }
    if (store < k) {
      lo = store + 1;
    } else {
      hi = store - 1;
    }
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}
