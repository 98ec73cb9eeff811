import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  Equals,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { PASSWORD_MAX_LENGTH, SUPPORTED_LANGUAGES } from '@trialflow/contract';
import { trim, trimLower } from '../../common/transforms';

export class EmailDto {
  @ApiProperty({ example: 'dr.meyer@hospital.example' })
  @Transform(trimLower)
  @IsEmail({}, { message: 'Invalid email address format.' })
  @MaxLength(254)
  @IsNotEmpty({ message: 'Username cannot be empty' })
  email: string;
}

export class SignUpDto extends EmailDto {
  @ApiProperty({
    description:
      'The solved captcha (ALTCHA payload or reCAPTCHA token); the same one goes to /api/hcp/signup.',
  })
  @IsString()
  @MaxLength(8192)
  @IsNotEmpty({ message: 'Please solve the captcha.' })
  captcha: string;

  @ApiProperty({ minLength: 1, description: 'More than 8 characters.' })
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsNotEmpty({ message: 'Password cannot be empty' })
  password: string;

  @ApiPropertyOptional({ maxLength: 60 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(60)
  firstName?: string;

  @ApiPropertyOptional({ maxLength: 60 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(60)
  lastName?: string;

  @ApiPropertyOptional({
    enum: SUPPORTED_LANGUAGES,
    enumName: 'Language',
    description: 'Language of the e-mails.',
  })
  @IsOptional()
  @IsIn(SUPPORTED_LANGUAGES)
  language?: (typeof SUPPORTED_LANGUAGES)[number];
}

export class ConfirmSignUpDto extends EmailDto {
  @ApiProperty({ example: '123456' })
  @Transform(trim)
  @IsString()
  @Matches(/^\d{6}$/, { message: 'Invalid verification code provided, please try again.' })
  // Rules run from the property upwards: the empty check first.
  @IsNotEmpty({ message: 'Confirmation code cannot be empty' })
  code: string;
}

export class ResendCodeDto extends EmailDto {
  @ApiPropertyOptional({ enum: SUPPORTED_LANGUAGES, enumName: 'Language' })
  @IsOptional()
  @IsIn(SUPPORTED_LANGUAGES)
  language?: (typeof SUPPORTED_LANGUAGES)[number];
}

export class SignInDto extends EmailDto {
  @ApiProperty()
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsNotEmpty({ message: 'Password cannot be empty' })
  password: string;
}

export class RespondToChallengeDto extends EmailDto {
  @ApiProperty({ enum: ['NEW_PASSWORD_REQUIRED'] })
  @Equals('NEW_PASSWORD_REQUIRED', { message: 'Invalid challenge name' })
  challengeName: 'NEW_PASSWORD_REQUIRED';

  @ApiProperty({ description: 'The session from the sign-in answer.' })
  @IsString()
  @IsNotEmpty({ message: 'Challenge response cannot be empty' })
  session: string;

  @ApiProperty()
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsNotEmpty({ message: 'New password is required.' })
  newPassword: string;
}

export class ForgotPasswordDto extends ResendCodeDto {}

export class ConfirmForgotPasswordDto extends ConfirmSignUpDto {
  @ApiProperty()
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsNotEmpty({ message: 'Password cannot be empty' })
  password: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsNotEmpty({ message: 'Password cannot be empty' })
  previousPassword: string;

  @ApiProperty()
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsNotEmpty({ message: 'New password is required.' })
  proposedPassword: string;
}

export class RefreshTokenDto {
  @ApiProperty()
  @IsString()
  @MaxLength(512)
  @IsNotEmpty({ message: 'Refresh token cannot be empty' })
  refreshToken: string;
}

export class CodeDeliveryDetailsDto {
  @ApiProperty({ example: 'd***@h***.example' })
  destination: string;

  @ApiProperty({ enum: ['EMAIL'] })
  deliveryMedium: 'EMAIL';

  @ApiProperty({ enum: ['email'] })
  attributeName: 'email';
}

export class SignUpResponseDto {
  @ApiProperty({ description: 'The new identity (the sub of its tokens).' })
  userSub: string;

  @ApiProperty()
  userConfirmed: boolean;

  @ApiProperty({ type: CodeDeliveryDetailsDto })
  codeDeliveryDetails: CodeDeliveryDetailsDto;
}

export class AuthTokensDto {
  @ApiProperty({ description: 'OpenID ID token (RS256); send it to /api/hcp/login_email.' })
  idToken: string;

  @ApiProperty({ description: 'Access token for the /api/identity calls.' })
  accessToken: string;

  @ApiProperty({
    description:
      'The refresh token. A refresh answers the next one and the one sent is used up: sent ' +
      'again, it signs the identity out everywhere (a copied token).',
  })
  refreshToken: string;

  @ApiProperty({ example: 3600 })
  expiresIn: number;

  @ApiProperty({ example: 'Bearer' })
  tokenType: 'Bearer';
}

export class SignInResponseDto {
  @ApiPropertyOptional({ type: AuthTokensDto })
  tokens?: AuthTokensDto;

  @ApiPropertyOptional({ enum: ['NEW_PASSWORD_REQUIRED'], enumName: 'IdentityChallengeName' })
  challengeName?: 'NEW_PASSWORD_REQUIRED';

  @ApiPropertyOptional({ description: 'Pass back with the challenge answer.' })
  session?: string;
}

export class IdentityOkDto {
  @ApiProperty({ example: true })
  ok: true;
}

export class IdentityUserDto {
  @ApiProperty()
  sub: string;

  @ApiProperty()
  email: string;

  @ApiProperty()
  email_verified: boolean;

  @ApiProperty()
  given_name: string;

  @ApiProperty()
  family_name: string;

  @ApiProperty({ enum: SUPPORTED_LANGUAGES, enumName: 'Language' })
  locale: string;
}

export class JwksDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: { type: 'string' } },
  })
  keys: Record<string, string>[];
}

export class OpenIdConfigurationDto {
  @ApiProperty()
  issuer: string;

  @ApiProperty()
  jwks_uri: string;

  @ApiProperty()
  token_endpoint: string;

  @ApiProperty({ type: [String] })
  id_token_signing_alg_values_supported: string[];

  @ApiProperty({ type: [String] })
  response_types_supported: string[];

  @ApiProperty({ type: [String] })
  subject_types_supported: string[];

  @ApiProperty({ type: [String] })
  claims_supported: string[];
}
