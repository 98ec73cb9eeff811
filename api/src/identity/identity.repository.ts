import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { IdentityCode, IdentityCodePurpose } from './identity-code.entity';
import {
  IdentityRefreshToken,
  type IdentityRefreshRevokedReason,
} from './identity-refresh-token.entity';
import { IdentitySignInFailure } from './identity-sign-in-failure.entity';
import { IdentityUser } from './identity-user.entity';

@Injectable()
export class IdentityRepository {
  constructor(
    @InjectRepository(IdentityUser) private readonly users: Repository<IdentityUser>,
    @InjectRepository(IdentityCode) private readonly codes: Repository<IdentityCode>,
    @InjectRepository(IdentityRefreshToken)
    private readonly refreshTokens: Repository<IdentityRefreshToken>,
    @InjectRepository(IdentitySignInFailure)
    private readonly signInFailures: Repository<IdentitySignInFailure>,
  ) {}

  findUserByEmail(email: string): Promise<IdentityUser | null> {
    return this.users.findOneBy({ email });
  }

  /**
   * Counts a sign-in attempt of one account from one address before the password is checked,
   * atomically, so parallel guesses are counted too. Answers false when that pair is locked or
   * this attempt locks it. Counts older than the lock time start again from one. An attempt the
   * pair's lock refuses is not counted against the account as a whole.
   */
  async beginAddressSignInAttempt(
    id: string,
    address: string,
    maxAttempts: number,
    lockMinutes: number,
  ): Promise<boolean> {
    const minutes = Math.floor(lockMinutes);
    const rows = await this.signInFailures.query<{ failed_count: number; locked: boolean }[]>(
      `INSERT INTO identity_sign_in_failure AS f (user_id, address, failed_count, updated_at)
       VALUES ($1, $2, 1, now())
       ON CONFLICT (user_id, address) DO UPDATE SET
         failed_count = CASE
           WHEN f.locked_until > now() THEN f.failed_count
           WHEN f.updated_at < now() - make_interval(mins => $3) THEN 1
           ELSE f.failed_count + 1 END,
         updated_at = now()
       RETURNING failed_count, coalesce(locked_until > now(), false) AS locked`,
      [id, address, minutes],
    );
    if (rows[0].locked) {
      return false;
    }
    if (rows[0].failed_count > maxAttempts) {
      await this.signInFailures
        .createQueryBuilder()
        .update()
        .set({ failedCount: 0, lockedUntil: () => `now() + interval '${minutes} minutes'` })
        .where('user_id = :id AND address = :address', { id, address })
        .execute();
      return false;
    }
    return true;
  }

  /**
   * Counts a sign-in attempt of the account from any address (the global lock, at a much
   * higher threshold). Answers false when the account is locked or this attempt locks it.
   */
  async beginSignInAttempt(id: string, maxAttempts: number, lockMinutes: number): Promise<boolean> {
    // Plain SQL: TypeORM's query builder drops a RETURNING of a column name here.
    const result: unknown = await this.users.query(
      `UPDATE identity_user SET failed_sign_in_count = failed_sign_in_count + 1
        WHERE id = $1 AND (locked_until IS NULL OR locked_until <= now())
        RETURNING failed_sign_in_count`,
      [id],
    );
    // For an UPDATE the postgres driver answers [rows, affected count].
    const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as {
      failed_sign_in_count: number;
    }[];
    if (rows.length === 0) {
      return false;
    }
    if (rows[0].failed_sign_in_count > maxAttempts) {
      await this.users
        .createQueryBuilder()
        .update()
        .set({
          failedSignInCount: 0,
          lockedUntil: () => `now() + interval '${Math.floor(lockMinutes)} minutes'`,
        })
        .where('id = :id', { id })
        .execute();
      return false;
    }
    return true;
  }

  async resetSignInAttempts(id: string, address?: string): Promise<void> {
    await this.users.update({ id }, { failedSignInCount: 0, lockedUntil: null });
    await this.signInFailures.delete(
      address === undefined ? { userId: id } : { userId: id, address },
    );
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

  /**
   * Replaces the user's open codes of this purpose with a new one. The old ones are closed, not
   * deleted: they still count towards the codes sent per hour.
   */
  async replaceCode(
    data: Partial<IdentityCode> & { userId: string; purpose: IdentityCodePurpose },
  ): Promise<IdentityCode> {
    await this.codes.update(
      { userId: data.userId, purpose: data.purpose, usedAt: IsNull() },
      { usedAt: new Date() },
    );
    return this.codes.save(this.codes.create(data));
  }

  /**
   * Takes one try of an open code, atomically, so that parallel guesses are all counted. Answers
   * the tries taken so far, or null when the code has no tries left or is no longer open.
   */
  async takeCodeAttempt(id: string, maxAttempts: number): Promise<number | null> {
    const result = await this.codes
      .createQueryBuilder()
      .update(IdentityCode)
      .set({ failedAttempts: () => 'failed_attempts + 1' })
      .where('id = :id AND used_at IS NULL AND failed_attempts < :maxAttempts', {
        id,
        maxAttempts,
      })
      .returning('failed_attempts')
      .execute();
    const rows = result.raw as { failed_attempts: number }[];
    return result.affected ? rows[0].failed_attempts : null;
  }

  /** Marks an open code used; false when another request used it first. */
  async useCode(id: string): Promise<boolean> {
    const result = await this.codes.update({ id, usedAt: IsNull() }, { usedAt: new Date() });
    return (result.affected ?? 0) > 0;
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

  saveRefreshToken(data: Partial<IdentityRefreshToken>): Promise<IdentityRefreshToken> {
    return this.refreshTokens.save(this.refreshTokens.create(data));
  }

  findRefreshTokenByHash(tokenHash: string): Promise<IdentityRefreshToken | null> {
    return this.refreshTokens.findOneBy({ tokenHash });
  }

  async revokeRefreshToken(id: string): Promise<void> {
    await this.refreshTokens.update({ id, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /**
   * Marks the token used and stores the next of its family, if it was still unused and not
   * revoked: of two refreshes with one token, only one wins.
   */
  async rotateRefreshToken(
    current: IdentityRefreshToken,
    nextHash: string,
  ): Promise<IdentityRefreshToken | null> {
    return this.refreshTokens.manager.transaction(async (m) => {
      const used = await m
        .createQueryBuilder()
        .update(IdentityRefreshToken)
        .set({ usedAt: () => 'now()' })
        .where('id = :id AND used_at IS NULL AND revoked_at IS NULL', { id: current.id })
        .execute();
      if ((used.affected ?? 0) === 0) {
        return null;
      }
      const repo = m.getRepository(IdentityRefreshToken);
      return repo.save(
        repo.create({
          userId: current.userId,
          familyId: current.familyId,
          tokenHash: nextHash,
          // A family lives as long as its sign-in's first token, however often it rotates.
          expiresAt: current.expiresAt,
        }),
      );
    });
  }

  /** Every token of a family (a copied one was presented): the thief's and the owner's. */
  async revokeRefreshTokenFamily(
    familyId: string,
    reason: IdentityRefreshRevokedReason,
  ): Promise<void> {
    await this.refreshTokens.update(
      { familyId, revokedAt: IsNull() },
      { revokedAt: () => 'now()', revokedReason: reason },
    );
  }

  async revokeAllRefreshTokens(userId: string): Promise<void> {
    await this.refreshTokens.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
