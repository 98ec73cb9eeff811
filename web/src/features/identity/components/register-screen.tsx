import { ChangeEvent, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans } from 'react-i18next';
import { useTranslation } from '@/i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CheckboxField, FormAlert, PasswordField, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n/use-language';
import { trackConsent } from '@/lib/analytics';
import { schemaResolver } from '@/lib/form-schema';
import { usePartner } from '@/lib/partner';
import { ensureSessionId } from '@/lib/storage';
import { RegisterValues, registerSchema, useSignup } from '../api/signup';
import { IDENTITY_MESSAGES } from '../client/identity-client';
import { useIdentityClient } from '../identity-context';
import {
  AUTH_ERROR_KEYS,
  authErrorKey,
  hasCode,
  isErrorMessage,
  statusOf,
} from '../identity-errors';
import { ConfirmLocationState, normalizeEmail, useAuthPopups } from '../use-auth-popups';
import { REGISTER_TYPE } from '../use-login';
import { Captcha, CaptchaHandle } from './captcha';
import './auth.css';
import { SubmitButton } from '@/components/ui/submit-button';

const resolver = schemaResolver(registerSchema);

function isUserExists(error: unknown): boolean {
  return (
    isErrorMessage(error, 'User already exists.') ||
    isErrorMessage(error, IDENTITY_MESSAGES.usernameExists) ||
    hasCode(error, 'UsernameExistsException') ||
    statusOf(error) === 409
  );
}

/**
 * /register and /register/:email (spec 01 §2 Register screen, §4 Register flow): consent first,
 * then the form; identity sign-up and the product's signup share one captcha payload.
 */
