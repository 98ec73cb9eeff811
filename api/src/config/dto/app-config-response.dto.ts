import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONDITION_KEYS, ConditionKey, Language, SUPPORTED_LANGUAGES } from '@trialflow/contract';
import { PartnerResponseDto } from '../../partners/dto/partner-response.dto';

export enum IdentityProviderKind {
  Local = 'local',
  Cognito = 'cognito',
}

export enum CaptchaKind {
  Altcha = 'altcha',
  Recaptcha = 'recaptcha',
}

export class CognitoSettingsDto {
  @ApiProperty({ example: 'eu-central-1' })
  region: string;

  @ApiProperty({ example: 'eu-central-1_AbC123' })
  userPoolId: string;

  @ApiProperty()
  clientId: string;

  @ApiPropertyOptional({ description: 'A Cognito-compatible endpoint instead of AWS (tests).' })
  endpoint?: string;
}

export class IdentityProviderConfigDto {
  @ApiProperty({ enum: IdentityProviderKind, enumName: 'IdentityProviderKind' })
  kind: IdentityProviderKind;

  @ApiPropertyOptional({ type: CognitoSettingsDto })
  cognito?: CognitoSettingsDto;
}

export class CaptchaConfigDto {
  @ApiProperty({ enum: CaptchaKind, enumName: 'CaptchaKind' })
  kind: CaptchaKind;

  @ApiPropertyOptional({ description: 'reCAPTCHA site key (only for recaptcha)' })
  siteKey?: string;
}

export class FeaturesDto {
  @ApiProperty({ description: 'Medical file upload on trial requests' })
  fileUpload: boolean;
}

export class AppConfigResponseDto {
  @ApiProperty({ type: IdentityProviderConfigDto })
  identityProvider: IdentityProviderConfigDto;

  @ApiProperty({ type: CaptchaConfigDto })
  captcha: CaptchaConfigDto;

  @ApiProperty({ type: FeaturesDto })
  features: FeaturesDto;

  @ApiProperty({ enum: SUPPORTED_LANGUAGES, enumName: 'Language', isArray: true })
  languages: Language[];

  @ApiProperty({ enum: SUPPORTED_LANGUAGES, enumName: 'Language' })
  defaultLanguage: Language;

  @ApiProperty({ enum: CONDITION_KEYS, enumName: 'ConditionKey', isArray: true })
  conditions: ConditionKey[];

  @ApiProperty({ example: 'ancora_hcp' })
  defaultUserSource: string;

  @ApiProperty({ type: PartnerResponseDto, isArray: true })
  partners: PartnerResponseDto[];

  @ApiProperty({ example: 'support@trialflow.local' })
  supportEmail: string;

  @ApiProperty({
    type: [String],
    example: [],
    description:
      'ISO 3166-1 alpha-2 codes of the countries whose chosen places offer the hospital ' +
      'selection (HOSPITAL_SELECTION_COUNTRIES); empty unless configured.',
  })
  hospitalSelectionCountries: string[];
}
