import { LoggerService } from '@nestjs/common';
import pino, { Logger as PinoLogger } from 'pino';
import { pinoHttp, HttpLogger } from 'pino-http';
import type { IncomingMessage } from 'node:http';
import { assignRequestId } from './request-id';

export function createRootLogger(level: string, pretty: boolean): PinoLogger {
  return pino({
    level,
    base: { service: 'trialflow-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Never let credentials or patient data reach the log through a stray object.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.accessToken'],
      censor: '[redacted]',
    },
    transport: pretty ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
  });
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
