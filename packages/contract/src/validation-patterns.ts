/**
 * The input rules of spec 02 §5, shared by the API's DTOs (the web app has the same rules with
 * translated messages).
 */
/** Spec 02 §5's rule plus the hyphen: hyphenated surnames (Müller-Lüdenscheidt) are common. */
export const FULL_NAME = /^[\p{L}\p{M}.\s'-]*$/u;
export const ALPHANUMERIC = /^[\p{L}\p{M}\p{N}@,.\-_\s?!']*$/u;
export const NUMBERS_ONLY = /^\d*$/;
/** An international number: '+', a country prefix and 4 to 15 digits in all. */
export const PHONE = /^\+\d{5,15}$/;
export const TEXT_MAX = 60;
/** Spec 01 §5: a password needs more than 8 characters. */
export const PASSWORD_MIN_LENGTH = 9;
export const PASSWORD_MAX_LENGTH = 256;
/**
 * A trial request's patient identifier (spec 01 §5 "only allowed characters"): letters, digits,
 * space and - _ . / # — enough for hospital record numbers, nothing that reads as markup.
 */
export const REQUEST_IDENTIFIER = /^[\p{L}\p{M}\p{N} _./#-]+$/u;
/** A ClinicalTrials.gov id. */
export const NCT_ID = /^NCT\d{8}$/;
