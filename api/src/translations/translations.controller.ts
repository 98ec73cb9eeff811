import { Controller, Get, Header, Param } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { SUPPORTED_LANGUAGES } from '@trialflow/contract';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { TranslationsService } from './translations.service';

@ApiTags('translations')
@Controller()
export class TranslationsController {
  constructor(private readonly translations: TranslationsService) {}

  @Get('gettranslations/:lang')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'Every string of the web app in one language, by namespace' })
  @ApiParam({ name: 'lang', enum: SUPPORTED_LANGUAGES, enumName: 'Language' })
  @ApiOkResponse({
    description: 'Namespaces (common, pages, …) of nested string keys.',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The language is not supported.' })
  getTranslations(@Param('lang') lang: string): Record<string, unknown> {
    return this.translations.get(lang);
  }
}
