import { ComponentType, lazy, Suspense, useMemo } from 'react';
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

function SessionBoundary() {
  const logout = useLogout();
  useSessionExpiry();
  const actions = useMemo(() => ({ logout }), [logout]);
  return (
    <AccountActionsContext.Provider value={actions}>
      <AppShell />
    </AccountActionsContext.Provider>
  );
}

/**
 * The root route: the identity provider and the account actions the layout needs (logout),
 * composed here so the shared layout never imports a feature.
 */
export function AppRoot() {
  return (
    <IdentityProvider>
      <SessionBoundary />
    </IdentityProvider>
  );
}
