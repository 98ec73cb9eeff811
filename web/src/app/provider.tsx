import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ReactNode, useState } from 'react';
import { ModalProvider } from '@/components/ui/modal-store';
import { TranslationsGate } from '@/i18n/translations-gate';
import { AppConfigProvider } from '@/lib/app-config';
import { UNAUTHORIZED_EVENT } from '@/lib/product-session';

function isUnauthorized(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { statusCode?: number }).statusCode === 401
  );
}

export function createQueryClient(): QueryClient {
  const onError = (error: unknown): void => {
    // A 401 is handled in one place; the accounts feature signs the user out here.
    if (isUnauthorized(error)) {
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    }
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  });
}

export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <TranslationsGate>
        <AppConfigProvider>
          <ModalProvider>{children}</ModalProvider>
        </AppConfigProvider>
      </TranslationsGate>
    </QueryClientProvider>
  );
}
