import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** An ALTCHA v2 proof-of-work challenge, as the altcha widget expects it. */
export class AltchaChallengeDto {
  @ApiProperty({
    description: 'Algorithm, nonce, salt, cost, key prefix, expiry.',
    type: 'object',
    additionalProperties: true,
  })
  parameters: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'HMAC signature of the parameters.' })
  signature?: string;
}
