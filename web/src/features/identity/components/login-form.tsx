import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router-dom';
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { schemaResolver } from '@/lib/form-schema';
import { LoginValues, loginSchema } from '../api/login-email';
import { AUTH_ERROR_KEYS } from '../identity-errors';
import { useAuthPopups } from '../use-auth-popups';
import { useLogin } from '../use-login';
import { SubmitButton } from '@/components/ui/submit-button';

const resolver = schemaResolver(loginSchema);

/**
 * E-mail, password with a show/hide toggle, Enter submits; forgot password, Contact us and the
 * way to register (spec 01 §2 Login screen).
 */
export function LoginForm({
  defaultEmail = '',
  headingLevel = 1,
  title,
  lead,
}: {
  defaultEmail?: string;
  headingLevel?: 1 | 2;
  title: string;
  lead: string;
}) {
  const { t } = useTranslation();
  const login = useLogin();
  const { openForgotPassword } = useAuthPopups();
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = async (values: LoginValues): Promise<void> => {
    setErrorKey(null);
    setErrorKey(await login(values));
  };

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="auth-card" aria-labelledby="login-title">
      <Heading id="login-title" className="auth-card__title">
        {title}
      </Heading>
      <p className="auth-card__lead">{lead}</p>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <FormAlert>
          {errorKey ? (
            <>
              {t(errorKey)}
              {errorKey === AUTH_ERROR_KEYS.userNotFound ? (
                <>
                  {' '}
                  <Link to={paths.register}>{t('auth.login.signUpLink')}</Link>
                </>
              ) : null}
            </>
          ) : null}
        </FormAlert>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="auth-card__row auth-card__row--end">
          <button type="button" className="link-button" onClick={openForgotPassword}>
            {t('auth.login.forgotPassword')}
          </button>
        </div>
        <SubmitButton busy={isSubmitting} className="auth-card__submit">
          {t('auth.login.submit')}
        </SubmitButton>
      </form>
      <p className="auth-card__footer">
        {t('auth.login.noAccount')} <Link to={paths.register}>{t('auth.login.registerLink')}</Link>
      </p>
      <p className="auth-card__footer">
        {t('auth.login.help')} <Link to={paths.contact}>{t('auth.login.contactUs')}</Link>
      </p>
    </section>
  );
}
