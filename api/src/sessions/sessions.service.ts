import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { ServerSecret } from '../signing-keys/server-secret';
import type { Session, SessionEndReason } from './session.entity';
import { SessionsRepository } from './sessions.repository';

/** A session lasts this long from sign-in, however often it is refreshed. */
export const SESSION_TTL_SECONDS = 12 * 3600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const refreshRefused = (): UnauthorizedException =>
  new UnauthorizedException('Your session has ended. Please log in again.');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface StartedSession {
  session: Session;
  /** `<session id>.<secret>`: given to the client once, only its HMAC is kept. */
  refreshToken: string;
}

/** The product's server-side sessions: start, rotate, check on each request, end. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly repo: SessionsRepository,
    private readonly secret: ServerSecret,
  ) {}

  async start(userId: string, userAgent = ''): Promise<StartedSession> {
    const secret = this.newSecret();
    const session = await this.repo.create({
      userId,
      refreshTokenHash: this.hash(secret),
      userAgent: userAgent.slice(0, 255),
      expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    });
    return { session, refreshToken: `${session.id}.${secret}` };
  }

  /**
   * Trades a refresh token for the next one. A token that was already used (an old one of a
   * live session) means two holders of one session: the session ends for both (theft).
   */
  async rotate(refreshToken: string): Promise<StartedSession> {
    const [id, secret, ...rest] = refreshToken.split('.');
    if (rest.length > 0 || !id || !secret || !UUID.test(id)) {
      throw refreshRefused();
    }
    const session = await this.repo.findById(id);
    if (!session || session.revokedAt || session.expiresAt <= new Date()) {
      throw refreshRefused();
    }
    const presented = this.hash(secret);
    if (!sameHash(presented, session.refreshTokenHash)) {
      await this.repo.revoke(session.id, 'refresh-token-reuse');
      throw refreshRefused();
    }
    const next = this.newSecret();
    if (!(await this.repo.rotate(session.id, presented, this.hash(next)))) {
      // Another refresh with the same token won the race: this one is the reuse.
      await this.repo.revoke(session.id, 'refresh-token-reuse');
      throw refreshRefused();
    }
    return { session, refreshToken: `${session.id}.${next}` };
  }

  isAlive(sessionId: string, userId: string): Promise<boolean> {
    return UUID.test(sessionId) && UUID.test(userId)
      ? this.repo.isAlive(sessionId, userId)
      : Promise.resolve(false);
  }

  /** Sign-out on one device: that session only. */
  async end(sessionId: string): Promise<void> {
    await this.repo.revoke(sessionId, 'sign-out');
  }

  /** Global sign-out or account deletion: every session of the user, at once. */
  async endAllOfUser(userId: string, reason: SessionEndReason): Promise<void> {
    await this.repo.revokeAllOfUser(userId, reason);
  }

  /** The same, named by the built-in identity provider's user. */
  async endAllOfIdentity(sub: string, email: string, reason: SessionEndReason): Promise<void> {
    await this.repo.revokeAllOfIdentity(sub, email, reason);
  }

  private newSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  private hash(secret: string): string {
    return this.secret.hmac('session-refresh', secret);
  }
}
