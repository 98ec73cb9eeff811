import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { ConfigModule } from './config/config.module';
import type { Env } from './config/env';
import { dataSourceOptions } from './database/data-source-options';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { CaptchaModule } from './captcha/captcha.module';
import { EventsModule } from './events/events.module';
import { FacilitiesModule } from './facilities/facilities.module';
import { FilesModule } from './files/files.module';
import { FacilityProgressModule } from './facility-progress/facility-progress.module';
import { HealthModule } from './health/health.module';
import { IdentityModule } from './identity/identity.module';
import { MailModule } from './mail/mail.module';
import { NotificationsModule } from './notifications/notifications.module';
import { PartnersModule } from './partners/partners.module';
import { PlacesModule } from './places/places.module';
import { ProgressModule } from './progress/progress.module';
import { QuestionnaireModule } from './questionnaire/questionnaire.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { SigningKeysModule } from './signing-keys/signing-keys.module';
import { TranslationsModule } from './translations/translations.module';
import { TrialsModule } from './trials/trials.module';
import { UsersModule } from './users/users.module';

export interface AppModuleOptions {
  env: Env;
  /** The database to use; null builds the app without connecting (OpenAPI generation). */
  databaseUrl: string | null;
}

@Module({})
export class AppModule {
  static forRoot({ env, databaseUrl }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(
            databaseUrl ?? 'postgres://unused@127.0.0.1:1/unused',
            env.DATABASE_SSL,
          ),
          migrationsRun: databaseUrl !== null && env.RUN_MIGRATIONS,
          manualInitialization: databaseUrl === null,
          retryAttempts: 3,
          retryDelay: 1000,
        }),
        // First, so that its guard counts a request before any other guard refuses it.
        RateLimitModule,
        SigningKeysModule,
        MailModule,
        HealthModule,
        TranslationsModule,
        PartnersModule,
        CaptchaModule,
        IdentityModule,
        UsersModule,
        AuthModule,
        FacilitiesModule,
        TrialsModule,
        PlacesModule,
        QuestionnaireModule,
        AuditModule,
        EventsModule,
        ProgressModule,
        FacilityProgressModule,
        NotificationsModule,
        FilesModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
