import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { useLocation } from 'react-router-dom';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { useAppConfig } from '@/lib/app-config';
import { schemaResolver } from '@/lib/form-schema';
import { numbersOnly } from '@/lib/validators';
import { confirmSignUpSchema, ConfirmSignUpValues } from '../api/identity-forms';
import { useIdentityClient } from '../identity-context';
import { authErrorKey } from '../identity-errors';
import { ConfirmLocationState, normalizeEmail, useAuthPopups } from '../use-auth-popups';
import { LoginForm } from './login-form';
import './auth.css';
import { SubmitButton } from '@/components/ui/submit-button';

const resolver = schemaResolver<ConfirmSignUpValues>({
  ...confirmSignUpSchema,
  code: { ...confirmSignUpSchema.code, validators: [numbersOnly] },
});

/**
 * /confirm: the login screen plus the request to confirm the e-mail: the e-mailed code, a link
 * to resend it and the support contact (spec 01 §2).
 */
export function ConfirmScreen() {
  const { t } = useTranslation();
  const { supportEmail } = useAppConfig();
  const identity = useIdentityClient();
  const { openResendVerification } = useAuthPopups();
  const state = useLocation().state as ConfirmLocationState | null;
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmSignUpValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { email: state?.email ?? '', code: '' },
  });

  const onSubmit = async (values: ConfirmSignUpValues): Promise<void> => {
    setErrorKey(null);
    const email = normalizeEmail(values.email);
    try {
      await identity.confirmSignUp(email, values.code.trim());
      setConfirmed(email);
    } catch (error) {
      setErrorKey(authErrorKey(error));
    }
  };

  return (
    <div className="auth-page auth-page--confirm">
      <section className="auth-card auth-card--confirm" aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="auth-card__title">
          {t('auth.confirm.title')}
        </h1>
        {confirmed ? (
          <FormAlert tone="success">{t('auth.confirm.success')}</FormAlert>
        ) : (
          <>
            <p className="auth-card__lead">
              {state?.email
                ? t('auth.confirm.leadWithEmail', { email: state.email })
                : t('auth.confirm.lead')}
            </p>
            <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
              <FormAlert>{errorKey ? t(errorKey) : null}</FormAlert>
              <TextField
                label={t('auth.fields.email')}
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...register('email')}
              />
              <TextField
                label={t('auth.confirm.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                hint={t('auth.confirm.codeHint')}
                error={errors.code?.message}
                {...register('code')}
              />
              <SubmitButton busy={isSubmitting} className="auth-card__submit">
                {t('auth.confirm.submit')}
              </SubmitButton>
            </form>
          </>
        )}
        <p className="auth-card__footer">
          {t('auth.confirm.noCode')}{' '}
          <button type="button" className="link-button" onClick={openResendVerification}>
            {t('auth.confirm.resend')}
          </button>
        </p>
        <p className="auth-card__footer">
          {t('auth.confirm.support')} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </p>
      </section>
      <LoginForm
        key={confirmed ?? 'login'}
        title={t('auth.login.title')}
        lead={t('auth.confirm.loginLead')}
        headingLevel={2}
        defaultEmail={confirmed ?? state?.email ?? ''}
      />
    </div>
  );
}
