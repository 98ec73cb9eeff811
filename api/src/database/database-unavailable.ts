/** Socket errors of a server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
  // A write to the socket of a connection the server just closed.
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
]);

/**
 * SQLSTATEs of a server going away or not yet back: admin_shutdown, crash_shutdown,
 * cannot_connect_now (starting up, crash recovery), and class 08 (connection exception).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);

/** node-postgres' own messages for a connection that broke or could not be made in time. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * TypeORM releases a query runner whose connection broke (its 'error' handler) and then refuses
 * the runner's next query with this: in a transaction cut by an outage.
 */
const RELEASED_RUNNER = 'QueryRunnerAlreadyReleasedError';

/**
 * An outage met by a query whose error was replaced so its parameters (patient data) stay out
 * of the log: still answered 503, not 500.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

/**
 * A failed query as an error without its parameters: TypeORM's QueryFailedError carries them
 * (answers, names, file names: patient data), and the error filter logs 500s with their error.
 * The SQLSTATE stays in the message; an outage stays an outage (503 with Retry-After).
 */
export function withoutParameters(error: unknown, what: string): Error {
  const code = (error as { code?: unknown } | null)?.code;
  const message = `${what} failed (Postgres error ${typeof code === 'string' ? code : 'none'})`;
  return isDatabaseUnavailable(error) ? new DatabaseUnavailableError(message) : new Error(message);
}

interface ErrorFields {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
}

/**
 * True when a failure means "the database is not there right now" (an outage the caller can
 * retry), not a fault of the request or of the code: the API answers 503 instead of 500.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 3) {
    return false;
  }
  const e = error as ErrorFields;
  if (e.name === RELEASED_RUNNER || error instanceof DatabaseUnavailableError) {
    return true;
  }
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code) || /^08...$/.test(e.code)) {
      return true;
    }
  }
  if (typeof e.message === 'string' && PG_MESSAGES.some((m) => (e.message as string).includes(m))) {
    return true;
  }
  // TypeORM wraps the driver's error (QueryFailedError.driverError); AggregateError of a
  // dual-stack connect keeps the socket errors in `errors`.
  if (
    isDatabaseUnavailable(e.driverError, depth + 1) ||
    isDatabaseUnavailable(e.cause, depth + 1)
  ) {
    return true;
  }
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x, depth + 1));
}
