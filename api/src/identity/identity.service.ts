import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Language, PASSWORD_MIN_LENGTH } from '@trialflow/contract';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { MailService } from '../mail/mail.service';
import { SessionsService } from '../sessions/sessions.service';
import { ServerSecret } from '../signing-keys/server-secret';
import type {
  AuthTokensDto,
  CodeDeliveryDetailsDto,
  SignInResponseDto,
  SignUpResponseDto,
} from './dto/identity.dto';
import type { IdentityCode, IdentityCodePurpose } from './identity-code.entity';
import { IdentityErrors } from './identity-errors';
import type { IdentityRefreshToken } from './identity-refresh-token.entity';
import { IdentityRepository } from './identity.repository';
import {
  ID_TOKEN_TTL_SECONDS,
  IdentityTokensService,
  REFRESH_TOKEN_TTL_DAYS,
  sha256,
} from './identity-tokens.service';
import type { IdentityUser } from './identity-user.entity';
import { hashPassword, verifyPassword } from './passwords';

const CONFIRM_CODE_MINUTES = 24 * 60;
const RESET_CODE_MINUTES = 60;
const MAX_CODE_ATTEMPTS = 5;
const MAX_CODES_PER_HOUR = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function maskEmail(email: string): string {
  const [local, domain = ''] = email.split('@');
  const [host, ...rest] = domain.split('.');
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***.${rest.join('.')}`;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function isLanguage(value: string | undefined): value is Language {
  return value === 'en' || value === 'es' || value === 'de';
}

/** The built-in identity provider: Cognito's user-pool behaviour, on Postgres. */
@Injectable()
export class IdentityService {
  constructor(
    private readonly repo: IdentityRepository,
    private readonly tokens: IdentityTokensService,
    private readonly mail: MailService,
    private readonly secret: ServerSecret,
    private readonly sessions: SessionsService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** HMAC with the server secret, which is not in the database beside the hashes. */
  private codeHash(userId: string, purpose: IdentityCodePurpose, code: string): string {
    return this.secret.hmac('identity-code', `${userId}:${purpose}:${code}`);
  }

  async signUp(input: {
    email: string;
    password: string;
    firstName?: string;
    lastName?: string;
    language?: Language;
  }): Promise<SignUpResponseDto> {
    this.assertPasswordPolicy(input.password);
    const existing = await this.repo.findUserByEmail(input.email);
    if (existing) {
      throw IdentityErrors.usernameExists();
    }
    const user = await this.repo
      .createUser({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        status: 'UNCONFIRMED',
        givenName: input.firstName ?? '',
        familyName: input.lastName ?? '',
        locale: input.language ?? 'en',
      })
      .catch((error: unknown) => {
        // Two sign-ups for one address at once: the unique index decides.
        if (String(error).includes('duplicate key')) {
          throw IdentityErrors.usernameExists();
        }
        throw error;
      });
    const delivery = await this.sendCode(user, 'CONFIRM_SIGN_UP');
    return { userSub: user.id, userConfirmed: false, codeDeliveryDetails: delivery };
  }

  async confirmSignUp(email: string, code: string): Promise<void> {
    const user = await this.requireUser(email);
    if (user.status !== 'UNCONFIRMED') {
      throw IdentityErrors.alreadyConfirmed();
    }
    await this.consumeCode(user, 'CONFIRM_SIGN_UP', code);
    user.status = 'CONFIRMED';
    await this.repo.saveUser(user);
  }

  async resendConfirmationCode(
    email: string,
    language?: Language,
  ): Promise<CodeDeliveryDetailsDto> {
    const user = await this.requireUser(email);
    if (user.status !== 'UNCONFIRMED') {
      throw IdentityErrors.alreadyConfirmed();
    }
    if (language) {
      user.locale = language;
      await this.repo.saveUser(user);
    }
    return this.sendCode(user, 'CONFIRM_SIGN_UP');
  }

  async signIn(email: string, password: string, address: string): Promise<SignInResponseDto> {
    const user = await this.requireUser(email);
    await this.beginPasswordAttempt(user.id, address);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await this.slowDown(user.id);
      throw IdentityErrors.incorrectCredentials();
    }
    await this.repo.resetSignInAttempts(user.id, address);
    if (user.status === 'UNCONFIRMED') {
      throw IdentityErrors.userNotConfirmed();
    }
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      return {
        challengeName: 'NEW_PASSWORD_REQUIRED',
        session: await this.tokens.challengeSession(user),
      };
    }
    return { tokens: await this.issueTokens(user) };
  }

  async respondToNewPasswordChallenge(
    email: string,
    session: string,
    newPassword: string,
  ): Promise<SignInResponseDto> {
    const claims = await this.tokens.verifyChallengeSession(session);
    const user = await this.requireUser(email);
    if (claims.sub !== user.id || user.status !== 'FORCE_CHANGE_PASSWORD') {
      throw IdentityErrors.invalidSession();
    }
    this.assertPasswordPolicy(newPassword);
    user.passwordHash = await hashPassword(newPassword);
    user.status = 'CONFIRMED';
    await this.repo.saveUser(user);
    return { tokens: await this.issueTokens(user) };
  }

  async forgotPassword(email: string, language?: Language): Promise<CodeDeliveryDetailsDto> {
    const user = await this.requireUser(email);
    if (language) {
      user.locale = language;
      await this.repo.saveUser(user);
    }
    return this.sendCode(user, 'FORGOT_PASSWORD');
  }

  async confirmForgotPassword(email: string, code: string, password: string): Promise<void> {
    const user = await this.requireUser(email);
    this.assertPasswordPolicy(password);
    await this.consumeCode(user, 'FORGOT_PASSWORD', code);
    user.passwordHash = await hashPassword(password);
    // Receiving the code by e-mail proves the address; a reset also lifts a lock.
    if (user.status !== 'CONFIRMED') {
      user.status = 'CONFIRMED';
    }
    user.failedSignInCount = 0;
    user.lockedUntil = null;
    await this.repo.resetSignInAttempts(user.id);
    await this.repo.saveUser(user);
    await this.repo.revokeAllRefreshTokens(user.id);
    // Whoever knew the old password is signed out of the product as well.
    await this.sessions.endAllOfIdentity(user.id, user.email, 'password-reset');
  }

  async changePassword(
    accessToken: string,
    previous: string,
    proposed: string,
    address: string,
  ): Promise<void> {
    const user = await this.userFromAccessToken(accessToken);
    await this.beginPasswordAttempt(user.id, address);
    if (!(await verifyPassword(user.passwordHash, previous))) {
      await this.slowDown(user.id);
      throw IdentityErrors.incorrectCredentials();
    }
    await this.repo.resetSignInAttempts(user.id, address);
    this.assertPasswordPolicy(proposed);
    user.passwordHash = await hashPassword(proposed);
    await this.repo.saveUser(user);
  }

  /**
   * Trades a refresh token for new ID and access tokens and the next refresh token of its
   * family. A token that was already traded, presented again, means two holders of one
   * sign-in (a copy): the identity is signed out everywhere, as by global sign-out.
   */
  async refresh(refreshToken: string): Promise<AuthTokensDto> {
    const stored = await this.repo.findRefreshTokenByHash(sha256(refreshToken));
    if (!stored) {
      throw IdentityErrors.invalidRefreshToken();
    }
    if (stored.revokedAt) {
      throw IdentityErrors.refreshTokenRevoked();
    }
    if (stored.usedAt) {
      await this.signOutAfterReuse(stored);
      throw IdentityErrors.refreshTokenRevoked();
    }
    if (stored.expiresAt <= new Date()) {
      throw IdentityErrors.refreshTokenExpired();
    }
    const user = await this.repo.findUserById(stored.userId);
    if (!user) {
      throw IdentityErrors.userNotFound();
    }
    // Issued before the rotation: if a simultaneous refresh with the same token then finds
    // this one's rotation and signs the identity out, these tokens are older and end too.
    const next = this.tokens.newRefreshToken();
    const answer = await this.issueTokens(user, next);
    if (!(await this.repo.rotateRefreshToken(stored, sha256(next)))) {
      // Another refresh with the same token won the race: this one is the reuse.
      await this.signOutAfterReuse(stored);
      throw IdentityErrors.refreshTokenRevoked();
    }
    return answer;
  }

  /** A copied refresh token: every token of the identity ends, the product sessions too. */
  private async signOutAfterReuse(stored: IdentityRefreshToken): Promise<void> {
    await this.repo.revokeRefreshTokenFamily(stored.familyId, 'refresh-token-reuse');
    await this.repo.revokeAllRefreshTokens(stored.userId);
    const user = await this.repo.findUserById(stored.userId);
    if (user) {
      user.tokensValidAfter = new Date();
      await this.repo.saveUser(user);
      await this.sessions.endAllOfIdentity(user.id, user.email, 'refresh-token-reuse');
    }
  }

  async revokeRefreshToken(refreshToken: string): Promise<void> {
    const stored = await this.repo.findRefreshTokenByHash(sha256(refreshToken));
    if (stored) {
      await this.repo.revokeRefreshToken(stored.id);
    }
  }

  /** Revokes every refresh token and every access token issued so far. */
  async globalSignOut(accessToken: string): Promise<void> {
    const user = await this.userFromAccessToken(accessToken);
    await this.repo.revokeAllRefreshTokens(user.id);
    // Compared with the tokens' issue time in milliseconds: whole seconds (iat) would also
    // revoke the tokens of a sign-in later in the same second.
    user.tokensValidAfter = new Date();
    await this.repo.saveUser(user);
    // The product's sessions of this person end too: their product tokens stop working now.
    await this.sessions.endAllOfIdentity(user.id, user.email, 'global-sign-out');
  }

  async getUser(accessToken: string): Promise<IdentityUser> {
    return this.userFromAccessToken(accessToken);
  }

  async deleteOwnUser(accessToken: string): Promise<void> {
    const user = await this.userFromAccessToken(accessToken);
    await this.repo.deleteUser(user.id);
    await this.sessions.endAllOfIdentity(user.id, user.email, 'account-deleted');
  }

  /** For the product's account deletion and the CLI. */
  async deleteUserById(id: string): Promise<void> {
    await this.repo.deleteUser(id);
  }

  findUserByEmail(email: string): Promise<IdentityUser | null> {
    return this.repo.findUserByEmail(email.trim().toLowerCase());
  }

  /** An account made by an administrator: the first sign-in asks for a new password. */
  async adminCreateUser(input: {
    email: string;
    temporaryPassword: string;
    firstName: string;
    lastName: string;
  }): Promise<IdentityUser> {
    this.assertPasswordPolicy(input.temporaryPassword);
    if (await this.repo.findUserByEmail(input.email)) {
      throw IdentityErrors.usernameExists();
    }
    return this.repo.createUser({
      email: input.email,
      passwordHash: await hashPassword(input.temporaryPassword),
      status: 'FORCE_CHANGE_PASSWORD',
      givenName: input.firstName,
      familyName: input.lastName,
    });
  }

  private async userFromAccessToken(accessToken: string): Promise<IdentityUser> {
    const claims = await this.tokens.verifyAccessToken(accessToken);
    const user = await this.repo.findUserById(claims.sub);
    if (!user) {
      throw IdentityErrors.userNotFound();
    }
    const issuedAt =
      typeof claims.issued_at_ms === 'number' ? claims.issued_at_ms : (claims.iat ?? 0) * 1000;
    if (user.tokensValidAfter && issuedAt < user.tokensValidAfter.getTime()) {
      throw IdentityErrors.accessTokenRevoked();
    }
    return user;
  }

  /** ID and access tokens, with `refreshToken` (a rotation) or a new sign-in's first one. */
  private async issueTokens(user: IdentityUser, refreshToken?: string): Promise<AuthTokensDto> {
    const { idToken, accessToken } = await this.tokens.issue(user);
    return {
      idToken,
      accessToken,
      refreshToken: refreshToken ?? (await this.startRefreshFamily(user)),
      expiresIn: ID_TOKEN_TTL_SECONDS,
      tokenType: 'Bearer',
    };
  }

  /** A sign-in's first refresh token: a family of its own, which its rotations keep. */
  private async startRefreshFamily(user: IdentityUser): Promise<string> {
    const refreshToken = this.tokens.newRefreshToken();
    await this.repo.saveRefreshToken({
      userId: user.id,
      familyId: randomUUID(),
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    return refreshToken;
  }

  private async requireUser(email: string): Promise<IdentityUser> {
    const user = await this.repo.findUserByEmail(email.trim().toLowerCase());
    if (!user) {
      throw IdentityErrors.userNotFound();
    }
    return user;
  }

  private assertPasswordPolicy(password: string): void {
    if (password.length < PASSWORD_MIN_LENGTH) {
      throw IdentityErrors.invalidPassword();
    }
  }

  /**
   * Counts a password attempt before it is checked: first for the account from this address
   * (SIGN_IN_LOCK_ATTEMPTS), then for the account from everywhere (SIGN_IN_GLOBAL_LOCK_ATTEMPTS,
   * much higher), so a guesser locks out their own address long before the owner's.
   */
  private async beginPasswordAttempt(userId: string, address: string): Promise<void> {
    const minutes = this.env.SIGN_IN_LOCK_MINUTES;
    const allowed =
      (await this.repo.beginAddressSignInAttempt(
        userId,
        address,
        this.env.SIGN_IN_LOCK_ATTEMPTS,
        minutes,
      )) &&
      (await this.repo.beginSignInAttempt(userId, this.env.SIGN_IN_GLOBAL_LOCK_ATTEMPTS, minutes));
    if (!allowed) {
      throw IdentityErrors.passwordAttemptsExceeded();
    }
  }

  /** Each wrong password costs a little more time, which slows guessing. */
  private async slowDown(userId: string): Promise<void> {
    const user = await this.repo.findUserById(userId);
    await sleep(Math.min(150 * (user?.failedSignInCount ?? 1), 1000));
  }

  private async sendCode(
    user: IdentityUser,
    purpose: IdentityCodePurpose,
  ): Promise<CodeDeliveryDetailsDto> {
    const recent = await this.repo.countCodesSince(
      user.id,
      purpose,
      new Date(Date.now() - 3_600_000),
    );
    if (recent >= MAX_CODES_PER_HOUR) {
      throw IdentityErrors.attemptLimit();
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const minutes = purpose === 'CONFIRM_SIGN_UP' ? CONFIRM_CODE_MINUTES : RESET_CODE_MINUTES;
    await this.repo.replaceCode({
      userId: user.id,
      purpose,
      codeHash: this.codeHash(user.id, purpose, code),
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    await this.mail.send({
      to: user.email,
      template: purpose === 'CONFIRM_SIGN_UP' ? 'confirm-sign-up' : 'forgot-password',
      language: isLanguage(user.locale) ? user.locale : 'en',
      variables: { code, firstName: user.givenName, minutes },
    });
    return { destination: maskEmail(user.email), deliveryMedium: 'EMAIL', attributeName: 'email' };
  }

  /** Checks a code: single use, expiring, and dead after too many wrong tries. */
  private async consumeCode(
    user: IdentityUser,
    purpose: IdentityCodePurpose,
    code: string,
  ): Promise<void> {
    const stored: IdentityCode | null = await this.repo.findOpenCode(user.id, purpose);
    if (!stored) {
      throw IdentityErrors.expiredCode();
    }
    if (stored.failedAttempts >= MAX_CODE_ATTEMPTS) {
      throw IdentityErrors.attemptLimit();
    }
    if (stored.expiresAt <= new Date()) {
      throw IdentityErrors.expiredCode();
    }
    // Every try is counted in the database before the comparison: parallel guesses cannot share
    // one reading of the counter.
    const tries = await this.repo.takeCodeAttempt(stored.id, MAX_CODE_ATTEMPTS);
    if (tries === null) {
      throw IdentityErrors.attemptLimit();
    }
    if (!sameHash(stored.codeHash, this.codeHash(user.id, purpose, code))) {
      await sleep(Math.min(150 * tries, 1000));
      throw tries >= MAX_CODE_ATTEMPTS
        ? IdentityErrors.attemptLimit()
        : IdentityErrors.codeMismatch();
    }
    if (!(await this.repo.useCode(stored.id))) {
      throw IdentityErrors.expiredCode();
    }
  }
}
