import {
  createHmac,
  createPublicKey,
  createSign,
  generateKeyPairSync,
  randomUUID,
} from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { DataSource } from 'typeorm';
import { rememberPersonalData } from '../utils/personal-data';

export interface StoredSigningKey {
  kid: string;
  privateKeyPem: string;
  publicKeyPem: string;
}

/** The app's active key of a purpose, read from the signing_key table (made at first use). */
export async function activeSigningKey(
  dataSource: DataSource,
  purpose: 'identity' | 'product',
): Promise<StoredSigningKey> {
  const rows: { kid: string; private_key_pem: string }[] = await dataSource.query(
    'SELECT kid, private_key_pem FROM signing_key WHERE purpose = $1 AND active',
    [purpose],
  );
  if (rows.length !== 1) {
    throw new Error(`No active ${purpose} signing key yet: sign in once first`);
  }
  return {
    kid: rows[0].kid,
    privateKeyPem: rows[0].private_key_pem,
    publicKeyPem: createPublicKey(rows[0].private_key_pem)
      .export({ type: 'spki', format: 'pem' })
      .toString(),
  };
}

/** A new RSA key pair that the app has never seen. */
export function freshRsaKey(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const b64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

const now = (): number => Math.floor(Date.now() / 1000);

/** alg 'none': a token with no signature at all. */
export function unsignedToken(payload: object, header: object = {}): string {
  return `${b64url({ alg: 'none', typ: 'JWT', ...header })}.${b64url(payload)}.`;
}

/** HS256 with any string as the secret (e.g. the public key PEM: the key-confusion attack). */
export function hs256Token(payload: object, secret: string, header: object = {}): string {
  const signingInput = `${b64url({ alg: 'HS256', typ: 'JWT', ...header })}.${b64url(payload)}`;
  const signature = createHmac('sha256', secret).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}

/** RS256 over exactly these claims (iss, aud, exp… included) with this key and key id. */
export function rs256Token(payload: object, privateKeyPem: string, kid: string): string {
  return jwt.sign(payload, privateKeyPem, { algorithm: 'RS256', keyid: kid, noTimestamp: true });
}

/**
 * RS256 over any payload, signed by hand: jsonwebtoken refuses to sign claims of the wrong type
 * (e.g. a string exp), which is what a test of the verifier needs.
 */
export function rawRs256Token(payload: object, privateKeyPem: string, kid: string): string {
  const signingInput = `${b64url({ alg: 'RS256', typ: 'JWT', kid })}.${b64url(payload)}`;
  const signature = createSign('RSA-SHA256').update(signingInput).sign(privateKeyPem, 'base64url');
  return `${signingInput}.${signature}`;
}

/** The claims of a valid ID token of the built-in provider; override to break one. */
export function idTokenClaims(
  issuer: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const iat = now();
  const email = `forged.${randomUUID().slice(0, 8)}@hospital.example`;
  rememberPersonalData('email', email);
  return {
    sub: randomUUID(),
    email,
    email_verified: true,
    given_name: 'Forged',
    family_name: 'Token',
    token_use: 'id',
    auth_time: iat,
    iss: issuer,
    aud: 'trialflow-web',
    iat,
    exp: iat + 3600,
    jti: randomUUID(),
    ...overrides,
  };
}

/** The claims of a valid product token; override to break one. */
export function productTokenClaims(
  userId: string,
  email: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const iat = now();
  return {
    sub: userId,
    email,
    roles: ['hcp'],
    token_use: 'product',
    iss: 'trialflow-api',
    aud: 'trialflow',
    iat,
    exp: iat + 900,
    ...overrides,
  };
}

export function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

export function decodeHeader(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
