import { createHash } from 'node:crypto';
import { ExecutionContext, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule, type ThrottlerOptions } from '@nestjs/throttler';
import type { Request } from 'express';
import {
  RATE_LIMIT_BATCHED_METADATA,
  RATE_LIMIT_METADATA,
  type RateLimitKind,
} from '../common/rate-limit.decorator';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { BATCHED_THROTTLER, PostgresThrottlerStorage } from './postgres-throttler.storage';
import { RateLimitStorageModule } from './rate-limit-storage.module';
import { RateLimitGuard } from './rate-limit.guard';

const HEALTH_PATH = '/api/health';

function kindOf(context: ExecutionContext): RateLimitKind | undefined {
  return (Reflect.getMetadata(RATE_LIMIT_METADATA, context.getHandler()) ??
    Reflect.getMetadata(RATE_LIMIT_METADATA, context.getClass())) as RateLimitKind | undefined;
}

function batched(context: ExecutionContext): boolean {
  return Boolean(
    Reflect.getMetadata(RATE_LIMIT_BATCHED_METADATA, context.getHandler()) ??
    Reflect.getMetadata(RATE_LIMIT_BATCHED_METADATA, context.getClass()),
  );
}

/**
 * The account a request names: the e-mail of its JSON body (`username` on login_email),
 * normalized as the identity service reads it.
 */
export function accountOf(req: Request): string | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  const email: unknown = body?.email ?? body?.username;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}

/**
 * The limits, all counted in Postgres (shared by the replicas) over RATE_LIMIT_WINDOW_SECONDS:
 * a generous one per address on every route, and on the routes marked with @RateLimit the
 * stricter ones of their class. A class's counter is shared by all of its routes.
 */
export function throttlers(env: Env): ThrottlerOptions[] {
  const ttl = env.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const only = (kind: RateLimitKind) => (context: ExecutionContext) => kindOf(context) !== kind;
  return [
    {
      name: 'default',
      ttl,
      limit: env.RATE_LIMIT_PER_ADDRESS,
      // Load balancers and monitors poll health; it must answer them whatever else happens.
      skipIf: (context) =>
        context.switchToHttp().getRequest<Request>().path === HEALTH_PATH || batched(context),
    },
    // The same per-address limit and counter on @BatchedRateLimit routes, counted in memory and
    // flushed in batches (the storage knows it by its name; the key is the default's).
    {
      name: BATCHED_THROTTLER,
      ttl,
      limit: env.RATE_LIMIT_PER_ADDRESS,
      skipIf: (context) => !batched(context),
    },
    {
      name: 'identity-address',
      ttl,
      limit: env.RATE_LIMIT_IDENTITY_PER_ADDRESS,
      skipIf: only('identity'),
    },
    {
      name: 'identity-account',
      ttl,
      limit: env.RATE_LIMIT_IDENTITY_PER_ACCOUNT,
      skipIf: (context) =>
        kindOf(context) !== 'identity' ||
        accountOf(context.switchToHttp().getRequest<Request>()) === undefined,
      getTracker: (req) => accountOf(req as Request) ?? '',
    },
    { name: 'search', ttl, limit: env.RATE_LIMIT_SEARCH_PER_ADDRESS, skipIf: only('search') },
    { name: 'upload', ttl, limit: env.RATE_LIMIT_UPLOAD_PER_ADDRESS, skipIf: only('upload') },
  ];
}

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [ENV, PostgresThrottlerStorage],
      useFactory: (env: Env, storage: PostgresThrottlerStorage) => ({
        throttlers: throttlers(env),
        storage,
        setHeaders: false,
        // Counters are keyed by the limit's name and the caller only, never by the route, and
        // hashed so that no address or e-mail is stored in clear.
        generateKey: (_context, tracker, name) =>
          createHash('sha256')
            .update(`${name === BATCHED_THROTTLER ? 'default' : name}:${tracker}`)
            .digest('hex'),
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }],
})
export class RateLimitModule {}
