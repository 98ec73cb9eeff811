import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

export class GetPartnerParams {
  @ApiProperty({ example: 'ancora_hcp', pattern: '^[a-z0-9_-]{1,64}$' })
  @Matches(/^[a-z0-9_-]{1,64}$/)
  userSource: string;
}
