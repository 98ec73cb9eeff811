/**
 * The input validators of spec 02 §5. Each one returns the translation key of its message
 * (namespace `validation`) or null when the value passes; the caller translates, so a message
 * follows the language even after it was produced.
 */
import {
  ALPHANUMERIC,
  FULL_NAME,
  NUMBERS_ONLY,
  PASSWORD_MIN_LENGTH,
  TEXT_MAX,
} from '@trialflow/contract';

export type Validator = (value: string) => string | null;

// The patterns and limits are the API's own (@trialflow/contract validation-patterns.ts).
export { PASSWORD_MIN_LENGTH, TEXT_MAX };

const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
export const PHONE_MIN_DIGITS = 4;
export const PHONE_MAX_DIGITS = 15;

export const VALIDATION_KEYS = {
  email: 'validation.email',
  numbersOnly: 'validation.numbersOnly',
  length60: 'validation.length60',
  fullName: 'validation.fullName',
  alphanumeric: 'validation.alphanumeric',
  phoneMin: 'validation.phoneMin',
  phoneMax: 'validation.phoneMax',
  password: 'validation.password',
} as const;

export const email: Validator = (value) =>
  EMAIL.test(value.trim()) ? null : VALIDATION_KEYS.email;

export const numbersOnly: Validator = (value) =>
  NUMBERS_ONLY.test(value) ? null : VALIDATION_KEYS.numbersOnly;

export const length60: Validator = (value) =>
  Array.from(value).length <= TEXT_MAX ? null : VALIDATION_KEYS.length60;

export const fullName: Validator = (value) =>
  FULL_NAME.test(value) ? null : VALIDATION_KEYS.fullName;

export const alphanumeric: Validator = (value) =>
  ALPHANUMERIC.test(value) ? null : VALIDATION_KEYS.alphanumeric;

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * At least 4 digits after the country prefix: the whole number needs 4 plus the prefix's length
 * (spec 02 §5). `prefix` is the dialling code, e.g. '49'.
 */
export const phoneMin =
  (prefix = ''): Validator =>
  (value) =>
    digitsOf(value).length >= PHONE_MIN_DIGITS + digitsOf(prefix).length
      ? null
      : VALIDATION_KEYS.phoneMin;

/** At most 15 digits in all, prefix included (E.164). */
export const phoneMax: Validator = (value) =>
  digitsOf(value).length <= PHONE_MAX_DIGITS ? null : VALIDATION_KEYS.phoneMax;

export const password: Validator = (value) =>
  value.length >= PASSWORD_MIN_LENGTH ? null : VALIDATION_KEYS.password;

export interface ValidateOptions {
  /**
   * Spec 02 §5 "additional error": report the rules' messages for an empty value too. Without it
   * an empty value shows nothing (a required field says so with its own message).
   */
  showWhenEmpty?: boolean;
}

/** Every failing rule's message key, in order; empty when the value passes all of them. */
export function validate(
  value: string,
  validators: readonly Validator[],
  options: ValidateOptions = {},
): string[] {
  if (value.trim() === '' && !options.showWhenEmpty) {
    return [];
  }
  return validators.map((check) => check(value)).filter((key): key is string => key !== null);
}

/** Combined validators join their messages with a space (spec 02 §5). */
export function joinMessages(keys: readonly string[], t: (key: string) => string): string {
  return keys.map((key) => t(key)).join(' ');
}
