import { useMemo, useSyncExternalStore } from 'react';
import { mirrorShellCookies } from './shell-cookies';

/** Local storage keys (spec 01 §3). */
export const STORAGE_KEYS = {
  userId: 'userId',
  accessToken: 'accessToken',
  /** The product session's refresh token (POST /api/hcp/refresh_token); logout removes it. */
  refreshToken: 'refreshToken',
  user: 'user',
  sessionId: 'session_id',
  login: 'login',
  registerType: 'registerType',
  scrollTop: 'scrollTop',
  page: 'page',
  userData: 'userData',
  lang: 'lang',
  countryCode: 'country_code',
  cookieConsentTime: 'cookieConsentTime',
  cookieConsentIp: 'cookieConsentIp',
  partnerSource: 'partnerSource',
} as const;

/** The keys logout clears (spec 01 §4 Logout). */
export const SESSION_KEYS = [
  STORAGE_KEYS.userId,
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.user,
  STORAGE_KEYS.sessionId,
  STORAGE_KEYS.login,
  STORAGE_KEYS.registerType,
  STORAGE_KEYS.scrollTop,
  STORAGE_KEYS.page,
  STORAGE_KEYS.userData,
] as const;

/** The user as kept in local storage (spec 01 §3 User). */
export interface StoredUser {
  _id: string;
  type?: string;
  email: string;
  firstName: string;
  lastName?: string;
  phoneNumber?: string;
  country?: string;
  userSource?: string;
  clinopsuser?: boolean;
}

const CHANGE_EVENT = 'trialflow:storage';

function notify(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) {
      window.localStorage.removeItem(key);
    } else {
      window.localStorage.setItem(key, value);
    }
  } catch {
    // Storage full or disabled (private mode): the app still works for this page view.
  }
  if (key === STORAGE_KEYS.lang || key === STORAGE_KEYS.cookieConsentTime) {
    syncShellCookies();
  }
  notify();
}

/** The server picks /login's prerendered screen by these (lib/shell-cookies.ts). */
export function syncShellCookies(): void {
  mirrorShellCookies(readItem(STORAGE_KEYS.lang), readItem(STORAGE_KEYS.cookieConsentTime));
}

export function readUser(): StoredUser | null {
  return parseUser(readItem(STORAGE_KEYS.user));
}

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) {
    return null;
  }
  try {
    const user = JSON.parse(raw) as unknown;
    return user && typeof user === 'object' && typeof (user as StoredUser)._id === 'string'
      ? (user as StoredUser)
      : null;
  } catch {
    return null;
  }
}

/** The login flag the guarded routes check (spec 01 §2). */
export function hasLoginFlag(): boolean {
  return readItem(STORAGE_KEYS.login) === 'true';
}

/** Home needs both the login flag and the stored user. */
export function isLoggedIn(): boolean {
  return hasLoginFlag() && readUser() !== null;
}

export function newSessionId(): string {
  return crypto.randomUUID();
}

/** A random session id, created once and kept (spec 01 §9). */
export function ensureSessionId(): string {
  const existing = readItem(STORAGE_KEYS.sessionId);
  if (existing) {
    return existing;
  }
  const id = newSessionId();
  writeItem(STORAGE_KEYS.sessionId, id);
  return id;
}

export function storeLogin(accessToken: string, user: StoredUser, registerType = 'email'): void {
  writeItem(STORAGE_KEYS.login, 'true');
  writeItem(STORAGE_KEYS.accessToken, accessToken);
  writeItem(STORAGE_KEYS.user, JSON.stringify(user));
  writeItem(STORAGE_KEYS.userId, user._id);
  writeItem(STORAGE_KEYS.registerType, registerType);
}

/** The product session's refresh token, kept beside the product token (login_email gives it). */
export function storeRefreshToken(refreshToken: string): void {
  writeItem(STORAGE_KEYS.refreshToken, refreshToken);
}

/** Logout: clears the session keys and starts a new random session id. */
export function clearSession(): void {
  for (const key of SESSION_KEYS) {
    writeItem(key, null);
  }
  writeItem(STORAGE_KEYS.sessionId, newSessionId());
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Re-renders when a stored value changes, in this tab or another. */
export function useStoredItem(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readItem(key),
    () => null,
  );
}

export function useStoredUser(): StoredUser | null {
  const raw = useStoredItem(STORAGE_KEYS.user);
  // The raw string is the snapshot, so the parsed user stays the same object between renders.
  return useMemo(() => parseUser(raw), [raw]);
}

export function useIsLoggedIn(): boolean {
  const login = useStoredItem(STORAGE_KEYS.login);
  const user = useStoredItem(STORAGE_KEYS.user);
  return login === 'true' && user !== null && readUser() !== null;
}
