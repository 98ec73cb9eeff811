import { describe, expect, it } from 'vitest';
import { WAIT_ERROR_KEYS, waitErrorKey } from '@/lib/api-errors';
import { createTestI18n } from '@/testing/render';
import { IdentityError } from './client/identity-client';
import { AUTH_ERROR_KEYS, authErrorKey } from './identity-errors';

describe(authErrorKey.name, () => {
  it("should map the provider's known messages", () => {
    expect(authErrorKey(new IdentityError('User is not confirmed.'))).toBe(
      AUTH_ERROR_KEYS.userNotConfirmed,
    );
    expect(authErrorKey({ statusCode: 409, message: 'User already exists.' })).toBe(
      AUTH_ERROR_KEYS.usernameExists,
    );
    expect(
      authErrorKey(
        new IdentityError(
          'Password did not conform with policy: Password must have more than 8 characters',
        ),
      ),
    ).toBe(AUTH_ERROR_KEYS.invalidPassword);
  });

  it('should fall back to the exception name, then to the generic message', () => {
    expect(
      authErrorKey(new IdentityError('Password not long enough', 'InvalidPasswordException')),
    ).toBe(AUTH_ERROR_KEYS.invalidPassword);
    expect(authErrorKey(new IdentityError('Weird'))).toBe(AUTH_ERROR_KEYS.unexpected);
    expect(authErrorKey('plain text')).toBe(AUTH_ERROR_KEYS.unexpected);
    expect(authErrorKey(new TypeError('Failed to fetch'))).toBe(AUTH_ERROR_KEYS.network);
  });

  it('should word a rate limit (429) as a request to wait, in every language', () => {
    const limited = new IdentityError(
      'Too many requests, please try again later.',
      'TooManyRequests',
      429,
    );
    expect(authErrorKey(limited)).toBe(WAIT_ERROR_KEYS.tooManyRequests);
    expect(authErrorKey({ statusCode: 429, code: 'TooManyRequests', message: 'x' })).toBe(
      WAIT_ERROR_KEYS.tooManyRequests,
    );
    // The lock keeps its own wording.
    expect(authErrorKey(new IdentityError('Password attempts exceeded', undefined, 429))).toBe(
      AUTH_ERROR_KEYS.passwordAttempts,
    );
    expect(
      waitErrorKey({ statusCode: 429, errors: { progressId: 'reminderTooSoon' }, message: 'x' }),
    ).toBe(WAIT_ERROR_KEYS.reminderTooSoon);
    expect(waitErrorKey({ statusCode: 400, message: 'x' })).toBeNull();
    expect(createTestI18n('en').t(WAIT_ERROR_KEYS.reminderTooSoon)).toBe(
      'A reminder about this request was sent less than an hour ago. Please try again later.',
    );
    for (const language of ['en', 'es', 'de'] as const) {
      const i18n = createTestI18n(language);
      for (const key of Object.values(WAIT_ERROR_KEYS)) {
        expect(i18n.exists(key), `${language}: ${key}`).toBe(true);
      }
    }
    expect(createTestI18n('de').t(WAIT_ERROR_KEYS.tooManyRequests)).toBe(
      'Zu viele Anfragen von Ihrer Verbindung. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
    );
  });

  it('should have a real text for every key in every language', () => {
    for (const language of ['en', 'es', 'de'] as const) {
      const i18n = createTestI18n(language);
      for (const key of Object.values(AUTH_ERROR_KEYS)) {
        expect(i18n.exists(key), `${language}: ${key}`).toBe(true);
      }
    }
    expect(createTestI18n('de').t(AUTH_ERROR_KEYS.userNotFound)).toBe(
      'Der Benutzer existiert nicht. Bitte registrieren Sie sich.',
    );
  });
});
