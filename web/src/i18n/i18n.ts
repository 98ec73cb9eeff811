import i18next, { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readItem, STORAGE_KEYS, writeItem } from '@/lib/storage';

export const LANGUAGES = ['en', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Spec 02 §4: re-request every 1500 ms while loading fails, stop after 6000 ms. */
export const TRANSLATION_RETRY_MS = 1500;
export const TRANSLATION_GIVE_UP_MS = 6000;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language the user chose; English before any choice (specs 01 and 02), as the server. */
export function storedLanguage(): Language {
  const stored = readItem(STORAGE_KEYS.lang);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function storeLanguage(lang: Language): void {
  writeItem(STORAGE_KEYS.lang, lang);
}

/** One i18next instance; its resources come from GET /api/gettranslations/{lang}. */
export function createI18n(lng: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}
