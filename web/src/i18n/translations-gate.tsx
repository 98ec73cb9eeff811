import { useQuery } from '@tanstack/react-query';
import { ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { getTranslations } from '@/api/sdk.gen';
import { Spinner } from '@/components/ui/spinner';
import { withBootRequest } from '@/lib/boot-requests';
import { releasePrerenderedShell } from '@/lib/prerendered-shell';
import { DEFERRED_NAMESPACES } from './deferred-texts';
import {
  createI18n,
  Language,
  storedLanguage,
  storeLanguage,
  TRANSLATION_GIVE_UP_MS,
  TRANSLATION_RETRY_MS,
} from './i18n';
import { LanguageContext } from './use-language';

async function fetchTranslations(lang: Language): Promise<Record<string, unknown>> {
  // The deferred namespaces (the static pages' texts) come with the routes that show them.
  const exclude = DEFERRED_NAMESPACES.join(',');
  return withBootRequest(
    'texts',
    `/api/gettranslations/${lang}?exclude=${encodeURIComponent(exclude)}`,
    async () => {
      const { data } = await getTranslations({
        path: { lang },
        query: { exclude },
        throwOnError: true,
      });
      return data;
    },
  );
}

/** The texts of one language as the app queries them (main.tsx starts the first at boot). */
export function translationsQueryOptions(language: Language) {
  return {
    queryKey: ['translations', language],
    queryFn: () => fetchTranslations(language),
    staleTime: Infinity,
    retry: Math.floor(TRANSLATION_GIVE_UP_MS / TRANSLATION_RETRY_MS),
    retryDelay: TRANSLATION_RETRY_MS,
  };
}

/**
 * Shows the spinner until the texts of the current language arrive; retries every 1500 ms and
 * gives up after 6000 ms with a message (spec 01 §2, spec 02 §4). Switching language keeps the
 * page on screen until the new texts are in.
 */
export function TranslationsGate({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage);
  const [i18n] = useState(() => createI18n(language));
  const [shown, setShown] = useState<Language | null>(null);

  const query = useQuery(translationsQueryOptions(language));

  useEffect(() => {
    if (!query.data) {
      return;
    }
    i18n.addResourceBundle(language, 'translation', query.data, true, true);
    void i18n.changeLanguage(language).then(() => {
      document.documentElement.lang = language;
      setShown(language);
    });
  }, [query.data, language, i18n]);

  const setLanguage = (lang: Language): void => {
    storeLanguage(lang);
    setLanguageState(lang);
  };

  const failed = shown === null && query.isError;
  useLayoutEffect(() => {
    if (failed) {
      // The message, not /login's prerendered screen, is what the visitor must see.
      releasePrerenderedShell();
    }
  }, [failed]);

  if (shown === null) {
    if (query.isError) {
      return (
        <div className="app-load-error" role="alert">
          <h1>Trialflow could not load its texts</h1>
          <p>
            The server did not send the translations. Check your connection and reload the page.
          </p>
          <p lang="es">
            No se pudieron cargar los textos. Compruebe su conexión y recargue la página.
          </p>
          <p lang="de">
            Die Texte konnten nicht geladen werden. Prüfen Sie die Verbindung und laden Sie die
            Seite neu.
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => window.location.reload()}
          >
            Reload
          </button>
        </div>
      );
    }
    return <Spinner fullscreen label="Loading..." />;
  }

  return (
    <I18nextProvider i18n={i18n}>
      <LanguageContext.Provider
        value={{ language: shown, setLanguage, switching: language !== shown && !query.isError }}
      >
        {children}
      </LanguageContext.Provider>
    </I18nextProvider>
  );
}
