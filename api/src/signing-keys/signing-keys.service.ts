import { createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SigningKey, SigningKeyPurpose } from './signing-key.entity';

export interface ActiveKey {
  kid: string;
  privateKeyPem: string;
  publicKeyPem: string;
}

/** Generates each purpose's RS256 key once, keeps it in Postgres and serves it from memory. */
@Injectable()
export class SigningKeysService {
  private readonly cache = new Map<SigningKeyPurpose, Promise<ActiveKey>>();

  constructor(@InjectRepository(SigningKey) private readonly keys: Repository<SigningKey>) {}

  active(purpose: SigningKeyPurpose): Promise<ActiveKey> {
    let key = this.cache.get(purpose);
    if (!key) {
      key = this.loadOrCreate(purpose);
      key.catch(() => this.cache.delete(purpose));
      this.cache.set(purpose, key);
    }
    return key;
  }

  /** Public keys of a purpose (active and retired), for a JWKS document. */
  async publicJwks(purpose: SigningKeyPurpose): Promise<Record<string, string>[]> {
    await this.active(purpose);
    const all = await this.keys.find({ where: { purpose }, order: { createdAt: 'DESC' } });
    return all.map((k) => ({ ...k.publicJwk, kid: k.kid, alg: 'RS256', use: 'sig' }));
  }

  /** The PEM public key for a kid of a purpose, or null. */
  async publicKeyPem(purpose: SigningKeyPurpose, kid: string): Promise<string | null> {
    const active = await this.active(purpose);
    if (active.kid === kid) {
      return active.publicKeyPem;
    }
    const key = await this.keys.findOneBy({ purpose, kid });
    return key ? toPublicPem(key.privateKeyPem) : null;
  }

  private async loadOrCreate(purpose: SigningKeyPurpose): Promise<ActiveKey> {
    const existing = await this.keys.findOneBy({ purpose, active: true });
    if (existing) {
      return toActive(existing);
    }
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const candidate = this.keys.create({
      kid: `${purpose}-${randomUUID()}`,
      purpose,
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicJwk: publicKey.export({ format: 'jwk' }) as Record<string, string>,
      active: true,
    });
    // Two replicas starting together: the partial unique index lets one win; both use it.
    await this.keys.createQueryBuilder().insert().values(candidate).orIgnore().execute();
    const winner = await this.keys.findOneByOrFail({ purpose, active: true });
    return toActive(winner);
  }
}

function toPublicPem(privateKeyPem: string): string {
  return createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
}

function toActive(key: SigningKey): ActiveKey {
  return {
    kid: key.kid,
    privateKeyPem: key.privateKeyPem,
    publicKeyPem: toPublicPem(key.privateKeyPem),
  };
}
