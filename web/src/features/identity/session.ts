import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { logoutSession } from '@/api/sdk.gen';
import { useModal } from '@/components/ui/modal-store';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { clearPatientData } from '@/lib/patient-form';
import { clearSession, hasLoginFlag, readItem, STORAGE_KEYS } from '@/lib/storage';
import { useIdentityClient } from './identity-context';

/** Queries that belong to the device, not to the user: they survive a logout. */
const DEVICE_QUERIES = new Set(['getConfig', 'getTranslations', 'translations']);

function queryName(key: readonly unknown[]): string | undefined {
  const [first] = key;
  if (typeof first === 'string') {
    return first;
  }
  if (typeof first === 'object' && first !== null && '_id' in first) {
    return typeof first._id === 'string' ? first._id : undefined;
  }
  return undefined;
}

/**
 * Spec 01 §4 Logout, local part: the session keys go, a new session id is made, the patient's
 * answers go from every store, and the user's server state (user, user list, requests, search
 * results…) and the mutations' variables are dropped from the query client.
 */
export function resetSessionState(queryClient: QueryClient): void {
  clearSession();
  // Shared workstations (issue 13 finding 9): nothing of the patient stays in the browser.
  clearPatientData();
  queryClient.removeQueries({
    predicate: (query) => !DEVICE_QUERIES.has(queryName(query.queryKey) ?? ''),
  });
  // Mutations keep their variables (the questionnaire's answers, notes) until cleared.
  queryClient.getMutationCache().clear();
}

/** Logout (spec 01 §4): provider sign-out; on success cleanup, popup and home. */
export function useLogout(): () => Promise<void> {
  const identity = useIdentityClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { openModal } = useModal();
  const { t } = useTranslation();
  const { supportEmail } = useAppConfig();

  return useCallback(async () => {
    // The product's sessions end on every device first, whatever the provider does next (Cognito's
    // sign-out never reaches the API). Sent with the product token as its own credential, so an
    // already ended session is not refreshed first; its 401 then needs nothing more.
    const productToken = readItem(STORAGE_KEYS.accessToken);
    if (productToken) {
      await logoutSession({ auth: productToken, body: { everywhere: true } }).catch(
        () => undefined,
      );
    }
    try {
      await identity.signOut();
    } catch {
      openModal('popup', {
        title: t('auth.logout.failedTitle'),
        text: t('auth.logout.failedText', { email: supportEmail }),
        primaryLabel: t('auth.common.ok'),
      });
      return;
    }
    resetSessionState(queryClient);
    await navigate(paths.home);
    openModal('popup', {
      title: t('common.logout.successTitle'),
      text: t('common.logout.successText'),
      primaryLabel: t('common.logout.ok'),
    });
  }, [identity, queryClient, navigate, openModal, t, supportEmail]);
}

/**
 * A 401 from the product API (the product token expired or was revoked) ends the session once,
 * here: local cleanup, the login screen and a popup saying why.
 */
export function useSessionExpiry(): void {
  const identity = useIdentityClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { openModal } = useModal();
  const { t } = useTranslation();

  // Listening from the commit on (a layout effect): a 401 answered right after the first screen
  // shows must not arrive before the listener (Preact runs plain effects after the next frame).
  useLayoutEffect(() => {
    const onUnauthorized = (): void => {
      if (!hasLoginFlag()) {
        return;
      }
      void identity.forgetSession();
      resetSessionState(queryClient);
      void navigate(paths.login);
      openModal('popup', {
        title: t('auth.sessionExpired.title'),
        text: t('auth.sessionExpired.text'),
        primaryLabel: t('auth.common.ok'),
      });
    };
    window.addEventListener('trialflow:unauthorized', onUnauthorized);
    return () => window.removeEventListener('trialflow:unauthorized', onUnauthorized);
  }, [identity, queryClient, navigate, openModal, t]);
}
