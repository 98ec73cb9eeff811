import deCommon from './de/common.json';
import dePages from './de/pages.json';
import enCommon from './en/common.json';
import enPages from './en/pages.json';
import esCommon from './es/common.json';
import esPages from './es/pages.json';
import type { Language } from '../../common/conditions';

/**
 * Every string the web app shows, per language. Each file is one top-level namespace
 * (common.json → "common", pages.json → "pages"); a new file is added here.
 */
export const LOCALES: Record<Language, Record<string, unknown>> = {
  en: { common: enCommon, pages: enPages },
  es: { common: esCommon, pages: esPages },
  de: { common: deCommon, pages: dePages },
};
