import { useTranslation } from '@/i18n/use-translation';
import { useLocation } from 'react-router-dom';
import type { ConfirmLocationState } from '../use-auth-popups';
import { LoginForm } from './login-form';
import './auth.css';

/** /login (spec 01 §2 Login screen). */
export function LoginScreen() {
  const { t } = useTranslation();
  const state = useLocation().state as ConfirmLocationState | null;
  return (
    <div className="auth-page">
      <LoginForm
        title={t('auth.login.title')}
        lead={t('auth.login.lead')}
        defaultEmail={state?.email ?? ''}
      />
    </div>
  );
}
