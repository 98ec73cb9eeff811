import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { requestIdOf } from '../common/logging/request-id';
import { StorageUnavailableError, StoredObjectMissingError } from './storage/storage-driver';
import { UPLOAD_MESSAGES } from './upload-receiver';

/**
 * A store that is down answers 503 with a message a user can act on; a file whose bytes are
 * gone answers 404. Both are logged with the request id (and never a file name).
 */
@Catch(StorageUnavailableError, StoredObjectMissingError)
export class StorageExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Files');

  catch(error: StorageUnavailableError | StoredObjectMissingError, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    const requestId = requestIdOf(req);
    const unavailable = error instanceof StorageUnavailableError;
    const cause = unavailable ? (error.cause as { name?: string; code?: string }) : undefined;
    this.logger.error(
      { requestId, cause: cause?.code ?? cause?.name },
      unavailable ? 'File storage unavailable' : 'Stored file missing',
    );
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const statusCode = unavailable ? 503 : 404;
    res.status(statusCode).json({
      statusCode,
      message: unavailable ? UPLOAD_MESSAGES.unavailable : 'The file’s content is missing.',
      requestId,
    });
  }
}
