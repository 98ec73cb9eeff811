import { waitErrorKey } from '@/lib/api-errors';
import { IDENTITY_MESSAGES, IdentityError, isIdentityError } from './client/identity-client';

/** Translation keys of the identity provider's messages (namespace `auth.errors`). */
export const AUTH_ERROR_KEYS = {
  userNotConfirmed: 'auth.errors.userNotConfirmed',
  incorrectCredentials: 'auth.errors.incorrectCredentials',
  userNotFound: 'auth.errors.userNotFound',
  usernameExists: 'auth.errors.userExists',
  codeMismatch: 'auth.errors.codeMismatch',
  expiredCode: 'auth.errors.expiredCode',
  attemptLimit: 'auth.errors.attemptLimit',
  passwordAttempts: 'auth.errors.passwordAttempts',
  invalidPassword: 'auth.errors.invalidPassword',
  alreadyConfirmed: 'auth.errors.alreadyConfirmed',
  sessionExpired: 'auth.errors.sessionExpired',
  userDisabled: 'auth.errors.userDisabled',
  passwordResetRequired: 'auth.errors.passwordResetRequired',
  emailRequired: 'auth.errors.emailRequired',
  emailInvalid: 'auth.errors.emailInvalid',
  passwordRequired: 'auth.errors.passwordRequired',
  codeRequired: 'auth.errors.codeRequired',
  captcha: 'auth.errors.captcha',
  network: 'auth.errors.network',
  unexpected: 'auth.errors.unexpected',
} as const;

/** The provider's English messages (Cognito's wording, spec 01 §8, spec 02 §5, §8). */
const BY_MESSAGE: Record<string, string> = {
  [IDENTITY_MESSAGES.userNotConfirmed]: AUTH_ERROR_KEYS.userNotConfirmed,
  [IDENTITY_MESSAGES.incorrectCredentials]: AUTH_ERROR_KEYS.incorrectCredentials,
  [IDENTITY_MESSAGES.userNotFound]: AUTH_ERROR_KEYS.userNotFound,
  'Username/client id combination not found.': AUTH_ERROR_KEYS.userNotFound,
  [IDENTITY_MESSAGES.usernameExists]: AUTH_ERROR_KEYS.usernameExists,
  'User already exists.': AUTH_ERROR_KEYS.usernameExists,
  [IDENTITY_MESSAGES.codeMismatch]: AUTH_ERROR_KEYS.codeMismatch,
  [IDENTITY_MESSAGES.expiredCode]: AUTH_ERROR_KEYS.expiredCode,
  [IDENTITY_MESSAGES.attemptLimit]: AUTH_ERROR_KEYS.attemptLimit,
  [IDENTITY_MESSAGES.passwordAttempts]: AUTH_ERROR_KEYS.passwordAttempts,
  [IDENTITY_MESSAGES.invalidPassword]: AUTH_ERROR_KEYS.invalidPassword,
  'User cannot be confirmed. Current status is CONFIRMED': AUTH_ERROR_KEYS.alreadyConfirmed,
  'Invalid session for the user, session is expired.': AUTH_ERROR_KEYS.sessionExpired,
  'Access Token has been revoked': AUTH_ERROR_KEYS.sessionExpired,
  'Invalid Access Token': AUTH_ERROR_KEYS.sessionExpired,
  'Refresh Token has been revoked': AUTH_ERROR_KEYS.sessionExpired,
  'Refresh Token has expired': AUTH_ERROR_KEYS.sessionExpired,
  'Invalid Refresh Token': AUTH_ERROR_KEYS.sessionExpired,
  [IDENTITY_MESSAGES.notAuthenticated]: AUTH_ERROR_KEYS.sessionExpired,
  'User is disabled.': AUTH_ERROR_KEYS.userDisabled,
  [IDENTITY_MESSAGES.passwordResetRequired]: AUTH_ERROR_KEYS.passwordResetRequired,
  'Username cannot be empty': AUTH_ERROR_KEYS.emailRequired,
  'Invalid email address!': AUTH_ERROR_KEYS.emailInvalid,
  'Invalid email address format.': AUTH_ERROR_KEYS.emailInvalid,
  'Password cannot be empty': AUTH_ERROR_KEYS.passwordRequired,
  'New password is required.': AUTH_ERROR_KEYS.passwordRequired,
  'Confirmation code cannot be empty': AUTH_ERROR_KEYS.codeRequired,
  'Captcha verification failed.': AUTH_ERROR_KEYS.captcha,
  'Please solve the captcha.': AUTH_ERROR_KEYS.captcha,
  [IDENTITY_MESSAGES.network]: AUTH_ERROR_KEYS.network,
};

/** Cognito's exception names, for messages worded differently by a user pool's settings. */
const BY_CODE: Record<string, string> = {
  UserNotConfirmedException: AUTH_ERROR_KEYS.userNotConfirmed,
  UserNotFoundException: AUTH_ERROR_KEYS.userNotFound,
  UsernameExistsException: AUTH_ERROR_KEYS.usernameExists,
  CodeMismatchException: AUTH_ERROR_KEYS.codeMismatch,
  ExpiredCodeException: AUTH_ERROR_KEYS.expiredCode,
  LimitExceededException: AUTH_ERROR_KEYS.attemptLimit,
  TooManyRequestsException: AUTH_ERROR_KEYS.attemptLimit,
  InvalidPasswordException: AUTH_ERROR_KEYS.invalidPassword,
  PasswordResetRequiredException: AUTH_ERROR_KEYS.passwordResetRequired,
  NetworkError: AUTH_ERROR_KEYS.network,
};

interface MessageLike {
  message?: unknown;
  code?: unknown;
}

function messageOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null) {
    const { message } = error as MessageLike;
    return typeof message === 'string' ? message : undefined;
  }
  return undefined;
}

function codeOf(error: unknown): string | undefined {
  if (isIdentityError(error)) {
    return error.code;
  }
  if (typeof error === 'object' && error !== null) {
    const { code } = error as MessageLike;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/**
 * The translation key of an identity (or product) error: known English messages first, then
 * the exception name, then a rate limit (429); anything else is the generic 'An unexpected
 * error occurred.'
 */
export function authErrorKey(error: unknown): string {
  const message = messageOf(error);
  if (message && BY_MESSAGE[message]) {
    return BY_MESSAGE[message];
  }
  const code = codeOf(error);
  if (code && BY_CODE[code]) {
    return BY_CODE[code];
  }
  const wait = waitErrorKey(error, statusOf(error));
  if (wait) {
    return wait;
  }
  if (error instanceof TypeError) {
    return AUTH_ERROR_KEYS.network;
  }
  return AUTH_ERROR_KEYS.unexpected;
}

export function isErrorMessage(error: unknown, message: string): boolean {
  return messageOf(error) === message;
}

export function hasCode(error: unknown, code: string): boolean {
  return codeOf(error) === code;
}

export function statusOf(error: unknown): number | undefined {
  if (error instanceof IdentityError) {
    return error.status;
  }
  if (typeof error === 'object' && error !== null) {
    const { statusCode } = error as { statusCode?: unknown };
    return typeof statusCode === 'number' ? statusCode : undefined;
  }
  return undefined;
}
