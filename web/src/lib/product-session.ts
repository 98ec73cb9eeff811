import { useEffect } from 'react';
import { refreshSession } from '@/api/sdk.gen';
import { readItem, STORAGE_KEYS, useStoredItem, writeItem } from './storage';

/** Refresh this long before the product token expires (and on any call made within it). */
export const REFRESH_MARGIN_MS = 60_000;

/** The event the query caches also send on a 401: the identity feature ends the session. */
export const UNAUTHORIZED_EVENT = 'trialflow:unauthorized';

const LOCK_NAME = 'trialflow:product-refresh';

/** The expiry (ms) of a product token, read from its payload (the API verifies it). */
export function tokenExpiry(token: string | null): number | null {
  const part = token?.split('.')[1];
  if (!part) {
    return null;
  }
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims = JSON.parse(atob(padded)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Whether the stored product token expires within the margin (or cannot be read). */
export function needsRefresh(now = Date.now()): boolean {
  const token = readItem(STORAGE_KEYS.accessToken);
  if (!token || !readItem(STORAGE_KEYS.refreshToken)) {
    return false;
  }
  const expiry = tokenExpiry(token);
  return expiry === null || expiry - now <= REFRESH_MARGIN_MS;
}

function isUnauthorized(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { statusCode?: number }).statusCode === 401
  );
}

async function exchange(refreshToken: string): Promise<string | null> {
  // Another tab may have refreshed while this one waited for the lock: its tokens are ours.
  const current = readItem(STORAGE_KEYS.refreshToken);
  if (current !== refreshToken) {
    return current ? readItem(STORAGE_KEYS.accessToken) : null;
  }
  try {
    const { data } = await refreshSession({ body: { refreshToken }, throwOnError: true });
    writeItem(STORAGE_KEYS.accessToken, data.data.accessToken);
    writeItem(STORAGE_KEYS.refreshToken, data.data.refreshToken);
    return data.data.accessToken;
  } catch (error) {
    if (isUnauthorized(error)) {
      // The session has ended (signed out elsewhere, expired, or the token was copied): the
      // identity feature clears the device and shows the login screen with a message.
      writeItem(STORAGE_KEYS.refreshToken, null);
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
      return null;
    }
    // Offline or a server error: keep the session and try again at the next call.
    return readItem(STORAGE_KEYS.accessToken);
  }
}

let inFlight: Promise<string | null> | null = null;

/**
 * Trades the stored refresh token for a new product token, once for every caller of this tab
 * and, where the browser has Web Locks, one tab at a time (two tabs sending one refresh token
 * would look like a stolen token and end the session). Answers the product token to use, or
 * null when the session has ended.
 */
export function refreshProductSession(): Promise<string | null> {
  const refreshToken = readItem(STORAGE_KEYS.refreshToken);
  if (!refreshToken) {
    return Promise.resolve(null);
  }
  inFlight ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks
        ? await locks.request(LOCK_NAME, () => exchange(refreshToken))
        : await exchange(refreshToken);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/**
 * While signed in, refreshes the product token a minute before it expires, so an open page
 * (and its live event stream) keeps a valid token without a failed call first.
 */
export function useProductSessionRefresh(): void {
  const token = useStoredItem(STORAGE_KEYS.accessToken);
  const refreshToken = useStoredItem(STORAGE_KEYS.refreshToken);
  useEffect(() => {
    const expiry = tokenExpiry(token);
    if (!token || !refreshToken || expiry === null) {
      return;
    }
    const delay = Math.max(0, expiry - REFRESH_MARGIN_MS - Date.now());
    const timer = window.setTimeout(() => {
      void refreshProductSession();
    }, delay);
    return () => window.clearTimeout(timer);
  }, [token, refreshToken]);
}
