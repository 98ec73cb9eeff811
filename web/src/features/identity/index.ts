/**
 * What the app loads at start: the provider, logout and session expiry, and the name of the
 * reset-password modal. The screens (and that modal) are in `./screens` and load on demand.
 */
export type {
  IdentityClient,
  IdentitySession,
  SignInResult,
  SignUpInput,
} from './client/identity-client';
export { IdentityError } from './client/identity-client';
export { IdentityProvider, useIdentityClient } from './identity-context';
export { useLogout, useSessionExpiry, resetSessionState } from './session';
export { RESET_PASSWORD_MODAL } from './use-auth-popups';
