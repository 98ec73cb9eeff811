import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import jwt from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { SessionsService } from '../sessions/sessions.service';
import { SigningKeysService } from '../signing-keys/signing-keys.service';
import type { AuthUser, Role } from '../common/auth/auth-user';
import {
  PRODUCT_AUDIENCE,
  PRODUCT_ISSUER,
  PRODUCT_TOKEN_TTL_SECONDS,
} from './product-token.service';

/** Clock difference allowed between replicas when checking a token's lifetime. */
const CLOCK_TOLERANCE_SECONDS = 60;

export type { AuthUser };

/**
 * Verifies the product token on every protected call: RS256 only, our issuer and audience, an
 * expiry at most 15 minutes after its issue, and a session that is still alive (one primary-key
 * lookup), so a sign-out elsewhere ends the token at its next request.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    keys: SigningKeysService,
    private readonly sessions: SessionsService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: ['RS256'],
      issuer: PRODUCT_ISSUER,
      audience: PRODUCT_AUDIENCE,
      ignoreExpiration: false,
      secretOrKeyProvider: (
        _req: unknown,
        rawToken: string,
        done: (err: unknown, key?: string) => void,
      ) => {
        const kid = jwt.decode(rawToken, { complete: true })?.header.kid;
        if (!kid) {
          done(null, undefined);
          return;
        }
        keys
          .publicKeyPem('product', kid)
          .then((pem) => done(null, pem ?? undefined))
          .catch((error: unknown) => done(error));
      },
    });
  }

  async validate(payload: {
    sub?: unknown;
    email?: unknown;
    roles?: unknown;
    sid?: unknown;
    iat?: unknown;
    exp?: unknown;
    token_use?: unknown;
  }): Promise<AuthUser | false> {
    if (
      payload.token_use !== 'product' ||
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string'
    ) {
      return false;
    }
    // jsonwebtoken accepts a token without exp as never expiring: ours always have one, and
    // none may live longer than a product token does.
    const now = Date.now() / 1000;
    if (
      typeof payload.exp !== 'number' ||
      payload.exp > now + PRODUCT_TOKEN_TTL_SECONDS + CLOCK_TOLERANCE_SECONDS ||
      (payload.iat !== undefined &&
        (typeof payload.iat !== 'number' ||
          payload.exp - payload.iat > PRODUCT_TOKEN_TTL_SECONDS ||
          payload.iat > now + CLOCK_TOLERANCE_SECONDS))
    ) {
      return false;
    }
    if (!(await this.sessions.isAlive(payload.sid, payload.sub))) {
      return false;
    }
    const roles = Array.isArray(payload.roles)
      ? (payload.roles.filter((r) => r === 'hcp' || r === 'clinops') as Role[])
      : [];
    return {
      id: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      roles,
      sessionId: payload.sid,
    };
  }
}
