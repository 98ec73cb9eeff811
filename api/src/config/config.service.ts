import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CONDITION_KEYS, DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '@trialflow/contract';
import { ACCEPTED_FILE_KINDS, MAX_FILES_PER_UPLOAD } from '../common/file-limits';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { toPartnerResponse } from '../partners/dto/partner-response.dto';
import { PartnersService } from '../partners/partners.service';
import {
  AppConfigResponseDto,
  CaptchaKind,
  IdentityProviderKind,
} from './dto/app-config-response.dto';
import type { Env } from './env';
import { ENV } from './env.token';

/** How long GET /api/config waits for the database before it answers its last good copy. */
export const CONFIG_DATABASE_WAIT_MS = 2_000;

@Injectable()
export class AppConfigService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AppConfigService.name);
  /** The last answer built from the database: served while the database is unreachable. */
  private lastGood: AppConfigResponseDto | null = null;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly partners: PartnersService,
  ) {}

  /** Builds the first good copy at start, so an outage right after it is covered too. */
  async onApplicationBootstrap(): Promise<void> {
    await this.getRuntimeConfig().catch(() => undefined);
  }

  /**
   * What the web app needs at run time, so one build serves every site. No secrets. Without
   * it the web app cannot start, so a database outage answers the last good copy (partners
   * rarely change) instead of an error; a database that hangs is waited for briefly.
   */
  async getRuntimeConfig(): Promise<AppConfigResponseDto> {
    const fresh = this.build();
    const copy = this.lastGood;
    if (!copy) {
      return (this.lastGood = await fresh);
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), CONFIG_DATABASE_WAIT_MS);
    });
    try {
      const built = await Promise.race([fresh, waited]);
      if (built) {
        this.lastGood = built;
        return built;
      }
      // Too slow: the copy now; the build still updates it when it completes.
      fresh.then((b) => (this.lastGood = b)).catch(() => undefined);
      this.logger.warn('The database is slow; answering the last good configuration');
      return copy;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        // A fault, not an outage (e.g. a missing table): say so, do not hide it.
        throw error;
      }
      this.logger.warn(
        `The database is unavailable (${(error as { code?: string }).code ?? 'error'}); answering the last good configuration`,
      );
      return copy;
    } finally {
      clearTimeout(timer);
    }
  }

  private async build(): Promise<AppConfigResponseDto> {
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
      files: {
        maxFiles: MAX_FILES_PER_UPLOAD,
        maxUploadBytes: env.FILES_MAX_UPLOAD_BYTES,
        acceptedTypes: [...ACCEPTED_FILE_KINDS],
      },
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
