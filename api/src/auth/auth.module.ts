import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { CaptchaModule } from '../captcha/captcha.module';
import { IdentityModule } from '../identity/identity.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { GlobalAuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { IdentityTokenVerifier } from './identity-token-verifier';
import { JwtStrategy } from './jwt.strategy';
import { ProductTokenService } from './product-token.service';

@Module({
  imports: [PassportModule, IdentityModule, UsersModule, CaptchaModule, SessionsModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    IdentityTokenVerifier,
    ProductTokenService,
    JwtStrategy,
    { provide: APP_GUARD, useClass: GlobalAuthGuard },
  ],
  exports: [ProductTokenService],
})
export class AuthModule {}
