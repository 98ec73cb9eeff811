import { ComponentType, lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { AppShell } from '@/components/layout/app-shell';
import { registerModal } from '@/components/ui/modal-host';
import type { ModalContentProps } from '@/components/ui/modal-types';
import { Spinner } from '@/components/ui/spinner';
import {
  IdentityProvider,
  RESET_PASSWORD_MODAL,
  useLogout,
  useSessionExpiry,
} from '@/features/identity';
import { AccountActionsContext } from '@/lib/account-actions';
import { trackRedirectEmail } from '@/lib/analytics';
import { LiveEventsProvider, setLiveTransport } from '@/lib/live-events';
import { useProductSessionRefresh } from '@/lib/product-session';
import { useIsLoggedIn, useStoredItem, STORAGE_KEYS } from '@/lib/storage';
import { apiLiveTransport } from '../live-transport';

const LazyResetPasswordModal = lazy(async () => {
  const { ResetPasswordModal } = await import('@/features/identity/screens');
  return { default: ResetPasswordModal as ComponentType<ModalContentProps & { email?: string }> };
});

function ResetPasswordModalLoader(props: ModalContentProps & { email?: string }) {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyResetPasswordModal {...props} />
    </Suspense>
  );
}

registerModal(RESET_PASSWORD_MODAL, ResetPasswordModalLoader);

// The browser talks to GET /api/events; tests deliver events themselves (emitLiveEventForTests).
if (import.meta.env.MODE !== 'test') {
  setLiveTransport(apiLiveTransport);
}

/** Spec 02 §9: a page load with ?redirect=email (a link in one of our e-mails) is counted once. */
function useRedirectEmailEvent(): void {
  const { search } = useLocation();
  const initialSearch = useRef(search);
  const tracked = useRef(false);
  useEffect(() => {
    // The root route mounts once per page load; the ref also absorbs StrictMode's second run.
    if (!tracked.current) {
      tracked.current = true;
      trackRedirectEmail(initialSearch.current);
    }
  }, []);
}

function SessionBoundary() {
  const logout = useLogout();
  useSessionExpiry();
  useProductSessionRefresh();
  const actions = useMemo(() => ({ logout }), [logout]);
  const loggedIn = useIsLoggedIn();
  const userId = useStoredItem(STORAGE_KEYS.userId);
  return (
    <AccountActionsContext.Provider value={actions}>
      {/* One live stream per signed-in user: a new login opens a new one with its token. */}
      <LiveEventsProvider key={userId ?? ''} enabled={loggedIn}>
        <AppShell />
      </LiveEventsProvider>
    </AccountActionsContext.Provider>
  );
}

/**
 * The root route: the identity provider and the account actions the layout needs (logout),
 * composed here so the shared layout never imports a feature.
 */
export function AppRoot() {
  useRedirectEmailEvent();
  return (
    <IdentityProvider>
      <SessionBoundary />
    </IdentityProvider>
  );
}
