import { client } from '@/api/client.gen';
import { readItem, STORAGE_KEYS } from './storage';

let configured = false;

/** Points the generated client at this origin and sends the stored token on every call. */
export function configureApiClient(): void {
  if (configured) {
    return;
  }
  configured = true;
  client.setConfig({ baseUrl: '' });
  client.interceptors.request.use((request) => {
    // A call made with its own credential (`auth`, e.g. the identity provider's access token)
    // keeps it; every other call carries the product token, empty when there is none (spec 01 §6).
    if (!request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${readItem(STORAGE_KEYS.accessToken) ?? ''}`);
    }
    return request;
  });
}
