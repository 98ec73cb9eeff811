import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import helmet from 'helmet';
import type { Logger as PinoLogger } from 'pino';
import { AppModule } from './app.module';
import { createHttpLogger, createRootLogger, PinoNestLogger } from './common/logging/logger';
import {
  MAX_JSON_BYTES,
  noStore,
  refuseFormBodies,
  refuseUnsafeText,
  verifyJsonDepth,
} from './common/hostile-input';
import { repoRoot } from './common/repo-root';
import { compressResponses, serveWebApp } from './common/web-app';
import { createValidationPipe } from './common/validation';
import type { Env } from './config/env';
import { FACILITY_GROUP_FILE_ROUTE } from './facilities/facility-groups.controller';
import { SPEC_FILE_ROUTES } from './files/spec-files.controller';
import { buildOpenApiDocument } from './openapi';

export const API_PREFIX = 'api';

export interface CreateAppOptions {
  env: Env;
  databaseUrl: string | null;
  logger?: PinoLogger;
  /** The repository root, to find the built web app (WEB_DIST_DIR is relative to it). */
  rootDir?: string;
}

/**
 * Builds the whole configured application: the same for `npm start`, the tests and the
 * OpenAPI generator, so what is tested is what runs.
 */
export async function createApp(options: CreateAppOptions): Promise<NestExpressApplication> {
  const { env, databaseUrl } = options;
  const logger = options.logger ?? createRootLogger(env.LOG_LEVEL, false);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({ env, databaseUrl }),
    { logger: new PinoNestLogger(logger), bufferLogs: false, abortOnError: false },
  );
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.disable('x-powered-by');
  app.use(createHttpLogger(logger));
  // gzip/brotli for JSON and index.html; not the event stream nor file transfers.
  app.use(compressResponses());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Swagger UI and ALTCHA's worker need blob: and data: images; nothing is loaded
          // from a third party unless reCAPTCHA is configured.
          'img-src': ["'self'", 'data:', 'blob:'],
          'worker-src': ["'self'", 'blob:'],
          'script-src': [
            "'self'",
            ...(env.RECAPTCHA_SITE_KEY
              ? ['https://www.google.com', 'https://www.gstatic.com']
              : []),
          ],
          'frame-src': ["'self'", ...(env.RECAPTCHA_SITE_KEY ? ['https://www.google.com'] : [])],
          'connect-src': [
            "'self'",
            ...(env.IDENTITY_PROVIDER === 'cognito'
              ? [env.COGNITO_ENDPOINT ?? `https://cognito-idp.${env.COGNITO_REGION}.amazonaws.com`]
              : []),
          ],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Hostile input stops here, before class-transformer or Postgres sees it: size (413),
  // nesting depth (400, checked on the raw bytes), NUL and lone surrogates (400).
  app.use(noStore);
  // express.json directly: Nest's useBodyParser does not pass `verify` on. Form bodies are
  // refused (415) before any parser, so Nest's urlencoded parser never reads one.
  app.use(refuseFormBodies);
  app.use(express.json({ limit: MAX_JSON_BYTES, verify: verifyJsonDepth }));
  app.use(refuseUnsafeText);
  // The spec's facility file path (spec 02 §7 call 4) and its four file calls (spec 01 §7) are
  // served as they are named, without /api.
  app.setGlobalPrefix(API_PREFIX, { exclude: [FACILITY_GROUP_FILE_ROUTE, ...SPEC_FILE_ROUTES] });
  app.useGlobalPipes(createValidationPipe());

  const document = buildOpenApiDocument(app);
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, {
    jsonDocumentUrl: `${API_PREFIX}/docs-json`,
    customSiteTitle: 'Trialflow API',
    swaggerOptions: { persistAuthorization: true },
  });

  serveWebApp(app, env.WEB_DIST_DIR, options.rootDir ?? repoRoot(), API_PREFIX);
  return app;
}
