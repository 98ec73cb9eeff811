import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import jwt, { JwtPayload } from 'jsonwebtoken';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { SigningKeysService } from '../signing-keys/signing-keys.service';
import { IdentityErrors } from './identity-errors';
import type { IdentityUser } from './identity-user.entity';

/** The client id of the web app at the built-in provider (the `aud` of its ID tokens). */
export const LOCAL_CLIENT_ID = 'trialflow-web';
export const ID_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_DAYS = 30;
const CHALLENGE_TTL_SECONDS = 180;

export interface IdentityAccessClaims extends JwtPayload {
  sub: string;
  token_use: 'access';
  client_id: string;
  username: string;
  /** The issue time in milliseconds: global sign-out compares it (iat has whole seconds). */
  issued_at_ms?: number;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

@Injectable()
export class IdentityTokensService {
  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly keys: SigningKeysService,
  ) {}

  get issuer(): string {
    return `${this.env.PUBLIC_URL.replace(/\/$/, '')}/api/identity`;
  }

  async issue(user: IdentityUser): Promise<{ idToken: string; accessToken: string }> {
    const key = await this.keys.active('identity');
    const authTime = Math.floor(Date.now() / 1000);
    const options = {
      algorithm: 'RS256' as const,
      keyid: key.kid,
      issuer: this.issuer,
      expiresIn: ID_TOKEN_TTL_SECONDS,
      subject: user.id,
    };
    const idToken = jwt.sign(
      {
        token_use: 'id',
        email: user.email,
        email_verified: user.status !== 'UNCONFIRMED',
        given_name: user.givenName,
        family_name: user.familyName,
        locale: user.locale,
        auth_time: authTime,
        // login_email compares it with the last sign-out (iat has whole seconds only).
        issued_at_ms: Date.now(),
      },
      key.privateKeyPem,
      { ...options, audience: LOCAL_CLIENT_ID, jwtid: randomUUID() },
    );
    const accessToken = jwt.sign(
      {
        token_use: 'access',
        client_id: LOCAL_CLIENT_ID,
        username: user.email,
        scope: 'openid email profile',
        auth_time: authTime,
        issued_at_ms: Date.now(),
      },
      key.privateKeyPem,
      { ...options, jwtid: randomUUID() },
    );
    return { idToken, accessToken };
  }

  newRefreshToken(): string {
    return randomBytes(48).toString('base64url');
  }

  /** Verifies an access token of this provider; revocation is checked by the caller. */
  async verifyAccessToken(token: string): Promise<IdentityAccessClaims> {
    const claims = await this.verify(token);
    if (claims.token_use !== 'access' || claims.client_id !== LOCAL_CLIENT_ID) {
      throw IdentityErrors.invalidAccessToken();
    }
    return claims as IdentityAccessClaims;
  }

  /** A short-lived signed session for the NEW_PASSWORD_REQUIRED challenge. */
  async challengeSession(user: IdentityUser): Promise<string> {
    const key = await this.keys.active('identity');
    return jwt.sign({ token_use: 'challenge', email: user.email }, key.privateKeyPem, {
      algorithm: 'RS256',
      keyid: key.kid,
      issuer: this.issuer,
      audience: `${LOCAL_CLIENT_ID}:challenge`,
      subject: user.id,
      expiresIn: CHALLENGE_TTL_SECONDS,
    });
  }

  async verifyChallengeSession(session: string): Promise<{ sub: string; email: string }> {
    try {
      const claims = await this.verify(session, `${LOCAL_CLIENT_ID}:challenge`);
      if (claims.token_use !== 'challenge' || typeof claims.sub !== 'string') {
        throw new Error('not a challenge session');
      }
      return { sub: claims.sub, email: String(claims.email) };
    } catch {
      throw IdentityErrors.invalidSession();
    }
  }

  private async verify(token: string, audience?: string): Promise<JwtPayload> {
    const header = jwt.decode(token, { complete: true })?.header;
    const pem = header?.kid ? await this.keys.publicKeyPem('identity', header.kid) : null;
    if (!pem) {
      throw IdentityErrors.invalidAccessToken();
    }
    try {
      const claims = jwt.verify(token, pem, {
        algorithms: ['RS256'],
        issuer: this.issuer,
        ...(audience ? { audience } : {}),
      });
      if (typeof claims === 'string') {
        throw new Error('unexpected payload');
      }
      return claims;
    } catch {
      throw IdentityErrors.invalidAccessToken();
    }
  }
}
