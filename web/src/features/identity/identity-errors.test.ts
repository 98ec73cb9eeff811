import { describe, expect, it } from 'vitest';
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
