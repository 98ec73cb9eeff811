import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * The provider's errors, named and worded as Cognito words them (spec 01 §8, spec 02 §5, §8),
 * so the web app treats both providers alike.
 */
export class IdentityError extends HttpException {
  constructor(status: HttpStatus, code: string, message: string) {
    super({ statusCode: status, code, message }, status);
  }
}

export const IdentityErrors = {
  userNotConfirmed: () =>
    new IdentityError(HttpStatus.FORBIDDEN, 'UserNotConfirmedException', 'User is not confirmed.'),
  incorrectCredentials: () =>
    new IdentityError(
      HttpStatus.UNAUTHORIZED,
      'NotAuthorizedException',
      'Incorrect username or password.',
    ),
  userNotFound: () =>
    new IdentityError(HttpStatus.NOT_FOUND, 'UserNotFoundException', 'User does not exist.'),
  usernameExists: () =>
    new IdentityError(
      HttpStatus.CONFLICT,
      'UsernameExistsException',
      'An account with the given email already exists.',
    ),
  codeMismatch: () =>
    new IdentityError(
      HttpStatus.BAD_REQUEST,
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
    ),
  expiredCode: () =>
    new IdentityError(
      HttpStatus.BAD_REQUEST,
      'ExpiredCodeException',
      'Invalid code provided, please request a code again.',
    ),
  attemptLimit: () =>
    new IdentityError(
      HttpStatus.TOO_MANY_REQUESTS,
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
    ),
  passwordAttemptsExceeded: () =>
    new IdentityError(
      HttpStatus.TOO_MANY_REQUESTS,
      'NotAuthorizedException',
      'Password attempts exceeded',
    ),
  invalidPassword: () =>
    new IdentityError(
      HttpStatus.BAD_REQUEST,
      'InvalidPasswordException',
      'Password did not conform with policy: Password must have more than 8 characters',
    ),
  alreadyConfirmed: () =>
    new IdentityError(
      HttpStatus.BAD_REQUEST,
      'NotAuthorizedException',
      'User cannot be confirmed. Current status is CONFIRMED',
    ),
  invalidSession: () =>
    new IdentityError(
      HttpStatus.UNAUTHORIZED,
      'NotAuthorizedException',
      'Invalid session for the user, session is expired.',
    ),
  accessTokenRevoked: () =>
    new IdentityError(
      HttpStatus.UNAUTHORIZED,
      'NotAuthorizedException',
      'Access Token has been revoked',
    ),
  invalidAccessToken: () =>
    new IdentityError(HttpStatus.UNAUTHORIZED, 'NotAuthorizedException', 'Invalid Access Token'),
  refreshTokenRevoked: () =>
    new IdentityError(
      HttpStatus.UNAUTHORIZED,
      'NotAuthorizedException',
      'Refresh Token has been revoked',
    ),
  refreshTokenExpired: () =>
    new IdentityError(
      HttpStatus.UNAUTHORIZED,
      'NotAuthorizedException',
      'Refresh Token has expired',
    ),
  invalidRefreshToken: () =>
    new IdentityError(HttpStatus.UNAUTHORIZED, 'NotAuthorizedException', 'Invalid Refresh Token'),
};
