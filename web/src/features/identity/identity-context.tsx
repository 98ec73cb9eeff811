import { createContext, ReactNode, useContext, useMemo } from 'react';
import { useAppConfig } from '@/lib/app-config';
import type { IdentityClient } from './client/identity-client';
import { createLazyIdentityClient, loadIdentityClient } from './client/load-identity-client';

const IdentityContext = createContext<IdentityClient | null>(null);

/**
 * Provides the identity provider named by GET /api/config. `client` replaces it (tests).
 */
export function IdentityProvider({
  children,
  client,
}: {
  children: ReactNode;
  client?: IdentityClient;
}) {
  const { identityProvider } = useAppConfig();
  const value = useMemo(
    () =>
      client ??
      createLazyIdentityClient(identityProvider.kind, () => loadIdentityClient(identityProvider)),
    [client, identityProvider],
  );
  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}

export function useIdentityClient(): IdentityClient {
  const client = useContext(IdentityContext);
  if (!client) {
    throw new Error('useIdentityClient must be used inside IdentityProvider');
  }
  return client;
}
