import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { Session, SessionEndReason } from './session.entity';

@Injectable()
export class SessionsRepository {
  constructor(@InjectRepository(Session) private readonly sessions: Repository<Session>) {}

  create(data: Pick<Session, 'userId' | 'refreshTokenHash' | 'userAgent' | 'expiresAt'>) {
    return this.sessions.save(this.sessions.create(data));
  }

  findById(id: string): Promise<Session | null> {
    return this.sessions.findOneBy({ id });
  }

  /**
   * Whether a session of this user is alive: one primary-key lookup, made on every request
   * that carries a product token.
   */
  async isAlive(id: string, userId: string): Promise<boolean> {
    const rows: unknown[] = await this.sessions.query(
      `SELECT 1 FROM session
        WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()`,
      [id, userId],
    );
    return rows.length > 0;
  }

  /**
   * Replaces the refresh token's hash if it is still `currentHash` and the session alive:
   * of two refreshes with one token, only one wins.
   */
  async rotate(id: string, currentHash: string, nextHash: string): Promise<boolean> {
    const result = await this.sessions
      .createQueryBuilder()
      .update(Session)
      .set({ refreshTokenHash: nextHash, lastUsedAt: () => 'now()' })
      .where(
        'id = :id AND refresh_token_hash = :currentHash AND revoked_at IS NULL AND expires_at > now()',
        { id, currentHash },
      )
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async revoke(id: string, reason: SessionEndReason): Promise<void> {
    await this.sessions.update(
      { id, revokedAt: IsNull() },
      { revokedAt: () => 'now()', revokedReason: reason },
    );
  }

  /** Ends every session of a product user and notes the sign-out on the user. */
  async revokeAllOfUser(userId: string, reason: SessionEndReason): Promise<void> {
    await this.sessions.query(
      `WITH ended AS (
         UPDATE session SET revoked_at = now(), revoked_reason = $2
          WHERE user_id = $1 AND revoked_at IS NULL
       )
       UPDATE app_user SET signed_out_at = now() WHERE id = $1`,
      [userId, reason],
    );
  }

  /**
   * The same for the product user of an identity (matched by its sub, or its e-mail before the
   * first login stored the sub).
   */
  async revokeAllOfIdentity(sub: string, email: string, reason: SessionEndReason): Promise<void> {
    await this.sessions.query(
      `WITH target AS (
         SELECT id FROM app_user WHERE identity_sub = $1 OR (identity_sub IS NULL AND email = $2)
       ), ended AS (
         UPDATE session SET revoked_at = now(), revoked_reason = $3
          WHERE user_id IN (SELECT id FROM target) AND revoked_at IS NULL
       )
       UPDATE app_user SET signed_out_at = now() WHERE id IN (SELECT id FROM target)`,
      [sub, email, reason],
    );
  }
}
