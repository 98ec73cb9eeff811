/** The identity screens and account sections, loaded with their routes. */
export { LoginScreen } from './components/login-screen';
export { ConfirmScreen } from './components/confirm-screen';
export { RegisterScreen } from './components/register-screen';
export { ChangePasswordSection } from './components/change-password-section';
export { DeleteAccountSection } from './components/delete-account-section';
export { ResetPasswordModal } from './components/reset-password-modal';
