import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { SUPPORTED_LANGUAGES } from '@trialflow/contract';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { TranslationsQuery } from './dto/translations-query.dto';
import { TranslationsService } from './translations.service';

@ApiTags('translations')
@Controller()
export class TranslationsController {
  constructor(private readonly translations: TranslationsService) {}

  @Get('gettranslations/:lang')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({
    summary: 'The strings of the web app in one language, by namespace (all, or some)',
  })
  @ApiParam({ name: 'lang', enum: SUPPORTED_LANGUAGES, enumName: 'Language' })
  @ApiOkResponse({
    description: 'Namespaces (common, pages, …) of nested string keys.',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The language is not supported.' })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: '`exclude` or `only` is malformed or names an unknown namespace.',
  })
  getTranslations(
    @Param('lang') lang: string,
    @Query() query: TranslationsQuery,
  ): Record<string, unknown> {
    return this.translations.get(lang, query);
  }
}
