import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, Matches } from 'class-validator';

export const NAMESPACE_LIST = /^[a-z]+(,[a-z]+)*$/;

export class TranslationsQuery {
  @ApiPropertyOptional({
    example: 'pages',
    pattern: NAMESPACE_LIST.source,
    maxLength: 200,
    description:
      'Namespaces to leave out, comma-separated: the web app loads the long texts of the ' +
      'static pages (`pages`) only when one of them is opened.',
  })
  @Matches(NAMESPACE_LIST, { message: 'exclude must be namespace names separated by commas' })
  @Length(1, 200, { message: 'exclude must be 1 to 200 characters' })
  @IsString({ message: 'exclude must be one text' })
  @IsOptional()
  exclude?: string;

  @ApiPropertyOptional({
    example: 'pages',
    pattern: NAMESPACE_LIST.source,
    maxLength: 200,
    description: 'Only these namespaces, comma-separated (all when absent).',
  })
  @Matches(NAMESPACE_LIST, { message: 'only must be namespace names separated by commas' })
  @Length(1, 200, { message: 'only must be 1 to 200 characters' })
  @IsString({ message: 'only must be one text' })
  @IsOptional()
  only?: string;
}