export function RegisterScreen() {
  const { t } = useTranslation();
  const { email: emailParam } = useParams();
  const navigate = useNavigate();
  const { language } = useLanguage();
  const partner = usePartner();
  const identity = useIdentityClient();
  const { mutateAsync: signup } = useSignup();
  const { popup, openResendVerification } = useAuthPopups();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [formShown, setFormShown] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    trigger,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      consent: false,
      subscribe: false,
      firstName: '',
      lastName: '',
      institution: '',
      email: emailParam ? emailParam.trim() : '',
      password: '',
    },
  });
  const consent = useWatch({ control, name: 'consent' });

  const startEmailSignUp = async (): Promise<void> => {
    if (await trigger('consent')) {
      setFormShown(true);
    }
  };

  const failed = (text: string): void => {
    captchaRef.current?.reset();
    popup({ title: t('auth.register.failedTitle'), text, primaryLabel: t('auth.common.ok') });
  };

  const onSubmit = async (values: RegisterValues): Promise<void> => {
    setErrorKey(null);
    if (!captcha) {
      setCaptchaError('validation.captchaRequired');
      return;
    }
    const email = normalizeEmail(values.email);
    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    try {
      await identity.signUp({
        email,
        password: values.password,
        firstName,
        lastName,
        language,
        captcha,
      });
    } catch (error) {
      if (isUserExists(error)) {
        captchaRef.current?.reset();
        setErrorKey(AUTH_ERROR_KEYS.usernameExists);
        return;
      }
      failed(t(authErrorKey(error)));
      return;
    }
    try {
      const answer = await signup({
        body: {
          registerType: REGISTER_TYPE,
          firstName,
          lastName,
          email,
          subscribe: values.subscribe,
          recaptcha: captcha,
          consent: true,
          language,
          sessionId: ensureSessionId(),
          institution: values.institution.trim(),
          userSource: partner.userSource,
        },
      });
      if (answer.status !== 200) {
        failed(t(authErrorKey(answer)));
        return;
      }
    } catch (error) {
      if (isUserExists(error)) {
        captchaRef.current?.reset();
        setErrorKey(AUTH_ERROR_KEYS.usernameExists);
        return;
      }
      failed(t(authErrorKey(error)));
      return;
    }
    // Spec 01 §4 Register flow: a consent analytics event on success.
    trackConsent(REGISTER_TYPE);
    const state: ConfirmLocationState = { email };
    await navigate(paths.confirm, { state });
  };

  return (
    <div className="auth-page">
      <section className="auth-card auth-card--wide" aria-labelledby="register-title">
        <h1 id="register-title" className="auth-card__title">
          {t('auth.register.title')}
        </h1>
        <p className="auth-card__lead">
          {t('auth.register.haveAccount')}{' '}
          <Link to={paths.login}>{t('auth.register.loginLink')}</Link>
        </p>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <CheckboxField
            label={
              <Trans
                i18nKey="auth.register.consent"
                components={{
                  terms: <Link to={paths.terms} />,
                  privacy: <Link to={paths.privacy} />,
                }}
              />
            }
            error={errors.consent?.message}
            {...register('consent', {
              // Ticking it answers the error at once: were it to go only on the checkbox's blur,
              // the layout would shift under the pointer and swallow the next click (issue 15).
              onChange: (event: ChangeEvent<HTMLInputElement>) => {
                if (event.target.checked) {
                  clearErrors('consent');
                }
              },
            })}
          />
          <CheckboxField label={t('auth.register.subscribe')} {...register('subscribe')} />
          {formShown ? (
            <div className="auth-card__form" aria-labelledby="register-form-title">
              <h2 id="register-form-title" className="auth-card__subtitle">
                {t('auth.register.formTitle')}
              </h2>
              <FormAlert>
                {errorKey ? (
                  <>
                    {t(errorKey)} <Link to={paths.login}>{t('auth.register.loginLink')}</Link>
                  </>
                ) : null}
              </FormAlert>
              <div className="auth-card__columns">
                <TextField
                  label={t('auth.fields.firstName')}
                  autoComplete="given-name"
                  error={errors.firstName?.message}
                  {...register('firstName')}
                />
                <TextField
                  label={t('auth.fields.lastName')}
                  autoComplete="family-name"
                  error={errors.lastName?.message}
                  {...register('lastName')}
                />
              </div>
              <TextField
                label={t('auth.fields.institution')}
                autoComplete="organization"
                optional
                error={errors.institution?.message}
                {...register('institution')}
              />
              <TextField
                label={t('auth.fields.email')}
                type="email"
                autoComplete="email"
                inputMode="email"
                error={errors.email?.message}
                {...register('email')}
              />
              <PasswordField
                label={t('auth.fields.password')}
                autoComplete="new-password"
                hint={t('auth.register.passwordHint')}
                error={errors.password?.message}
                {...register('password')}
              />
              <Captcha
                ref={captchaRef}
                error={captchaError}
                onChange={(payload) => {
                  setCaptcha(payload);
                  if (payload) {
                    setCaptchaError(null);
                  }
                }}
              />
              <SubmitButton busy={isSubmitting} className="auth-card__submit">
                {t('auth.register.submit')}
              </SubmitButton>
            </div>
          ) : (
            <>
              <button
                type="button"
                className="button button--primary auth-card__submit"
                aria-describedby={consent ? undefined : 'register-consent-note'}
                onClick={() => void startEmailSignUp()}
              >
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  focusable="false"
                  className="button__icon"
                >
                  <rect x="3" y="5" width="18" height="14" rx="2" />
                  <path d="m3 7 9 6 9-6" />
                </svg>
                {t('auth.register.emailSignUp')}
              </button>
              {consent ? null : (
                <p id="register-consent-note" className="auth-card__note">
                  {t('auth.register.consentNote')}
                </p>
              )}
            </>
          )}
        </form>
        <p className="auth-card__footer">
          {t('auth.register.noEmail')}{' '}
          <button type="button" className="link-button" onClick={openResendVerification}>
            {t('auth.register.resend')}
          </button>
        </p>
        <nav className="auth-card__legal" aria-label={t('auth.register.legal')}>
          <Link to={paths.terms}>{t('auth.register.terms')}</Link>
          <Link to={paths.privacy}>{t('auth.register.privacy')}</Link>
        </nav>
      </section>
    </div>
  );
}
