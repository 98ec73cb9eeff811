import {
  ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { AUTH_METADATA, AuthOptions } from '../common/auth/auth.decorator';
import type { AuthUser } from '../common/auth/auth-user';
import { isDatabaseUnavailable } from '../database/database-unavailable';

/**
 * The global guard: a route marked with @Auth() needs a valid product token (and one of its
 * roles, if it names any); every other route is public.
 */
@Injectable()
export class GlobalAuthGuard extends PassportAuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.getAllAndOverride<AuthOptions | undefined>(AUTH_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!options) {
      return true;
    }
    await (super.canActivate(context) as Promise<boolean>);
    const user = context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user;
    if (options.roles?.length && !options.roles.some((role) => user?.roles.includes(role))) {
      throw new ForbiddenException('Your account may not use this function.');
    }
    return true;
  }

  override handleRequest<T>(error: unknown, user: T | false): T {
    if (isDatabaseUnavailable(error)) {
      // An outage is not a bad token: 503 (the exception filter), so clients keep the session.
      throw error;
    }
    if (error || !user) {
      throw new UnauthorizedException(
        'Please log in again: your session is missing, invalid or expired.',
      );
    }
    return user;
  }
}
