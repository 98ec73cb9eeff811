import type { ConditionKey } from '@trialflow/contract';

/** The ClinicalTrials.gov search term of each condition (`query.cond`). */
export const CTGOV_CONDITION_TERMS: Record<ConditionKey, string> = {
  acute_lymphoblastic_leukemia: 'acute lymphoblastic leukemia',
  acute_myeloid_leukemia: 'acute myeloid leukemia',
  breast_cancer: 'breast cancer',
  cervical_cancer: 'cervical cancer',
  cholangiocarcinoma: 'cholangiocarcinoma',
  colorectal_cancer: 'colorectal cancer',
  esophageal_cancer: 'esophageal cancer',
  gastric_cancer: 'gastric cancer',
  kidney_cancer: 'kidney cancer',
  liver_cancer: 'liver cancer',
  lung_cancer: 'lung cancer',
  melanoma: 'melanoma',
  multiple_myeloma: 'multiple myeloma',
  neuroendocrine_tumors: 'neuroendocrine tumors',
  ovarian_cancer: 'ovarian cancer',
  pancreatic_cancer: 'pancreatic cancer',
  prostate_cancer: 'prostate cancer',
};

export const CTGOV_SYNC_STATUSES = 'RECRUITING|NOT_YET_RECRUITING';

export interface StudiesQuery {
  condition: ConditionKey;
  pageSize: number;
  pageToken: string | null;
  /** YYYY-MM-DD: only studies updated on or after it (incremental run). */
  updatedSince: string | null;
}

/** One page of `GET /studies`. */
export interface StudiesPage {
  studies: unknown[];
  nextPageToken: string | null;
  totalCount: number | null;
}

/** `GET {apiUrl}/studies` for this query; countTotal on a run's first page only. */
export function studiesUrl(apiUrl: string, q: StudiesQuery): string {
  const params = new URLSearchParams({
    'query.cond': CTGOV_CONDITION_TERMS[q.condition],
    'filter.overallStatus': CTGOV_SYNC_STATUSES,
    pageSize: String(q.pageSize),
  });
  if (q.updatedSince) {
    params.set('filter.advanced', `AREA[LastUpdatePostDate]RANGE[${q.updatedSince},MAX]`);
  }
  if (q.pageToken) {
    params.set('pageToken', q.pageToken);
  } else {
    params.set('countTotal', 'true');
  }
  return `${apiUrl.replace(/\/+$/, '')}/studies?${params.toString()}`;
}

export class CtgovRequestError extends Error {
  constructor(
    message: string,
    /** 5xx, 429 and network errors are worth another try; other answers are not. */
    readonly retryable: boolean,
    /** Seconds a 429 or 503 asked us to wait (Retry-After), when given. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Spaces request starts at least 60 000 / perMinute ms apart, so no minute holds more than
 * perMinute requests, retries included.
 */
export class RequestSpacer {
  private nextAt = 0;
  private readonly intervalMs: number;

  constructor(perMinute: number) {
    this.intervalMs = 60_000 / perMinute;
  }

  async wait(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + this.intervalMs;
    if (at > now) {
      await sleep(at - now);
    }
  }
}

const REQUEST_TIMEOUT_MS = 60_000;

/** One request, no retry: the page, or a CtgovRequestError saying whether to try again. */
export async function fetchStudiesPage(url: string): Promise<StudiesPage> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new CtgovRequestError(
      `network error: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new CtgovRequestError(
      `HTTP ${response.status}`,
      response.status >= 500 || response.status === 429,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new CtgovRequestError(
      `unreadable answer: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
  const page = (body ?? {}) as { studies?: unknown; nextPageToken?: unknown; totalCount?: unknown };
  if (!Array.isArray(page.studies)) {
    throw new CtgovRequestError('answer without a studies array', false);
  }
  return {
    studies: page.studies as unknown[],
    nextPageToken:
      typeof page.nextPageToken === 'string' && page.nextPageToken !== ''
        ? page.nextPageToken
        : null,
    totalCount: typeof page.totalCount === 'number' ? page.totalCount : null,
  };
}
