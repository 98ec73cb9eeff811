import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider, createQueryClient } from '@/app/provider';
import { createRouter, preloadFirstScreen } from '@/app/router';
import { storedLanguage } from '@/i18n/i18n';
import { translationsQueryOptions } from '@/i18n/translations-gate';
import { configQueryOptions } from '@/lib/app-config';
import { configureApiClient } from '@/lib/api-client';
import { warmFormatters } from '@/lib/intl';
import { ensureSessionId, isLoggedIn, syncShellCookies } from '@/lib/storage';
import '@/styles/global.css';

configureApiClient();
ensureSessionId();
// A language or consent stored before the cookies existed: /login's next answer matches it.
syncShellCookies();

// The first screen waits for the texts and the configuration: both start now, side by side
// (public/boot.js may have started them already), not one after the other as the providers
// would ask for them. A failure is left to the providers' own queries and retries.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(translationsQueryOptions(storedLanguage()));
void queryClient.prefetchQuery(configQueryOptions());
const signedIn = isLoggedIn();
const firstScreen = preloadFirstScreen(window.location.pathname, signedIn);
if (signedIn) {
  // The doctor's screens format numbers and sort names; /login does not.
  warmFormatters(storedLanguage());
}

const router = createRouter(queryClient);

function render(): void {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

/** The longest the first render waits for the first screen's code; after it, its spinner. */
const FIRST_SCREEN_WAIT_MS = 3000;

if (firstScreen) {
  // Nothing is painted meanwhile but what the spinner would show after 0.4 s anyway; a failed
  // load is left to the route's own lazy load and its error screen.
  void Promise.race([
    firstScreen.catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
  ]).then(render);
} else {
  render();
}
