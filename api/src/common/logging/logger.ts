import { LoggerService } from '@nestjs/common';
import pino, { Logger as PinoLogger } from 'pino';
import { pinoHttp, HttpLogger } from 'pino-http';
import type { IncomingMessage } from 'node:http';
import { assignRequestId } from './request-id';

interface DatabaseErrorFields {
  name?: string;
  code?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
  driverError?: DatabaseErrorFields;
  parameters?: unknown;
  detail?: unknown;
}

/** A TypeORM QueryFailedError or a pg DatabaseError: both carry row data or parameters. */
function isDatabaseError(err: DatabaseErrorFields): boolean {
  return (
    'driverError' in err ||
    'parameters' in err ||
    (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && 'routine' in err)
  );
}

/**
 * The `err` serializer of every log line. Database errors keep only what locates the fault
 * (SQLSTATE, table, column, constraint): their message, detail ("Failing row contains …"),
 * query parameters and driver error hold the patient's or user's data.
 */
export function serializeError(err: unknown): unknown {
  if (err === null || typeof err !== 'object') {
    return err;
  }
  const e = err as DatabaseErrorFields & { cause?: unknown };
  if (isDatabaseError(e)) {
    const driver = e.driverError ?? e;
    return {
      type: e.name ?? 'DatabaseError',
      message: 'Database error (parameters and row contents not logged)',
      code: driver.code,
      table: driver.table,
      column: driver.column,
      constraint: driver.constraint,
      routine: driver.routine,
    };
  }
  const serialized = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (e.cause !== undefined && serialized && typeof serialized === 'object') {
    serialized.cause = serializeError(e.cause);
  }
  return serialized;
}

export function createRootLogger(
  level: string,
  pretty: boolean,
  destination?: pino.DestinationStream,
): PinoLogger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: serializeError, error: serializeError },
    base: { service: 'trialflow-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Never let credentials or patient data reach the log through a stray object.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.accessToken'],
      censor: '[redacted]',
    },
    transport: pretty ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * One line per request: id, method, path (no query string: it can carry a questionnaire),
 * status and time. No headers, no bodies.
 */
export function createHttpLogger(logger: PinoLogger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req, res) => assignRequestId(req, res),
    serializers: {
      req: (req: IncomingMessage & { id?: string; raw?: IncomingMessage }) => ({
        id: req.id,
        method: req.method,
        path: (req.url ?? '').split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/assets/') },
  });
}

/** Nest's own messages (bootstrap, routes, errors) through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: PinoLogger) {}

  log(message: unknown, context?: string): void {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.write('error', message, context, trace);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string): void {
    this.write('fatal', message, context);
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    context?: string,
    trace?: string,
  ): void {
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      this.logger[level]({ context, ...message }, trace);
    } else if (message instanceof Error) {
      this.logger[level]({ context, err: message });
    } else {
      this.logger[level]({ context, ...(trace ? { trace } : {}) }, String(message));
    }
  }
}
