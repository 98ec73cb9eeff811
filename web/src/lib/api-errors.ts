/** Translation keys of the refusals a user can only wait out (HTTP 429). */
export const WAIT_ERROR_KEYS = {
  tooManyRequests: 'common.errors.tooManyRequests',
  reminderTooSoon: 'common.errors.reminderTooSoon',
} as const;

interface ErrorBody {
  statusCode?: unknown;
  errors?: unknown;
}

/**
 * The translation key of a 429 from the API: a reminder sent again within the hour
 * (`errors.progressId: reminderTooSoon`), or a rate limit; null for any other error.
 */
export function waitErrorKey(error: unknown, status?: number): string | null {
  if (typeof error !== 'object' || error === null) {
    return status === 429 ? WAIT_ERROR_KEYS.tooManyRequests : null;
  }
  const body = error as ErrorBody;
  if ((status ?? body.statusCode) !== 429) {
    return null;
  }
  const errors = body.errors as Record<string, unknown> | undefined;
  if (errors && Object.values(errors).includes('reminderTooSoon')) {
    return WAIT_ERROR_KEYS.reminderTooSoon;
  }
  return WAIT_ERROR_KEYS.tooManyRequests;
}
