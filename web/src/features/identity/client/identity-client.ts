import type { Language } from '@/api/types.gen';

/** The identity provider's tokens of the signed-in user (spec 02 §3 session). */
export interface IdentitySession {
  /** The OpenID ID token: what the product's login call takes. */
  idToken: string;
  accessToken: string;
  /** The identity's id (the tokens' sub). */
  sub: string;
  email: string;
}

export type SignInResult =
  | { kind: 'signedIn'; session: IdentitySession }
  /** Spec 01 §4: an account made by an administrator must set a new password first. */
  | { kind: 'newPasswordRequired'; challengeSession: string };

export interface SignUpInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  language?: Language;
  /** The solved captcha; the product's signup call gets the same payload. */
  captcha: string;
}

export interface SignUpResult {
  userSub: string;
  userConfirmed: boolean;
}

/**
 * What the web app needs of an identity provider: the built-in one (`/api/identity`) or a
 * Cognito user pool through Amplify. Both reject with an `IdentityError` carrying Cognito's
 * message and exception name, so the screens treat them alike.
 */
export interface IdentityClient {
  readonly kind: 'local' | 'cognito';
  signUp(input: SignUpInput): Promise<SignUpResult>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendCode(email: string, language?: Language): Promise<void>;
  signIn(email: string, password: string): Promise<SignInResult>;
  completeNewPassword(
    email: string,
    challengeSession: string,
    newPassword: string,
  ): Promise<IdentitySession>;
  forgotPassword(email: string, language?: Language): Promise<void>;
  forgotPasswordSubmit(email: string, code: string, newPassword: string): Promise<void>;
  changePassword(previousPassword: string, proposedPassword: string): Promise<void>;
  /** Global sign-out and revocation of this device's refresh token; then forgets the tokens. */
  signOut(): Promise<void>;
  /** Deletes the signed-in identity. */
  deleteUser(): Promise<void>;
  /**
   * The signed-in session, refreshed when a token has expired (spec 02 §4); null when there is
   * none or it cannot be renewed (it is then cleaned up).
   */
  currentSession(): Promise<IdentitySession | null>;
  /** Forgets the tokens on this device without asking the provider (after account deletion). */
  forgetSession(): Promise<void>;
}

/** Cognito's wording, used by both providers (spec 01 §8, spec 02 §5, §8). */
export const IDENTITY_MESSAGES = {
  userNotConfirmed: 'User is not confirmed.',
  incorrectCredentials: 'Incorrect username or password.',
  userNotFound: 'User does not exist.',
  usernameExists: 'An account with the given email already exists.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  expiredCode: 'Invalid code provided, please request a code again.',
  attemptLimit: 'Attempt limit exceeded, please try after some time.',
  passwordAttempts: 'Password attempts exceeded',
  invalidPassword:
    'Password did not conform with policy: Password must have more than 8 characters',
  notAuthenticated: 'User is not authenticated',
  passwordResetRequired: 'Password reset required for the user',
  authenticationError: 'Authentication Error',
  network: 'Network Error',
} as const;

/** The provider's error: Cognito's message, exception name and (built-in provider) status. */
export class IdentityError extends Error {
  readonly code?: string;
  readonly status?: number;

  constructor(message: string, code?: string, status?: number) {
    super(message);
    this.name = 'IdentityError';
    this.code = code;
    this.status = status;
  }
}

export function isIdentityError(error: unknown): error is IdentityError {
  return error instanceof IdentityError;
}

/**
 * A session that can no longer be used and is cleaned up with a sign-out (spec 02 §8).
 */
export const SESSION_ENDING_MESSAGES: readonly string[] = [
  'User is disabled.',
  'User does not exist.',
  'Access Token has been revoked',
  'Refresh Token has been revoked',
  'Refresh Token has expired',
  'Invalid Refresh Token',
  'Password reset required for the user',
];
