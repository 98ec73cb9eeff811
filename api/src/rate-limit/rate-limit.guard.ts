import { ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Response } from 'express';

export const TOO_MANY_REQUESTS_CODE = 'TooManyRequests';

/**
 * @nestjs/throttler's guard answering in the API's error shape, with a plain `Retry-After`
 * (seconds) whichever of the named limits tripped.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const res = context.switchToHttp().getResponse<Response>();
    res.setHeader('Retry-After', String(Math.max(1, detail.timeToBlockExpire)));
    throw new HttpException(
      {
        statusCode: HttpStatus.TOO_MANY_REQUESTS,
        code: TOO_MANY_REQUESTS_CODE,
        message: 'Too many requests, please try again later.',
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
