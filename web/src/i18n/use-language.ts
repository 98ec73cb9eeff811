import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGE, Language } from './i18n';

export interface LanguageState {
  /** The language whose texts are on screen. */
  language: Language;
  /** Stores the choice and loads that language's texts. */
  setLanguage: (lang: Language) => void;
  /** True while a newly chosen language is loading. */
  switching: boolean;
}

export const LanguageContext = createContext<LanguageState>({
  language: DEFAULT_LANGUAGE,
  setLanguage: () => undefined,
  switching: false,
});

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}
