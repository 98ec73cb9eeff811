import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { version } from '../package.json';
import { ErrorResponseDto } from './common/dto/error-response.dto';

/** Recursively sorts object keys so the committed openapi.json is stable. */
export function sortKeys<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map((v: unknown) => sortKeys(v)) as T;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    ) as T;
  }
  return value;
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Trialflow API')
    .setDescription(
      'Clinical-trial search and referral for oncology. Every error answers with ErrorResponseDto.',
    )
    .setVersion(version)
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'The product token from /api/hcp/login_email.',
      },
      'bearer',
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: "The built-in identity provider's access token.",
      },
      'identity',
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controllerKey: string, methodKey: string) => methodKey,
    extraModels: [ErrorResponseDto],
  });
  return sortKeys(document);
}
