/** The least the panel needs to order notifications. */
export interface OrderedNotification {
  _id: string;
  progressId: string;
  timestamp: string;
  seen: boolean;
}

/**
 * Spec 01 §9: for each request only its newest unseen notification, newest first, then the seen
 * ones, newest first. Older unseen ones of a request are left out; the input is not changed.
 */
export function panelOrder<T extends OrderedNotification>(notifications: readonly T[]): T[] {
  const byTime = [...notifications].sort(
    (a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp),
  );
  const shown = new Set<string>();
  const unseen: T[] = [];
  for (const n of byTime) {
    if (!n.seen && !shown.has(n.progressId)) {
      shown.add(n.progressId);
      unseen.push(n);
    }
  }
  return [...unseen, ...byTime.filter((n) => n.seen)];
}

/** Unseen entries the panel shows (one per request). */
export function unseenCount(notifications: readonly OrderedNotification[]): number {
  return new Set(notifications.filter((n) => !n.seen).map((n) => n.progressId)).size;
}
