import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from './dto/error-response.dto';

/**
 * The stricter rate limits a route can take on top of the per-address default:
 * `identity` counts per address and per account (the e-mail in the body), `search` and
 * `upload` per address. Each class shares one budget across all of its routes.
 */
export type RateLimitKind = 'identity' | 'search' | 'upload';

export const RATE_LIMIT_METADATA = 'trialflow:rate-limit';

const DESCRIPTIONS: Record<RateLimitKind, string> = {
  identity:
    'Too many identity or login requests from this address or for this account (the e-mail in ' +
    'the body): wait the seconds in the Retry-After header.',
  search: 'Too many searches from this address: wait the seconds in the Retry-After header.',
  upload: 'Too many uploads from this address: wait the seconds in the Retry-After header.',
};

/** Puts a route (or every route of a controller) under one of the stricter rate limits. */
export function RateLimit(kind: RateLimitKind): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(RATE_LIMIT_METADATA, kind),
    ApiTooManyRequestsResponse({ type: ErrorResponseDto, description: DESCRIPTIONS[kind] }),
  );
}

export const RATE_LIMIT_BATCHED_METADATA = 'trialflow:rate-limit-batched';

/**
 * Counts a read-only route's requests against the per-address default in memory, flushed to the
 * shared Postgres counter once a second (and at once near the limit), instead of a write per
 * request: for hot read-only routes such as the places autocomplete. The counter is the same as
 * the other routes' one.
 */
export function BatchedRateLimit(): MethodDecorator & ClassDecorator {
  return SetMetadata(RATE_LIMIT_BATCHED_METADATA, true);
}
