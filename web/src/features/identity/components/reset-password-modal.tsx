import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { CloseButton } from '@/components/ui/close-button';
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field';
import { useModal } from '@/components/ui/modal-store';
import type { ModalContentProps } from '@/components/ui/modal-types';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n/use-language';
import { schemaResolver } from '@/lib/form-schema';
import { hasLoginFlag } from '@/lib/storage';
import { resetPasswordSchema, ResetPasswordValues } from '../api/identity-forms';
import { useIdentityClient } from '../identity-context';
import { authErrorKey } from '../identity-errors';
import { normalizeEmail } from '../use-auth-popups';
import './auth.css';
import { SubmitButton } from '@/components/ui/submit-button';

const resolver = schemaResolver(resetPasswordSchema);

export interface ResetPasswordModalProps {
  /** The e-mail the code was sent to. */
  email?: string;
}

/**
 * The fullscreen reset-password modal (spec 01 §2 Modals, §4 Forgot password): e-mail, new
 * password and the e-mailed code; the provider's message inline on failure.
 */
export function ResetPasswordModal({
  email = '',
  titleId,
  onClose,
}: ResetPasswordModalProps & ModalContentProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const { openModal } = useModal();
  const identity = useIdentityClient();
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { email, password: '', code: '' },
  });

  const onSubmit = async (values: ResetPasswordValues): Promise<void> => {
    setErrorKey(null);
    try {
      await identity.forgotPasswordSubmit(
        normalizeEmail(values.email),
        values.code.trim(),
        values.password,
      );
    } catch (error) {
      setErrorKey(authErrorKey(error));
      return;
    }
    onClose();
    if (!hasLoginFlag()) {
      await navigate(paths.login, { state: { email: normalizeEmail(values.email) } });
    }
    openModal('popup', {
      title: t('auth.reset.successTitle'),
      text: t('auth.reset.successText'),
      primaryLabel: t('auth.common.ok'),
    });
  };

  const resend = async (): Promise<void> => {
    setErrorKey(null);
    setResent(false);
    const address = normalizeEmail(getValues('email'));
    try {
      await identity.forgotPassword(address, language);
      setResent(true);
    } catch (error) {
      setErrorKey(authErrorKey(error));
    }
  };

  return (
    <div className="reset-modal">
      <CloseButton onClose={onClose} />
      <div className="reset-modal__content">
        <h2 id={titleId} className="auth-card__title">
          {t('auth.reset.title')}
        </h2>
        <p className="auth-card__lead">
          {email ? t('auth.reset.leadWithEmail', { email }) : t('auth.reset.lead')}
        </p>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <FormAlert>{errorKey ? t(errorKey) : null}</FormAlert>
          <FormAlert tone="success">{resent ? t('auth.reset.resent') : null}</FormAlert>
          <TextField
            label={t('auth.fields.email')}
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordField
            label={t('auth.reset.newPassword')}
            autoComplete="new-password"
            hint={t('auth.register.passwordHint')}
            error={errors.password?.message}
            data-autofocus
            // The modal arrives lazily, after the host moved focus: focus the field on mount.
            autoFocus
            {...register('password')}
          />
          <TextField
            label={t('auth.reset.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code?.message}
            {...register('code')}
          />
          <SubmitButton busy={isSubmitting} className="auth-card__submit">
            {t('auth.reset.submit')}
          </SubmitButton>
        </form>
        <p className="auth-card__footer">
          {t('auth.reset.noCode')}{' '}
          <button type="button" className="link-button" onClick={() => void resend()}>
            {t('auth.reset.resend')}
          </button>
        </p>
      </div>
    </div>
  );
}
