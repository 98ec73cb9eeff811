import { BadRequestException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { CaptchaService } from '../captcha/captcha.service';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { IdentityService } from '../identity/identity.service';
import { toUserResponse } from '../users/dto/user-response.dto';
import type { AuthUser } from '../common/auth/auth-user';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { SessionsService } from '../sessions/sessions.service';
import type {
  LoginEmailDto,
  LoginResponseDto,
  RefreshSessionResponseDto,
  SignupDto,
  SignupResponseDto,
} from './dto/auth.dto';
import { IdentityTokenVerifier, VerifiedIdentity } from './identity-token-verifier';
import { PRODUCT_TOKEN_TTL_SECONDS, ProductTokenService } from './product-token.service';

const signedOut = (): UnauthorizedException =>
  new UnauthorizedException('This sign-in has ended (signed out since). Please sign in again.');

/** Whether an identity token was issued before a sign-out, to the precision it carries. */
function issuedBefore(identity: VerifiedIdentity, signedOutAt: Date | null | undefined): boolean {
  if (!signedOutAt) {
    return false;
  }
  // Whole seconds (Cognito): a token of the sign-out's own second still counts as later.
  const limit = identity.issuedAtPrecise
    ? signedOutAt.getTime()
    : Math.floor(signedOutAt.getTime() / 1000) * 1000;
  return identity.issuedAtMs < limit;
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly verifier: IdentityTokenVerifier,
    private readonly tokens: ProductTokenService,
    private readonly users: UsersService,
    private readonly identity: IdentityService,
    private readonly captcha: CaptchaService,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Spec 01 §7 login_email: the identity token proves who signs in; the answer is the product's
   * own token and the user. A verified identity without a product user (its signup call was
   * lost) gets one made from the token, so nobody is locked out.
   */
  async loginEmail(body: LoginEmailDto, userAgent = ''): Promise<LoginResponseDto> {
    const identity = await this.verifier.verify(body.accessToken);
    if (identity.email !== body.username || (body.sub && body.sub !== identity.sub)) {
      throw new UnauthorizedException('The identity token does not belong to this user.');
    }
    if (this.env.IDENTITY_PROVIDER === 'local') {
      // An ID token outlives its identity: a deleted account must not come back through it.
      const local = await this.identity.findUserByEmail(identity.email);
      if (local?.id !== identity.sub) {
        throw new UnauthorizedException('The identity token is not valid. Please sign in again.');
      }
      // Global sign-out at the provider revokes the tokens issued before it, this one included.
      if (issuedBefore(identity, local.tokensValidAfter)) {
        throw signedOut();
      }
    }
    let user: User | null =
      (await this.users.findByIdentitySub(identity.sub)) ??
      (await this.users.findByEmail(identity.email));
    if (user && issuedBefore(identity, user.signedOutAt)) {
      // A product sign-out everywhere (any provider): older identity tokens log in no more.
      throw signedOut();
    }
    if (!user) {
      user = await this.users.create({
        email: identity.email,
        // The columns hold 60 characters; an address's local part may have 64, Cognito's
        // names up to 2048.
        firstName: (identity.givenName || identity.email.split('@')[0]).slice(0, 60),
        lastName: identity.familyName.slice(0, 60),
        registerType: body.registerType ?? 'email',
      });
    }
    user.identitySub = identity.sub;
    user.lastLoginAt = new Date();
    user = await this.users.save(user);
    const { session, refreshToken } = await this.sessions.start(user.id, userAgent);
    const accessToken = await this.productToken(user, session.id);
    return {
      status: 200,
      data: {
        accessToken,
        refreshToken,
        expiresIn: PRODUCT_TOKEN_TTL_SECONDS,
        user: toUserResponse(user),
      },
    };
  }

  /**
   * The next product token of a live session, and the next refresh token: the one sent is used
   * up, and sending it again ends the session (it was copied).
   */
  async refresh(refreshToken: string): Promise<RefreshSessionResponseDto> {
    const { session, refreshToken: next } = await this.sessions.rotate(refreshToken);
    // Roles may have changed since the sign-in: the token says what the user is now.
    const user = await this.users.getById(session.userId).catch(() => null);
    if (!user) {
      throw new UnauthorizedException('Your session has ended. Please log in again.');
    }
    return {
      status: 200,
      data: {
        accessToken: await this.productToken(user, session.id),
        refreshToken: next,
        expiresIn: PRODUCT_TOKEN_TTL_SECONDS,
      },
    };
  }

  /** Sign-out: this session, or (everywhere) every session of the user at once. */
  async logout(caller: AuthUser, everywhere: boolean): Promise<void> {
    if (everywhere) {
      await this.sessions.endAllOfUser(caller.id, 'global-sign-out');
    } else {
      await this.sessions.end(caller.sessionId);
    }
  }

  private productToken(user: User, sessionId: string): Promise<string> {
    return this.tokens.sign({
      sub: user.id,
      email: user.email,
      roles: user.isClinops ? ['clinops'] : ['hcp'],
      sid: sessionId,
    });
  }

  /** Spec 01 §7 signup: stores the registration payload after the identity sign-up. */
  async signup(body: SignupDto): Promise<SignupResponseDto> {
    await this.captcha.verify(body.recaptcha, body.email);
    if (
      this.env.IDENTITY_PROVIDER === 'local' &&
      !(await this.identity.findUserByEmail(body.email))
    ) {
      throw new BadRequestException('Please sign up with your e-mail and password first.');
    }
    const user = await this.users.create({
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      institution: body.institution ?? '',
      subscribe: body.subscribe ?? false,
      language: body.language ?? 'en',
      userSource: body.userSource ?? 'ancora_hcp',
      registerType: body.registerType,
      consentAt: new Date(),
      registration: {
        socialId: body.socialId ?? null,
        bookmarkId: body.bookmarkId ?? null,
        sessionId: body.sessionId ?? null,
        form: body.form ?? null,
      },
    });
    return { status: 200, message: 'User created', data: { user: toUserResponse(user) } };
  }
}
