import { Injectable, NotFoundException } from '@nestjs/common';
import { Language, SUPPORTED_LANGUAGES } from '@trialflow/contract';
import { LOCALES } from './locales';

@Injectable()
export class TranslationsService {
  get(lang: string): Record<string, unknown> {
    const normalized = lang.trim().toLowerCase();
    if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(normalized)) {
      throw new NotFoundException(
        `Language '${lang.slice(0, 16)}' is not supported. Supported languages: ${SUPPORTED_LANGUAGES.join(', ')}.`,
      );
    }
    return LOCALES[normalized as Language];
  }
}
