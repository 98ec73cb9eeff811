import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CaptchaModule } from '../captcha/captcha.module';
import { SessionsModule } from '../sessions/sessions.module';
import { IdentityCode } from './identity-code.entity';
import { IdentityRefreshToken } from './identity-refresh-token.entity';
import { IdentitySignInFailure } from './identity-sign-in-failure.entity';
import { IdentityTokensService } from './identity-tokens.service';
import { IdentityUser } from './identity-user.entity';
import { IdentityController } from './identity.controller';
import { IdentityRepository } from './identity.repository';
import { IdentityService } from './identity.service';
import { WellKnownController } from './well-known.controller';

/**
 * The built-in identity provider. Its routes exist in both modes (the OpenAPI document is one),
 * but with IDENTITY_PROVIDER=cognito the web app never calls them and login_email accepts only
 * Cognito's tokens.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      IdentityUser,
      IdentityCode,
      IdentityRefreshToken,
      IdentitySignInFailure,
    ]),
    CaptchaModule,
    SessionsModule,
  ],
  controllers: [IdentityController, WellKnownController],
  providers: [IdentityRepository, IdentityService, IdentityTokensService],
  exports: [IdentityService],
})
export class IdentityModule {}
