/** ALTCHA's language files register their texts on import and export nothing we use. */
declare module 'altcha/i18n/*';
