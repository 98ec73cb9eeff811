import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import jwt, { JwtPayload } from 'jsonwebtoken';
import { JwksClient } from 'jwks-rsa';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { LOCAL_CLIENT_ID } from '../identity/identity-tokens.service';
import { SigningKeysService } from '../signing-keys/signing-keys.service';

export interface VerifiedIdentity {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

const invalid = (): UnauthorizedException =>
  new UnauthorizedException('The identity token is not valid. Please sign in again.');

/**
 * Verifies an ID token of the configured identity provider with jwks-rsa: RS256 only, a known
 * key id, the provider's issuer and this app's client id as audience, token_use 'id', not expired
 * and a verified e-mail.
 */
@Injectable()
export class IdentityTokenVerifier {
  private readonly client: JwksClient;
  private readonly issuer: string;
  private readonly audience: string;

  constructor(@Inject(ENV) env: Env, keys: SigningKeysService) {
    if (env.IDENTITY_PROVIDER === 'cognito') {
      const base = (
        env.COGNITO_ENDPOINT ?? `https://cognito-idp.${env.COGNITO_REGION}.amazonaws.com`
      ).replace(/\/$/, '');
      this.issuer = `${base}/${env.COGNITO_USER_POOL_ID ?? ''}`;
      this.audience = env.COGNITO_CLIENT_ID ?? '';
      this.client = new JwksClient({
        jwksUri: `${this.issuer}/.well-known/jwks.json`,
        cache: true,
        cacheMaxAge: 10 * 60_000,
        rateLimit: true,
        jwksRequestsPerMinute: 10,
        timeout: 5000,
      });
    } else {
      this.issuer = `${env.PUBLIC_URL.replace(/\/$/, '')}/api/identity`;
      this.audience = LOCAL_CLIENT_ID;
      // The built-in provider's JWKS is ours: read it from the database, not over HTTP.
      this.client = new JwksClient({
        jwksUri: `${this.issuer}/.well-known/jwks.json`,
        cache: true,
        cacheMaxAge: 60_000,
        getKeysInterceptor: () => keys.publicJwks('identity') as never,
      });
    }
  }

  async verify(token: string): Promise<VerifiedIdentity> {
    const decoded = jwt.decode(token, { complete: true });
    if (!decoded || decoded.header.alg !== 'RS256' || !decoded.header.kid) {
      throw invalid();
    }
    let publicKey: string;
    try {
      publicKey = (await this.client.getSigningKey(decoded.header.kid)).getPublicKey();
    } catch {
      throw invalid();
    }
    let claims: JwtPayload;
    try {
      const verified = jwt.verify(token, publicKey, {
        algorithms: ['RS256'],
        issuer: this.issuer,
        audience: this.audience,
      });
      if (typeof verified === 'string') {
        throw invalid();
      }
      claims = verified;
    } catch {
      throw invalid();
    }
    const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
    if (
      claims.token_use !== 'id' ||
      typeof claims.sub !== 'string' ||
      typeof claims.email !== 'string' ||
      !emailVerified
    ) {
      throw invalid();
    }
    return {
      sub: claims.sub,
      email: claims.email.toLowerCase(),
      givenName: typeof claims.given_name === 'string' ? claims.given_name : '',
      familyName: typeof claims.family_name === 'string' ? claims.family_name : '',
    };
  }
}
