import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { SESSION_ID, SESSION_ID_MESSAGE } from './questionnaire.dto';

export class GetQuestionnaireQuery {
  @ApiPropertyOptional({
    example: '6f1c2d4e-5b6a-4c3d-8e7f-0a1b2c3d4e5f',
    pattern: SESSION_ID.source,
    description: "The visitor's session id; required without a bearer token, ignored with one.",
  })
  @Matches(SESSION_ID, { message: SESSION_ID_MESSAGE })
  @IsString({ message: SESSION_ID_MESSAGE })
  @IsOptional()
  sessionId?: string;
}
