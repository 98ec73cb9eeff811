import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { FormAlert, PasswordField } from '@/components/ui/form-field';
import { schemaResolver } from '@/lib/form-schema';
import { changePasswordSchema, ChangePasswordValues } from '../api/identity-forms';
import { useIdentityClient } from '../identity-context';
import { AUTH_ERROR_KEYS, authErrorKey } from '../identity-errors';
import './auth.css';
import { SubmitButton } from '@/components/ui/submit-button';

const resolver = schemaResolver(changePasswordSchema);

/** The signed-in user changes their password with the identity provider. */
export function ChangePasswordSection() {
  const { t } = useTranslation();
  const identity = useIdentityClient();
  const [open, setOpen] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { previousPassword: '', proposedPassword: '' },
  });

  const onSubmit = async (values: ChangePasswordValues): Promise<void> => {
    setErrorKey(null);
    try {
      await identity.changePassword(values.previousPassword, values.proposedPassword);
    } catch (error) {
      const key = authErrorKey(error);
      // Here 'Incorrect username or password.' can only mean the current password.
      setErrorKey(
        key === AUTH_ERROR_KEYS.incorrectCredentials ? 'auth.changePassword.wrongCurrent' : key,
      );
      return;
    }
    reset();
    setOpen(false);
    setDone(true);
  };

  return (
    <section className="panel" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="panel__title">
        {t('auth.changePassword.title')}
      </h2>
      <FormAlert tone="success">{done ? t('auth.changePassword.success') : null}</FormAlert>
      {open ? (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <FormAlert>{errorKey ? t(errorKey) : null}</FormAlert>
          <PasswordField
            label={t('auth.changePassword.current')}
            autoComplete="current-password"
            error={errors.previousPassword?.message}
            {...register('previousPassword')}
          />
          <PasswordField
            label={t('auth.changePassword.new')}
            autoComplete="new-password"
            hint={t('auth.register.passwordHint')}
            error={errors.proposedPassword?.message}
            {...register('proposedPassword')}
          />
          <div className="panel__actions">
            <SubmitButton busy={isSubmitting}>{t('auth.changePassword.submit')}</SubmitButton>
            <button
              type="button"
              className="button"
              onClick={() => {
                reset();
                setErrorKey(null);
                setOpen(false);
              }}
            >
              {t('auth.common.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="panel__text">{t('auth.changePassword.text')}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setDone(false);
              setOpen(true);
            }}
          >
            {t('auth.changePassword.open')}
          </button>
        </>
      )}
    </section>
  );
}
