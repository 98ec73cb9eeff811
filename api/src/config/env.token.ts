/** Injection token for the validated Env. */
export const ENV = Symbol('ENV');
