import { useQuery } from '@tanstack/react-query';
import { createContext, ReactNode, useContext } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { getConfigOptions } from '@/api/@tanstack/react-query.gen';
import type { AppConfigResponseDto } from '@/api/types.gen';
import { Spinner } from '@/components/ui/spinner';
import { withBootRequest } from './boot-requests';

export type AppConfig = AppConfigResponseDto;

const AppConfigContext = createContext<AppConfig | null>(null);

/**
 * GET /api/config as the app queries it: main.tsx starts it at boot (beside the texts, not after
 * them), taking the answer public/boot.js may already be fetching.
 */
export function configQueryOptions() {
  const options = getConfigOptions();
  return {
    ...options,
    queryFn: (context: Parameters<NonNullable<typeof options.queryFn>>[0]) =>
      withBootRequest('config', '/api/config', async () =>
        (options.queryFn as NonNullable<typeof options.queryFn>)(context),
      ),
    staleTime: Infinity,
    retry: 3,
    retryDelay: 1500,
  };
}

/** Loads GET /api/config once; the app renders only with it (one build serves every site). */
export function AppConfigProvider({ children }: { children: ReactNode }) {
  const query = useQuery(configQueryOptions());
  if (query.data) {
    return <AppConfigContext.Provider value={query.data}>{children}</AppConfigContext.Provider>;
  }
  if (query.isError) {
    return <ConfigLoadError onRetry={() => void query.refetch()} />;
  }
  return <Spinner fullscreen label="Loading..." />;
}

function ConfigLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="app-load-error" role="alert">
      <h1>{t('common.errors.unreachableTitle')}</h1>
      <p>{t('common.errors.unreachableText')}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('common.errors.tryAgain')}
      </button>
    </div>
  );
}

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) {
    throw new Error('useAppConfig must be used inside AppConfigProvider');
  }
  return config;
}

/** For tests and stories: provides a fixed configuration. */
export function AppConfigTestProvider({
  value,
  children,
}: {
  value: AppConfig;
  children: ReactNode;
}) {
  return <AppConfigContext.Provider value={value}>{children}</AppConfigContext.Provider>;
}
