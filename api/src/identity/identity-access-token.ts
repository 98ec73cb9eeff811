import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Inject,
  Injectable,
  NotFoundException,
  UseGuards,
} from '@nestjs/common';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { ApiBearerAuth, ApiNotFoundResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { IdentityError } from './identity-errors';

export const IDENTITY_BEARER = 'identity';

function bearerOf(req: Request): string | null {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1] : null;
}

/** The identity provider's own access token must be present (it is verified by the service). */
@Injectable()
export class IdentityAccessTokenGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!bearerOf(context.switchToHttp().getRequest<Request>())) {
      throw new IdentityError(401, 'NotAuthorizedException', 'Access Token is missing');
    }
    return true;
  }
}

/** With IDENTITY_PROVIDER=cognito the built-in provider is off: its calls answer 404. */
@Injectable()
export class LocalIdentityEnabledGuard implements CanActivate {
  constructor(@Inject(ENV) private readonly env: Env) {}

  canActivate(): boolean {
    if (this.env.IDENTITY_PROVIDER !== 'local') {
      throw new NotFoundException(
        'The built-in identity provider is off (IDENTITY_PROVIDER=cognito).',
      );
    }
    return true;
  }
}

/** A route that takes the identity provider's access token (not the product token). */
export function IdentityAuth(): MethodDecorator {
  return applyDecorators(
    UseGuards(IdentityAccessTokenGuard),
    ApiBearerAuth(IDENTITY_BEARER),
    ApiUnauthorizedResponse({
      type: ErrorResponseDto,
      description: 'Missing, invalid or revoked access token.',
    }),
    // Found by the OpenAPI fuzz test: a still-valid token of a deleted account.
    ApiNotFoundResponse({
      type: ErrorResponseDto,
      description: 'UserNotFoundException: the account of the token was deleted.',
    }),
  );
}

export const IdentityAccessToken = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): string =>
    bearerOf(ctx.switchToHttp().getRequest<Request>()) ?? '',
);
