import { BadRequestException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { CaptchaService } from '../captcha/captcha.service';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { IdentityService } from '../identity/identity.service';
import { toUserResponse } from '../users/dto/user-response.dto';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import type { LoginEmailDto, LoginResponseDto, SignupDto, SignupResponseDto } from './dto/auth.dto';
import { IdentityTokenVerifier } from './identity-token-verifier';
import { ProductTokenService } from './product-token.service';

@Injectable()
export class AuthService {
  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly verifier: IdentityTokenVerifier,
    private readonly tokens: ProductTokenService,
    private readonly users: UsersService,
    private readonly identity: IdentityService,
    private readonly captcha: CaptchaService,
  ) {}

  /**
   * Spec 01 §7 login_email: the identity token proves who signs in; the answer is the product's
   * own token and the user. A verified identity without a product user (its signup call was
   * lost) gets one made from the token, so nobody is locked out.
   */
  async loginEmail(body: LoginEmailDto): Promise<LoginResponseDto> {
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
    }
    let user: User | null =
      (await this.users.findByIdentitySub(identity.sub)) ??
      (await this.users.findByEmail(identity.email));
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
    const accessToken = await this.tokens.sign({
      sub: user.id,
      email: user.email,
      roles: user.isClinops ? ['clinops'] : ['hcp'],
    });
    return { status: 200, data: { accessToken, user: toUserResponse(user) } };
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
