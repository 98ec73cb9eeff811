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
  /** When the token was issued, in milliseconds (seconds precision unless it says more). */
  issuedAtMs: number;
  /** Whether issuedAtMs has millisecond precision (the built-in provider's tokens). */
  issuedAtPrecise: boolean;
}

/** Unknown key ids trigger a new JWKS fetch at most this often. */
const MIN_REFETCH_MS = 60_000;

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
  /** The provider's keys by kid, and when they were fetched. */
  private keySet: { fetchedAt: number; keys: Map<string, string> } | null = null;
  private fetching: Promise<void> | null = null;

  constructor(@Inject(ENV) env: Env, keys: SigningKeysService) {
    if (env.IDENTITY_PROVIDER === 'cognito') {
      const base = (
        env.COGNITO_ENDPOINT ?? `https://cognito-idp.${env.COGNITO_REGION}.amazonaws.com`
      ).replace(/\/$/, '');
      this.issuer = `${base}/${env.COGNITO_USER_POOL_ID ?? ''}`;
      this.audience = env.COGNITO_CLIENT_ID ?? '';
      this.client = new JwksClient({
        jwksUri: `${this.issuer}/.well-known/jwks.json`,
        timeout: 5000,
      });
    } else {
      this.issuer = `${env.PUBLIC_URL.replace(/\/$/, '')}/api/identity`;
      this.audience = LOCAL_CLIENT_ID;
      // The built-in provider's JWKS is ours: read it from the database, never over HTTP (a
      // getKeysInterceptor would fall back to fetching PUBLIC_URL for an unknown key id).
      this.client = new JwksClient({
        jwksUri: `${this.issuer}/.well-known/jwks.json`,
        fetcher: async () => ({ keys: await keys.publicJwks('identity') }),
      });
    }
  }

  async verify(token: string): Promise<VerifiedIdentity> {
    const decoded = jwt.decode(token, { complete: true });
    if (!decoded || decoded.header.alg !== 'RS256' || !decoded.header.kid) {
      throw invalid();
    }
    const payload = decoded.payload;
    if (typeof payload === 'string' || payload.iss !== this.issuer) {
      // Not this provider's token: no reason to look for its key.
      throw invalid();
    }
    const publicKey = await this.publicKey(decoded.header.kid);
    if (!publicKey) {
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
    // The built-in provider adds the issue time in milliseconds; it must agree with iat. A
    // token without iat counts as issued at 0: any sign-out since refuses it.
    const iat = typeof claims.iat === 'number' ? claims.iat : 0;
    const precise =
      typeof claims.issued_at_ms === 'number' && Math.floor(claims.issued_at_ms / 1000) === iat;
    return {
      sub: claims.sub,
      email: claims.email.toLowerCase(),
      givenName: typeof claims.given_name === 'string' ? claims.given_name : '',
      familyName: typeof claims.family_name === 'string' ? claims.family_name : '',
      issuedAtMs: precise ? (claims.issued_at_ms as number) : iat * 1000,
      issuedAtPrecise: precise,
    };
  }

  /**
   * The key for a kid from the provider's JWKS, fetched at most once a minute however many
   * unknown kids arrive, so forged tokens can neither flood the provider nor exhaust a limit
   * that real logins need. Known keys are kept ten minutes.
   */
  private async publicKey(kid: string): Promise<string | null> {
    const age = this.keySet ? Date.now() - this.keySet.fetchedAt : Infinity;
    const known = this.keySet?.keys.get(kid);
    if (known && age < 10 * 60_000) {
      return known;
    }
    if (age >= MIN_REFETCH_MS) {
      this.fetching ??= this.fetchKeys().finally(() => {
        this.fetching = null;
      });
      await this.fetching;
    }
    return this.keySet?.keys.get(kid) ?? known ?? null;
  }

  private async fetchKeys(): Promise<void> {
    try {
      const keys = await this.client.getSigningKeys();
      this.keySet = {
        fetchedAt: Date.now(),
        keys: new Map(keys.map((k) => [k.kid, k.getPublicKey()])),
      };
    } catch {
      // Unreachable JWKS: keep what we had, and try again only after the pause.
      this.keySet = { fetchedAt: Date.now(), keys: this.keySet?.keys ?? new Map<string, string>() };
    }
  }
}
