import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Auth } from '../common/auth/auth.decorator';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/current-user.decorator';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { RateLimit } from '../common/rate-limit.decorator';
import { AuthService } from './auth.service';
import {
  LoginEmailDto,
  LoginResponseDto,
  LogoutSessionDto,
  RefreshSessionDto,
  RefreshSessionResponseDto,
  SignupDto,
  SignupResponseDto,
} from './dto/auth.dto';

@ApiTags('auth')
@RateLimit('identity')
@Controller('hcp')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login_email')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange an identity-provider ID token for the product token and the user',
    description:
      'Starts a server-side session: a 15-minute product token and a refresh token. An ID ' +
      'token issued before the last global sign-out is refused.',
  })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({
    type: ErrorResponseDto,
    description: 'The identity token is not valid, or was issued before the last sign-out.',
  })
  loginEmail(@Body() body: LoginEmailDto, @Req() req: Request): Promise<LoginResponseDto> {
    // Kept on the session row so a user can tell their devices apart.
    return this.auth.loginEmail(body, req.headers['user-agent'] ?? '');
  }

  @Post('refresh_token')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Trade the refresh token for a new product token and the next refresh token',
    description:
      'Each refresh token works once. Sending a used one ends the session on every device ' +
      'that holds it (a copied token).',
  })
  @ApiOkResponse({ type: RefreshSessionResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({
    type: ErrorResponseDto,
    description: 'The session has ended (signed out, expired, or the token was used before).',
  })
  refreshSession(@Body() body: RefreshSessionDto): Promise<RefreshSessionResponseDto> {
    return this.auth.refresh(body.refreshToken);
  }

  @Post('logout')
  @HttpCode(204)
  @Auth()
  @ApiOperation({
    summary: 'End this session, or every session of the user (everywhere: true)',
    description:
      'The product tokens of an ended session stop working at their next request; after ' +
      'everywhere: true, identity tokens issued before it no longer log in.',
  })
  @ApiNoContentResponse()
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async logoutSession(
    @CurrentUser() caller: AuthUser,
    @Body() body: LogoutSessionDto,
  ): Promise<void> {
    await this.auth.logout(caller, body.everywhere ?? false);
  }

  @Post('signup')
  @HttpCode(200)
  @ApiOperation({ summary: 'Store the registration of a new user (after the identity sign-up)' })
  @ApiOkResponse({ type: SignupResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Invalid input or captcha.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'User already exists.' })
  signup(@Body() body: SignupDto): Promise<SignupResponseDto> {
    return this.auth.signup(body);
  }
}
