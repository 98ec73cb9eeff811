import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { IdentityCode, IdentityCodePurpose } from './identity-code.entity';
import { IdentityRefreshToken } from './identity-refresh-token.entity';
import { IdentityUser } from './identity-user.entity';

@Injectable()
export class IdentityRepository {
  constructor(
    @InjectRepository(IdentityUser) private readonly users: Repository<IdentityUser>,
    @InjectRepository(IdentityCode) private readonly codes: Repository<IdentityCode>,
    @InjectRepository(IdentityRefreshToken)
    private readonly refreshTokens: Repository<IdentityRefreshToken>,
  ) {}

  findUserByEmail(email: string): Promise<IdentityUser | null> {
    return this.users.findOneBy({ email });
  }

  findUserById(id: string): Promise<IdentityUser | null> {
    return this.users.findOneBy({ id });
  }

  createUser(data: Partial<IdentityUser>): Promise<IdentityUser> {
    return this.users.save(this.users.create(data));
  }

  saveUser(user: IdentityUser): Promise<IdentityUser> {
    return this.users.save(user);
  }

  async deleteUser(id: string): Promise<void> {
    await this.users.delete({ id });
  }

  /** Replaces the user's open codes of this purpose with a new one. */
  async replaceCode(
    data: Partial<IdentityCode> & { userId: string; purpose: IdentityCodePurpose },
  ): Promise<IdentityCode> {
    await this.codes.delete({ userId: data.userId, purpose: data.purpose, usedAt: IsNull() });
    return this.codes.save(this.codes.create(data));
  }

  findOpenCode(userId: string, purpose: IdentityCodePurpose): Promise<IdentityCode | null> {
    return this.codes.findOne({
      where: { userId, purpose, usedAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
  }

  countCodesSince(userId: string, purpose: IdentityCodePurpose, since: Date): Promise<number> {
    return this.codes.countBy({ userId, purpose, createdAt: MoreThan(since) });
  }

  saveCode(code: IdentityCode): Promise<IdentityCode> {
    return this.codes.save(code);
  }

  saveRefreshToken(data: Partial<IdentityRefreshToken>): Promise<IdentityRefreshToken> {
    return this.refreshTokens.save(this.refreshTokens.create(data));
  }

  findRefreshTokenByHash(tokenHash: string): Promise<IdentityRefreshToken | null> {
    return this.refreshTokens.findOneBy({ tokenHash });
  }

  async revokeRefreshToken(id: string): Promise<void> {
    await this.refreshTokens.update({ id, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async revokeAllRefreshTokens(userId: string): Promise<void> {
    await this.refreshTokens.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
