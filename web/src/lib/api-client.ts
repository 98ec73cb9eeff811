import { client } from '@/api/client.gen';
import { needsRefresh, refreshProductSession } from './product-session';
import { readItem, STORAGE_KEYS } from './storage';

let configured = false;

/** Requests that carry the product token, each with a copy to send again after a refresh. */
const retryable = new WeakMap<Request, Request>();

function isRefreshCall(request: Request): boolean {
  return new URL(request.url, 'http://localhost').pathname === '/api/hcp/refresh_token';
}

/**
 * fetch for the generated client: a call refused with 401 while a refresh token is stored is
 * sent once more with the product token the refresh gives (the token may have expired on the
 * way, or the page slept past it); a second 401 reaches the caller, and the session ends.
 */
async function productFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const copy = input instanceof Request ? retryable.get(input) : undefined;
  const response = await globalThis.fetch(input, init);
  if (response.status !== 401 || !copy || !readItem(STORAGE_KEYS.refreshToken)) {
    return response;
  }
  const token = await refreshProductSession();
  if (!token) {
    return response;
  }
  copy.headers.set('Authorization', `Bearer ${token}`);
  return globalThis.fetch(copy);
}

/**
 * Points the generated client at this origin and sends the stored product token on every call,
 * refreshing it first when it is about to expire.
 */
export function configureApiClient(): void {
  if (configured) {
    return;
  }
  configured = true;
  client.setConfig({ baseUrl: '', fetch: productFetch });
  client.interceptors.request.use(async (request) => {
    // A call made with its own credential (`auth`, e.g. the identity provider's access token)
    // keeps it; every other call carries the product token, empty when there is none (spec 01 §6).
    if (request.headers.has('Authorization')) {
      return request;
    }
    if (isRefreshCall(request)) {
      request.headers.set('Authorization', 'Bearer ');
      return request;
    }
    const token = needsRefresh()
      ? ((await refreshProductSession()) ?? readItem(STORAGE_KEYS.accessToken))
      : readItem(STORAGE_KEYS.accessToken);
    request.headers.set('Authorization', `Bearer ${token ?? ''}`);
    if (token && readItem(STORAGE_KEYS.refreshToken)) {
      retryable.set(request, request.clone());
    }
    return request;
  });
}
