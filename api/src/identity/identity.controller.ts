import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CaptchaService } from '../captcha/captcha.service';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { ClientIp } from '../common/client-ip.decorator';
import { RateLimit } from '../common/rate-limit.decorator';
import {
  AuthTokensDto,
  ChangePasswordDto,
  CodeDeliveryDetailsDto,
  ConfirmForgotPasswordDto,
  ConfirmSignUpDto,
  ForgotPasswordDto,
  IdentityOkDto,
  IdentityUserDto,
  RefreshTokenDto,
  ResendCodeDto,
  RespondToChallengeDto,
  SignInDto,
  SignInResponseDto,
  SignUpDto,
  SignUpResponseDto,
} from './dto/identity.dto';
import {
  IdentityAccessToken,
  IdentityAuth,
  LocalIdentityEnabledGuard,
} from './identity-access-token';
import { IdentityService } from './identity.service';

const OK: IdentityOkDto = { ok: true };

/** The built-in identity provider (IDENTITY_PROVIDER=local). */
@ApiTags('identity')
@ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Missing or malformed input.' })
@UseGuards(LocalIdentityEnabledGuard)
@RateLimit('identity')
@Controller('identity')
export class IdentityController {
  constructor(
    private readonly identity: IdentityService,
    private readonly captcha: CaptchaService,
  ) {}

  @Post('sign-up')
  @ApiOperation({ summary: 'Create an identity; a confirmation code is e-mailed' })
  @ApiOkResponse({ type: SignUpResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'UsernameExistsException' })
  @HttpCode(200)
  async identitySignUp(@Body() body: SignUpDto): Promise<SignUpResponseDto> {
    // Sign-up sends e-mails: only after a solved captcha.
    await this.captcha.verify(body.captcha, body.email, 'captcha');
    return this.identity.signUp(body);
  }

  @Post('confirm-sign-up')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm the e-mail address with the code' })
  @ApiOkResponse({ type: IdentityOkDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'UserNotFoundException' })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description: 'LimitExceededException, or too many requests (Retry-After header).',
  })
  async identityConfirmSignUp(@Body() body: ConfirmSignUpDto): Promise<IdentityOkDto> {
    await this.identity.confirmSignUp(body.email, body.code);
    return OK;
  }

  @Post('resend-confirmation-code')
  @HttpCode(200)
  @ApiOperation({ summary: 'E-mail a new confirmation code' })
  @ApiOkResponse({ type: CodeDeliveryDetailsDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'UserNotFoundException' })
  identityResendConfirmationCode(@Body() body: ResendCodeDto): Promise<CodeDeliveryDetailsDto> {
    return this.identity.resendConfirmationCode(body.email, body.language);
  }

  @Post('sign-in')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in with e-mail and password',
    description:
      'Answers tokens, or a NEW_PASSWORD_REQUIRED challenge for an account made by an administrator.',
  })
  @ApiOkResponse({ type: SignInResponseDto })
  @ApiUnauthorizedResponse({
    type: ErrorResponseDto,
    description: 'Incorrect username or password.',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'User is not confirmed.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'User does not exist.' })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description:
      'Password attempts exceeded (this account from this address, or the account from all ' +
      'addresses), or too many requests (Retry-After header).',
  })
  identitySignIn(@Body() body: SignInDto, @ClientIp() ip: string): Promise<SignInResponseDto> {
    return this.identity.signIn(body.email, body.password, ip);
  }

  @Post('respond-to-challenge')
  @HttpCode(200)
  @ApiOperation({ summary: 'Answer the NEW_PASSWORD_REQUIRED challenge' })
  @ApiOkResponse({ type: SignInResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Invalid or expired session.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'UserNotFoundException' })
  identityRespondToChallenge(@Body() body: RespondToChallengeDto): Promise<SignInResponseDto> {
    return this.identity.respondToNewPasswordChallenge(body.email, body.session, body.newPassword);
  }

  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'E-mail a password reset code' })
  @ApiOkResponse({ type: CodeDeliveryDetailsDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'UserNotFoundException' })
  identityForgotPassword(@Body() body: ForgotPasswordDto): Promise<CodeDeliveryDetailsDto> {
    return this.identity.forgotPassword(body.email, body.language);
  }

  @Post('confirm-forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with the reset code' })
  @ApiOkResponse({ type: IdentityOkDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'UserNotFoundException' })
  async identityConfirmForgotPassword(
    @Body() body: ConfirmForgotPasswordDto,
  ): Promise<IdentityOkDto> {
    await this.identity.confirmForgotPassword(body.email, body.code, body.password);
    return OK;
  }

  @Post('change-password')
  @HttpCode(200)
  @IdentityAuth()
  @ApiOperation({ summary: "Change the signed-in user's password" })
  @ApiOkResponse({ type: IdentityOkDto })
  async identityChangePassword(
    @IdentityAccessToken() token: string,
    @Body() body: ChangePasswordDto,
    @ClientIp() ip: string,
  ): Promise<IdentityOkDto> {
    await this.identity.changePassword(token, body.previousPassword, body.proposedPassword, ip);
    return OK;
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'New ID and access tokens from a refresh token' })
  @ApiOkResponse({ type: AuthTokensDto })
  @ApiUnauthorizedResponse({
    type: ErrorResponseDto,
    description: 'Refresh Token has been revoked / has expired',
  })
  identityRefresh(@Body() body: RefreshTokenDto): Promise<AuthTokensDto> {
    return this.identity.refresh(body.refreshToken);
  }

  @Post('revoke-token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke one refresh token (sign-out on this device)' })
  @ApiOkResponse({ type: IdentityOkDto })
  async identityRevokeToken(@Body() body: RefreshTokenDto): Promise<IdentityOkDto> {
    await this.identity.revokeRefreshToken(body.refreshToken);
    return OK;
  }

  @Post('global-sign-out')
  @HttpCode(200)
  @IdentityAuth()
  @ApiOperation({ summary: "Revoke all of the user's tokens on every device" })
  @ApiOkResponse({ type: IdentityOkDto })
  async identityGlobalSignOut(@IdentityAccessToken() token: string): Promise<IdentityOkDto> {
    await this.identity.globalSignOut(token);
    return OK;
  }

  @Get('user')
  @IdentityAuth()
  @ApiOperation({ summary: "The signed-in user's attributes" })
  @ApiOkResponse({ type: IdentityUserDto })
  async identityGetUser(@IdentityAccessToken() token: string): Promise<IdentityUserDto> {
    const user = await this.identity.getUser(token);
    return {
      sub: user.id,
      email: user.email,
      email_verified: user.status !== 'UNCONFIRMED',
      given_name: user.givenName,
      family_name: user.familyName,
      locale: user.locale,
    };
  }

  @Delete('user')
  @HttpCode(204)
  @IdentityAuth()
  @ApiOperation({ summary: "Delete the signed-in user's identity" })
  @ApiNoContentResponse()
  async identityDeleteUser(@IdentityAccessToken() token: string): Promise<void> {
    await this.identity.deleteOwnUser(token);
  }
}
