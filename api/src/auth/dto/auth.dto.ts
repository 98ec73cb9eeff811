import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  Equals,
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { SUPPORTED_LANGUAGES, ALPHANUMERIC, FULL_NAME, TEXT_MAX } from '@trialflow/contract';
import { UserResponseDto } from '../../users/dto/user-response.dto';
import { trim, trimLower } from '../../common/transforms';

/** Spec 01 §7 login_email. */
export class LoginEmailDto {
  @ApiPropertyOptional({ example: 'email' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  registerType?: string;

  @ApiProperty({ description: 'The e-mail, lowercased.', example: 'dr.meyer@hospital.example' })
  @Transform(trimLower)
  @IsEmail({}, { message: 'Invalid email address!' })
  @MaxLength(254)
  @IsNotEmpty({ message: 'Username cannot be empty' })
  username: string;

  @ApiProperty({ description: "The identity provider's ID token." })
  @IsString()
  @MaxLength(8192)
  @IsNotEmpty()
  accessToken: string;

  @ApiPropertyOptional({ description: "The identity's sub; must match the token's." })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  sub?: string;
}

/** Spec 01 §3 Registration payload. */
export class SignupDto {
  @ApiProperty({ example: 'email' })
  @IsString()
  @MaxLength(32)
  @IsNotEmpty()
  registerType: string;

  @ApiProperty({ maxLength: TEXT_MAX })
  @Transform(trim)
  @IsString()
  @Matches(FULL_NAME, { message: "Input can only be a letter of an alphabet or a '.'." })
  @MaxLength(TEXT_MAX, { message: 'Input must have less than 60 characters.' })
  @IsNotEmpty({ message: 'First name is required.' })
  firstName: string;

  @ApiProperty({ maxLength: TEXT_MAX })
  @Transform(trim)
  @IsString()
  @Matches(FULL_NAME, { message: "Input can only be a letter of an alphabet or a '.'." })
  @MaxLength(TEXT_MAX, { message: 'Input must have less than 60 characters.' })
  @IsNotEmpty({ message: 'Last name is required.' })
  lastName: string;

  @ApiProperty()
  @Transform(trimLower)
  @IsEmail({}, { message: 'Invalid email address!' })
  @MaxLength(254)
  @IsNotEmpty({ message: 'Username cannot be empty' })
  email: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  subscribe?: boolean;

  @ApiProperty({ description: 'The solved captcha: the ALTCHA payload, or the reCAPTCHA token.' })
  @IsString()
  @MaxLength(8192)
  @IsNotEmpty({ message: 'Please solve the captcha.' })
  recaptcha: string;

  @ApiProperty({ description: 'Registration needs consent (spec 01 §5).' })
  @Equals(true, { message: 'Please agree to our consent before confirming.' })
  consent: boolean;

  @ApiPropertyOptional({ description: 'Not needed: the identity is not confirmed yet at signup.' })
  @IsOptional()
  @IsString()
  @MaxLength(8192)
  accessToken?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(128)
  socialId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(128)
  bookmarkId?: string;

  @ApiPropertyOptional({ enum: SUPPORTED_LANGUAGES, enumName: 'Language' })
  @IsOptional()
  @IsIn(SUPPORTED_LANGUAGES)
  language?: (typeof SUPPORTED_LANGUAGES)[number];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'A questionnaire in progress.',
  })
  @IsOptional()
  @IsObject()
  form?: Record<string, unknown>;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  sessionId?: string;

  @ApiPropertyOptional({ maxLength: TEXT_MAX })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Matches(ALPHANUMERIC, { message: 'Input can only be a letter of an alphabet or a number.' })
  @MaxLength(TEXT_MAX, { message: 'Input must have less than 60 characters.' })
  institution?: string;

  @ApiPropertyOptional({ example: 'ancora_hcp' })
  @IsOptional()
  @Matches(/^[a-z0-9_-]{1,64}$/)
  userSource?: string;
}

export class LoginDataDto {
  @ApiProperty({
    description: 'The product access token (15 minutes): send it as Bearer on every call.',
  })
  accessToken: string;

  @ApiProperty({
    description:
      'Trades for the next access token at POST /api/hcp/refresh_token; each use gives a new one, ' +
      'and using one twice ends the session.',
  })
  refreshToken: string;

  @ApiProperty({ description: 'Seconds the access token lives.', example: 900 })
  expiresIn: number;

  @ApiProperty({ type: UserResponseDto })
  user: UserResponseDto;
}

export class LoginResponseDto {
  @ApiProperty({ example: 200 })
  status: number;

  @ApiProperty({ type: LoginDataDto })
  data: LoginDataDto;
}

export class SignupDataDto {
  @ApiProperty({ type: UserResponseDto })
  user: UserResponseDto;
}

export class SignupResponseDto {
  @ApiProperty({ example: 200 })
  status: number;

  @ApiProperty({ example: 'User created' })
  message: string;

  @ApiProperty({ type: SignupDataDto })
  data: SignupDataDto;
}

/** The refresh token of a product session (login_email gave the first one). */
export class RefreshSessionDto {
  @ApiProperty({ description: 'The newest refresh token of the session.' })
  @IsString()
  @MaxLength(200)
  @IsNotEmpty()
  refreshToken: string;
}

export class SessionTokensDto {
  @ApiProperty({ description: 'The new product access token (15 minutes).' })
  accessToken: string;

  @ApiProperty({ description: 'The next refresh token; the one sent is used up.' })
  refreshToken: string;

  @ApiProperty({ description: 'Seconds the access token lives.', example: 900 })
  expiresIn: number;
}

export class RefreshSessionResponseDto {
  @ApiProperty({ example: 200 })
  status: number;

  @ApiProperty({ type: SessionTokensDto })
  data: SessionTokensDto;
}

export class LogoutSessionDto {
  @ApiPropertyOptional({
    description: 'true: end every session of the user (all devices), not only this one.',
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  everywhere?: boolean;
}
