/** The claims the web app reads from an identity token (it never verifies: the API does). */
export interface TokenClaims {
  sub?: string;
  email?: string;
  exp?: number;
  iat?: number;
}

export function decodeJwt(token: string): TokenClaims | null {
  const part = token.split('.')[1];
  if (!part) {
    return null;
  }
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return claims && typeof claims === 'object' ? claims : null;
  } catch {
    return null;
  }
}
