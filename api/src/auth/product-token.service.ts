import { Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { SigningKeysService } from '../signing-keys/signing-keys.service';
import type { Role } from '../common/auth/auth-user';

export const PRODUCT_ISSUER = 'trialflow-api';
export const PRODUCT_AUDIENCE = 'trialflow';
/** Product tokens live 15 minutes; the web app refreshes them through the session. */
export const PRODUCT_TOKEN_TTL_SECONDS = 15 * 60;

export interface ProductClaims {
  sub: string;
  email: string;
  roles: Role[];
  /** The server-side session (api/src/sessions) the token belongs to. */
  sid: string;
  token_use: 'product';
}

/** The product's own access token: RS256 with a key of its own, never the identity key. */
@Injectable()
export class ProductTokenService {
  constructor(private readonly keys: SigningKeysService) {}

  async sign(claims: Omit<ProductClaims, 'token_use'>): Promise<string> {
    const key = await this.keys.active('product');
    return jwt.sign(
      { email: claims.email, roles: claims.roles, sid: claims.sid, token_use: 'product' },
      key.privateKeyPem,
      {
        algorithm: 'RS256',
        keyid: key.kid,
        issuer: PRODUCT_ISSUER,
        audience: PRODUCT_AUDIENCE,
        subject: claims.sub,
        expiresIn: PRODUCT_TOKEN_TTL_SECONDS,
      },
    );
  }
}
