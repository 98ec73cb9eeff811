/** The least a list needs of a trial request. */
export interface ListedRequest {
  identifier: string;
  trialName: string;
  status: string;
  createdAt: string;
}

/** Newest first (spec 01 §9); the input is not changed. */
export function newestFirst<T extends { createdAt: string }>(requests: readonly T[]): T[] {
  return [...requests].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/**
 * Spec 01 §5 request-list filter: a case-insensitive substring of the identifier or the trial
 * name, and the exact status ('' for all).
 */
export function filterRequests<T extends ListedRequest>(
  requests: readonly T[],
  text: string,
  status: string,
): T[] {
  const needle = text.trim().toLocaleLowerCase();
  return requests.filter(
    (r) =>
      (status === '' || r.status === status) &&
      (needle === '' ||
        r.identifier.toLocaleLowerCase().includes(needle) ||
        r.trialName.toLocaleLowerCase().includes(needle)),
  );
}

/** Underscores as spaces, each word capitalised (spec 01 §3 type_of_disease). */
export function conditionText(key: string): string {
  return key
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
