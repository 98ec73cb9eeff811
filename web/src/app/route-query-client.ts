import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's query client, for route loaders: a loader asks for a screen's data while the
 * screen's code loads, and the screen finds it in the cache on its first render. Set by
 * createRouter (and the tests' renderer); without it loaders ask for nothing.
 */
let client: QueryClient | null = null;
/** Until the page load's first screen is shown: only then does a loader hold the render. */
let firstScreen = true;

export function setRouteQueryClient(queryClient: QueryClient | null): void {
  client = queryClient;
  firstScreen = true;
}

interface InitializingRouter {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/**
 * Ends the first-screen phase once the router has its first screen. Later navigations (the
 * questionnaire's 'See matching trials') show the next screen at once, with its own spinner or
 * skeleton, rather than keep the old screen on while the data comes.
 */
export function trackFirstScreen(router: InitializingRouter): void {
  if (router.state.initialized) {
    firstScreen = false;
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (state.initialized) {
      firstScreen = false;
      unsubscribe();
    }
  });
}

/** The longest a first render waits for a loader's data; after it, the screen's own spinner. */
export const LOADER_WAIT_MS = 3000;

/**
 * Starts `prefetch` with the client; for the page load's first screen, waits for it (at most
 * LOADER_WAIT_MS). Never throws: a failure stays in the query's cache for the screen to show.
 */
export async function prefetchForRoute(
  prefetch: (queryClient: QueryClient) => Promise<unknown>,
): Promise<null> {
  if (client) {
    const request = prefetch(client).catch(() => undefined);
    if (firstScreen) {
      await Promise.race([request, new Promise((resolve) => setTimeout(resolve, LOADER_WAIT_MS))]);
    }
  }
  return null;
}
