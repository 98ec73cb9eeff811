import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../dto/error-response.dto';
import type { Role } from './auth-user';

export type { Role };
export const AUTH_METADATA = 'trialflow:auth';
export const PRODUCT_BEARER = 'bearer';

export interface AuthOptions {
  /** Only these roles may call; empty: any signed-in user. */
  roles?: Role[];
}

/**
 * Declares a route's security once: bearer auth in the OpenAPI document and the metadata the
 * global guard enforces. A route without it is public.
 */
export function Auth(options: AuthOptions = {}): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(AUTH_METADATA, options),
    ApiBearerAuth(PRODUCT_BEARER),
    ApiUnauthorizedResponse({
      type: ErrorResponseDto,
      description: 'Missing, invalid or expired product token.',
    }),
    ...(options.roles?.length
      ? [
          ApiForbiddenResponse({
            type: ErrorResponseDto,
            description: `Only for: ${options.roles.join(', ')}.`,
          }),
        ]
      : []),
  );
}
