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
  documentEdgeStatuses(document);
  return sortKeys(document);
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

const errorResponse = (description: string) => ({
  description,
  content: {
    'application/json': { schema: { $ref: '#/components/schemas/ErrorResponseDto' } },
  },
});

/**
 * Statuses the edge of the API answers before any controller runs (app.ts: hostile-input.ts,
 * the body parser, the router), added to every operation they can reach so that a client
 * generated from the document knows them.
 */
export function documentEdgeStatuses(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) {
        continue;
      }
      const responses = operation.responses;
      responses['400'] ??= errorResponse(
        'A parameter or body field that is not valid, holds a NUL or an unpaired surrogate ' +
          '(errors: field → invalidCharacters), or a body nested deeper than 32 levels.',
      );
      const hasPathParameter = (operation.parameters ?? []).some(
        (p) => 'in' in p && p.in === 'path',
      );
      if (hasPathParameter) {
        responses['404'] ??= errorResponse('Nothing of that id (or not visible to the caller).');
      }
      if (!operation.operationId?.startsWith('getHealth')) {
        responses['429'] ??= errorResponse(
          'Too many requests from this address (RATE_LIMIT_PER_ADDRESS per window): wait the ' +
            'seconds in the Retry-After header.',
        );
      }
      if (operation.requestBody) {
        responses['413'] ??= errorResponse('The request body is over 1 MB.');
        responses['415'] ??= errorResponse(
          'The body was sent as a form or plain text: send application/json.',
        );
      }
    }
  }
}
