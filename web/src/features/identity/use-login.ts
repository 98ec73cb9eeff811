import { useCallback } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { resolvePartner } from '@/lib/partner';
import { storeLogin, storeRefreshToken } from '@/lib/storage';
import { LoginValues, useLoginEmail } from './api/login-email';
import { IDENTITY_MESSAGES, IdentitySession } from './client/identity-client';
import { useIdentityClient } from './identity-context';
import { AUTH_ERROR_KEYS, authErrorKey, hasCode, isErrorMessage } from './identity-errors';
import { normalizeEmail, useAuthPopups } from './use-auth-popups';

export const REGISTER_TYPE = 'email';

/** Messages of the sign-in that are shown as they are, translated, instead of the generic one. */
const SHOWN_SIGN_IN_ERRORS = new Set<string>([
  AUTH_ERROR_KEYS.incorrectCredentials,
  AUTH_ERROR_KEYS.userNotFound,
  AUTH_ERROR_KEYS.passwordAttempts,
  AUTH_ERROR_KEYS.attemptLimit,
  AUTH_ERROR_KEYS.network,
  AUTH_ERROR_KEYS.userDisabled,
  AUTH_ERROR_KEYS.passwordResetRequired,
]);

/**
 * Spec 01 §4 Login flow. Resolves with the key of an inline error, or null when the user is
 * logged in (and on the way to their partner's home) or a popup took over.
 */
export function useLogin(): (values: LoginValues) => Promise<string | null> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const identity = useIdentityClient();
  const loginEmail = useLoginEmail();
  const { popup, openNotVerified } = useAuthPopups();
  const { mutateAsync } = loginEmail;

  return useCallback(
    async (values: LoginValues) => {
      const email = normalizeEmail(values.email);
      let session: IdentitySession;
      try {
        const result = await identity.signIn(email, values.password);
        // An account made by an administrator: complete the challenge with the same password.
        session =
          result.kind === 'newPasswordRequired'
            ? await identity.completeNewPassword(email, result.challengeSession, values.password)
            : result.session;
      } catch (error) {
        if (
          isErrorMessage(error, IDENTITY_MESSAGES.userNotConfirmed) ||
          hasCode(error, 'UserNotConfirmedException')
        ) {
          openNotVerified(email);
          return null;
        }
        const key = authErrorKey(error);
        // Spec 01 §8: anything not named there is 'An unexpected error occurred.'
        return SHOWN_SIGN_IN_ERRORS.has(key) ? key : AUTH_ERROR_KEYS.unexpected;
      }

      const failed = (): null => {
        popup({
          title: t('auth.login.failedTitle'),
          text: t('auth.login.failedText'),
          primaryLabel: t('auth.common.ok'),
        });
        return null;
      };
      try {
        const answer = await mutateAsync({
          body: {
            registerType: REGISTER_TYPE,
            username: email,
            accessToken: session.idToken,
            sub: session.sub || undefined,
          },
        });
        if (answer.status !== 200) {
          return failed();
        }
        const { accessToken, refreshToken, user } = answer.data;
        storeLogin(accessToken, user, REGISTER_TYPE);
        storeRefreshToken(refreshToken);
        const partner = resolvePartner(config.partners, config.defaultUserSource, user.userSource);
        await navigate(paths.partner(partner.urlParam));
        return null;
      } catch {
        return failed();
      }
    },
    [identity, mutateAsync, popup, openNotVerified, t, config, navigate],
  );
}
