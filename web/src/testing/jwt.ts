/** An unsigned JWT-shaped token with these claims: the web reads claims, never checks signatures. */
export function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown): string =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** Seconds since the epoch, s seconds from now (a token's `exp`). */
export const inSeconds = (s: number): number => Math.floor(Date.now() / 1000) + s;
