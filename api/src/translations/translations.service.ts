import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { Language, SUPPORTED_LANGUAGES } from '@trialflow/contract';
import { TranslationsQuery } from './dto/translations-query.dto';
import { LOCALES } from './locales';

@Injectable()
export class TranslationsService {
  get(lang: string, query: TranslationsQuery = {}): Record<string, unknown> {
    const normalized = lang.trim().toLowerCase();
    if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(normalized)) {
      throw new NotFoundException(
        `Language '${lang.slice(0, 16)}' is not supported. Supported languages: ${SUPPORTED_LANGUAGES.join(', ')}.`,
      );
    }
    const all = LOCALES[normalized as Language];
    const exclude = this.namespaces(all, 'exclude', query.exclude);
    const only = this.namespaces(all, 'only', query.only);
    if (!exclude && !only) {
      return all;
    }
    return Object.fromEntries(
      Object.entries(all).filter(
        ([namespace]) => !exclude?.includes(namespace) && (!only || only.includes(namespace)),
      ),
    );
  }

  /** The names of a comma-separated list; 400 naming the field for one that does not exist. */
  private namespaces(
    all: Record<string, unknown>,
    field: 'exclude' | 'only',
    list: string | undefined,
  ): string[] | null {
    if (list === undefined) {
      return null;
    }
    const names = list.split(',');
    const unknown = names.filter((name) => !Object.hasOwn(all, name));
    if (unknown.length > 0) {
      throw new BadRequestException({
        statusCode: 400,
        message: `${field} names unknown namespaces: ${unknown.join(', ').slice(0, 100)}`,
        errors: { [field]: 'isNamespace' },
      });
    }
    return names;
  }
}
