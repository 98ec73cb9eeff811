import {
  createParamDecorator,
  ExecutionContext,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import type { AuthUser } from './auth-user';

type MaybeSignedIn = Request & { user?: AuthUser };

/** Whether the request carries a bearer token at all ("Bearer " with nothing is none). */
function hasBearerToken(req: Request): boolean {
  return /^Bearer\s+\S+/i.test(req.headers.authorization ?? '');
}

/**
 * For routes a visitor may call too: without a token (or with the empty "Bearer " the web app
 * sends when signed out, spec 02 §6) the caller is a visitor; a token that is sent must be a
 * valid product token, else 401 as on every protected route, so an expired session is noticed
 * instead of silently saving as a visitor. The OpenAPI document lists these routes as public.
 */
@Injectable()
export class OptionalAuthGuard extends PassportAuthGuard('jwt') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<MaybeSignedIn>();
    if (!hasBearerToken(req)) {
      req.user = undefined;
      return true;
    }
    await (super.canActivate(context) as Promise<boolean>);
    return true;
  }

  override handleRequest<T>(error: unknown, user: T | false): T {
    if (error || !user) {
      throw new UnauthorizedException(
        'Please log in again: your session is missing, invalid or expired.',
      );
    }
    return user;
  }
}

/** The signed-in caller of an OptionalAuthGuard route, or null for a visitor. */
export const OptionalUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthUser | null =>
    ctx.switchToHttp().getRequest<MaybeSignedIn>().user ?? null,
);
