import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The one error body every failing call answers with. */
export class ErrorResponseDto {
  @ApiProperty({ example: 400 })
  statusCode: number;

  @ApiProperty({ example: 'Validation failed' })
  message: string;

  @ApiPropertyOptional({
    description:
      'Field path → machine code of the first failed rule (e.g. isEmail, isNotEmpty, whitelistValidation); the web app translates the code.',
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { email: 'isEmail' },
  })
  errors?: Record<string, string>;

  @ApiPropertyOptional({
    description:
      "Identity errors: the provider's exception name (e.g. UserNotConfirmedException), as Cognito names it.",
    example: 'UserNotConfirmedException',
  })
  code?: string;

  @ApiPropertyOptional({
    description: 'The request id, also in the X-Request-Id header and the server log.',
    example: '9f1c2d4e-5b6a-4c3d-8e7f-0a1b2c3d4e5f',
  })
  requestId?: string;
}
