import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import jwt from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { SigningKeysService } from '../signing-keys/signing-keys.service';
import type { AuthUser, Role } from '../common/auth/auth-user';
import { PRODUCT_AUDIENCE, PRODUCT_ISSUER } from './product-token.service';

export type { AuthUser };

/** Verifies the product token on every protected call: RS256 only, our issuer and audience. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(keys: SigningKeysService) {
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

  validate(payload: {
    sub?: unknown;
    email?: unknown;
    roles?: unknown;
    token_use?: unknown;
  }): AuthUser | false {
    if (payload.token_use !== 'product' || typeof payload.sub !== 'string') {
      return false;
    }
    const roles = Array.isArray(payload.roles)
      ? (payload.roles.filter((r) => r === 'hcp' || r === 'clinops') as Role[])
      : [];
    return {
      id: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      roles,
    };
  }
}
