import { useCallback } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { useModal } from '@/components/ui/modal-store';
import type { PopupModalProps } from '@/components/ui/popup-modal';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n/use-language';
import { email as emailRule } from '@/lib/validators';
import { useIdentityClient } from './identity-context';
import { authErrorKey } from './identity-errors';

export const RESET_PASSWORD_MODAL = 'reset-password';

/** Where /confirm finds the e-mail to confirm (router state, so it stays out of the URL). */
export interface ConfirmLocationState {
  email?: string;
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * The popups of the identity flows (spec 01 §2 Modals, §4, §8), shared by the screens: the
 * verify/resend modal, the e-mail-not-verified popup, forgot password → reset password.
 */
export function useAuthPopups() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const { openModal, closeModal } = useModal();
  const identity = useIdentityClient();

  const popup = useCallback(
    (props: PopupModalProps) => openModal('popup', props as unknown as Record<string, unknown>),
    [openModal],
  );

  const goToConfirm = useCallback(
    (email: string) => {
      closeModal();
      const state: ConfirmLocationState = { email };
      void navigate(paths.confirm, { state });
    },
    [closeModal, navigate],
  );

  /** 'Verification email sent', with the way to /confirm. */
  const showCodeSent = useCallback(
    (email: string) =>
      popup({
        title: t('auth.verify.sentTitle'),
        text: t('auth.verify.sentText', { email }),
        primaryLabel: t('auth.verify.enterCode'),
        onPrimary: () => goToConfirm(email),
      }),
    [popup, t, goToConfirm],
  );

  /** Resend verification: errors in a modal titled Error (spec 01 §8). */
  const resendCode = useCallback(
    async (email: string) => {
      try {
        await identity.resendCode(email, language);
        showCodeSent(email);
      } catch (error) {
        popup({
          title: t('auth.verify.errorTitle'),
          text: t(authErrorKey(error)),
          primaryLabel: t('auth.common.ok'),
        });
      }
    },
    [identity, language, showCodeSent, popup, t],
  );

  /** The verify/resend modal: an e-mail, validated and trimmed (spec 01 §5). */
  const openResendVerification = useCallback(
    () =>
      popup({
        title: t('auth.verify.title'),
        text: t('auth.verify.text'),
        input: {
          name: 'email',
          type: 'email',
          placeholder: t('auth.fields.email'),
          validate: (value) => {
            const trimmed = value.trim();
            if (!trimmed) {
              return t('validation.emailRequired');
            }
            const key = emailRule(trimmed);
            return key ? t(key) : null;
          },
        },
        primaryLabel: t('auth.verify.send'),
        onPrimary: (value) => resendCode(normalizeEmail(value ?? '')),
      }),
    [popup, t, resendCode],
  );

  /** Sign-in said 'User is not confirmed.' */
  const openNotVerified = useCallback(
    (email: string) =>
      popup({
        title: t('auth.notVerified.title'),
        text: t('auth.notVerified.text', { email }),
        primaryLabel: t('auth.verify.enterCode'),
        onPrimary: () => goToConfirm(email),
        resendLink: {
          label: t('auth.notVerified.resend'),
          onClick: () => void resendCode(email),
        },
      }),
    [popup, t, goToConfirm, resendCode],
  );

  const forgotFailed = useCallback(
    (text: string) =>
      popup({
        title: t('auth.forgot.failedTitle'),
        text,
        primaryLabel: t('auth.common.ok'),
      }),
    [popup, t],
  );

  /**
   * Forgot password (spec 01 §4, §5): empty or malformed e-mail → a failure popup; otherwise a
   * code is requested and the fullscreen reset modal opens.
   */
  const openForgotPassword = useCallback(
    () =>
      popup({
        title: t('auth.forgot.title'),
        text: t('auth.forgot.text'),
        input: { name: 'email', type: 'email', placeholder: t('auth.fields.email') },
        primaryLabel: t('auth.forgot.send'),
        onPrimary: async (value) => {
          const email = normalizeEmail(value ?? '');
          if (!email) {
            forgotFailed(t('validation.emailRequired'));
            return;
          }
          const invalid = emailRule(email);
          if (invalid) {
            forgotFailed(t(invalid));
            return;
          }
          try {
            await identity.forgotPassword(email, language);
            openModal(RESET_PASSWORD_MODAL, { email, fullscreen: true });
          } catch (error) {
            forgotFailed(t(authErrorKey(error)));
          }
        },
      }),
    [popup, t, forgotFailed, identity, language, openModal],
  );

  return { popup, openResendVerification, openNotVerified, openForgotPassword, resendCode };
}
