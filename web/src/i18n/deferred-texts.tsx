import { useQuery } from '@tanstack/react-query';
import { ReactNode, useMemo } from 'react';
import { useTranslation } from './use-translation';
import { getTranslations } from '@/api/sdk.gen';
import { Spinner } from '@/components/ui/spinner';
import { TRANSLATION_GIVE_UP_MS, TRANSLATION_RETRY_MS } from './i18n';
import { useLanguage } from './use-language';

/**
 * Namespaces the first screen does not need: TranslationsGate leaves them out of the first
 * request (the static pages' long texts are nearly half the catalogue) and the routes that
 * use them load them with DeferredTexts.
 */
export const DEFERRED_NAMESPACES = ['pages'] as const;
export type DeferredNamespace = (typeof DEFERRED_NAMESPACES)[number];

/** Shows its children once the namespace's texts of the current language are in. */
export function DeferredTexts({
  namespace,
  children,
}: {
  namespace: DeferredNamespace;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  const { language } = useLanguage();
  const query = useQuery({
    queryKey: ['translations', language, namespace],
    queryFn: async () =>
      (
        await getTranslations({
          path: { lang: language },
          query: { only: namespace },
          throwOnError: true,
        })
      ).data,
    staleTime: Infinity,
    retry: Math.floor(TRANSLATION_GIVE_UP_MS / TRANSLATION_RETRY_MS),
    retryDelay: TRANSLATION_RETRY_MS,
  });

  // The answer is of this language (its query key): merged once, before the page renders.
  const ready = useMemo(() => {
    if (!query.data) {
      return false;
    }
    i18n.addResourceBundle(language, 'translation', query.data, true, true);
    return true;
  }, [query.data, language, i18n]);

  if (query.isError) {
    return (
      <div className="app-load-error" role="alert">
        <p>{i18n.t('common.errors.unreachableText')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          {i18n.t('common.errors.reload')}
        </button>
      </div>
    );
  }
  if (!ready) {
    return <Spinner />;
  }
  return <>{children}</>;
}
