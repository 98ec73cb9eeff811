import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isDatabaseUnavailable } from '../../database/database-unavailable';
import { ErrorResponseDto } from '../dto/error-response.dto';
import { requestIdOf } from '../logging/request-id';

interface BodyParserError {
  type?: string;
  status?: number;
}

function isHealthResult(value: object): value is Record<string, unknown> {
  return 'status' in value && 'details' in value && 'error' in value;
}

/** Seconds a client is told to wait when the database is unavailable (it restarts in ~1–3 s). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * One place that turns every failure into { statusCode, message, errors?, requestId }.
 * HTTP exceptions keep their status; a database that is down or restarting answers 503 with
 * Retry-After; anything else is logged and answered as a plain 500 without internals.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    const requestId = requestIdOf(req);
    const body = this.toBody(exception, req);
    body.requestId = requestId;

    const unavailable = !(exception instanceof HttpException) && isDatabaseUnavailable(exception);
    if (unavailable) {
      body.statusCode = 503;
      body.message = 'The database is not available right now; try again shortly';
      // The serializer keeps only the error's code: no parameters or rows.
      this.logger.warn(
        { requestId, err: exception instanceof Error ? exception : String(exception) },
        'Database unavailable',
      );
    } else if (body.statusCode === 503 && exception instanceof HttpException) {
      // A deliberate 503 (health while the database is down, storage unavailable): expected
      // during an outage, not a fault of the code.
      this.logger.warn({ requestId, status: 503, path: req.path }, exception.message);
    } else if (body.statusCode >= 500) {
      this.logger.error(
        { requestId, err: exception instanceof Error ? exception : String(exception) },
        'Unhandled error',
      );
    }
    if (res.headersSent) {
      return;
    }
    if (unavailable) {
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, req: Request): ErrorResponseDto {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'string') {
        return { statusCode: status, message: response };
      }
      const r = response as { message?: unknown; errors?: Record<string, string>; code?: unknown };
      const message = Array.isArray(r.message)
        ? r.message.join('; ')
        : typeof r.message === 'string'
          ? r.message
          : exception.message;
      const body: ErrorResponseDto = { statusCode: status, message };
      if (isHealthResult(response)) {
        // Terminus' 503 keeps its per-indicator details for monitoring.
        Object.assign(body, { message: 'Service unavailable', ...response });
      }
      if (r.errors) {
        body.errors = r.errors;
      }
      if (typeof r.code === 'string') {
        body.code = r.code;
      }
      if (status === 404 && message.startsWith('Cannot ')) {
        body.message = `No route for ${req.method} ${req.originalUrl.split('?')[0]}`;
      }
      return body;
    }
    // Errors raised by express' body parser before any controller runs.
    const parserError = exception as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      return { statusCode: 400, message: 'The request body is not valid JSON' };
    }
    if (parserError?.type === 'entity.too.deep') {
      return { statusCode: 400, message: 'The request body is nested too deeply' };
    }
    if (parserError?.type === 'entity.too.large') {
      return { statusCode: 413, message: 'The request body is too large' };
    }
    if (
      typeof parserError?.status === 'number' &&
      parserError.status >= 400 &&
      parserError.status < 500
    ) {
      return { statusCode: parserError.status, message: 'The request could not be read' };
    }
    return { statusCode: 500, message: 'Internal server error' };
  }
}
