/**
 * The requests `public/boot.js` starts before the app's JavaScript has arrived (the
 * configuration and the texts): the app takes each answer once, when the URL is the one it
 * would request itself, and requests it on its own otherwise (boot.js ran late, failed, or the
 * language changed since).
 */
interface BootRequest {
  url: string;
  response: Promise<unknown>;
}

export type BootRequestName = 'config' | 'texts';

declare global {
  interface Window {
    trialflowBoot?: Partial<Record<BootRequestName, BootRequest>>;
  }
}

/** The early answer for `url`, at most once; null when there is none to use. */
export function takeBootRequest<T>(name: BootRequestName, url: string): Promise<T> | null {
  const boot = typeof window === 'undefined' ? undefined : window.trialflowBoot;
  const request = boot?.[name];
  if (!boot || !request || request.url !== url) {
    return null;
  }
  delete boot[name];
  return request.response as Promise<T>;
}

/** The early answer when there is one and it succeeded, else `request()`. */
export async function withBootRequest<T>(
  name: BootRequestName,
  url: string,
  request: () => Promise<T>,
): Promise<T> {
  const early = takeBootRequest<T>(name, url);
  if (early) {
    try {
      return await early;
    } catch {
      // Failed early (offline for a moment, a 5xx): the app's own request, with its retries.
    }
  }
  return request();
}
