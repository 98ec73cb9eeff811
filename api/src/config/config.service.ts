import { Inject, Injectable } from '@nestjs/common';
import { CONDITION_KEYS, DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '@trialflow/contract';
import { toPartnerResponse } from '../partners/dto/partner-response.dto';
import { PartnersService } from '../partners/partners.service';
import {
  AppConfigResponseDto,
  CaptchaKind,
  IdentityProviderKind,
} from './dto/app-config-response.dto';
import type { Env } from './env';
import { ENV } from './env.token';

@Injectable()
export class AppConfigService {
  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly partners: PartnersService,
  ) {}

  /** What the web app needs at run time, so one build serves every site. No secrets. */
  async getRuntimeConfig(): Promise<AppConfigResponseDto> {
    const env = this.env;
    const partners = await this.partners.list();
    const defaultPartner = partners.find((p) => p.isDefault);
    const useRecaptcha = Boolean(env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY);
    return {
      identityProvider:
        env.IDENTITY_PROVIDER === 'cognito'
          ? {
              kind: IdentityProviderKind.Cognito,
              cognito: {
                region: env.COGNITO_REGION,
                userPoolId: env.COGNITO_USER_POOL_ID ?? '',
                clientId: env.COGNITO_CLIENT_ID ?? '',
                ...(env.COGNITO_ENDPOINT ? { endpoint: env.COGNITO_ENDPOINT } : {}),
              },
            }
          : { kind: IdentityProviderKind.Local },
      captcha: useRecaptcha
        ? { kind: CaptchaKind.Recaptcha, siteKey: env.RECAPTCHA_SITE_KEY }
        : { kind: CaptchaKind.Altcha },
      features: { fileUpload: env.FEATURE_FILE_UPLOAD },
      languages: [...SUPPORTED_LANGUAGES],
      defaultLanguage: DEFAULT_LANGUAGE,
      conditions: [...CONDITION_KEYS],
      defaultUserSource: defaultPartner?.userSource ?? 'ancora_hcp',
      partners: partners.map(toPartnerResponse),
      supportEmail: env.SUPPORT_EMAIL,
      hospitalSelectionCountries: [...env.HOSPITAL_SELECTION_COUNTRIES],
    };
  }
}
