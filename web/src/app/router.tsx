import { lazy, Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { LoginScreen } from '@/features/identity/login';
import { DeferredTexts } from '@/i18n/deferred-texts';
import { setRouteQueryClient, trackFirstScreen } from './route-query-client';
import { AppRoot } from './routes/app-root';
import { CatchAllRoute } from './routes/catch-all';
import {
  RedirectLoggedIn,
  RequireClinops,
  RequireHomeSession,
  RequireLogin,
} from './routes/guards';
import { RouteError } from './routes/route-error';

const staticPage =
  (
    name:
      'AboutPage' | 'ContactPage' | 'PrivacyPage' | 'CookiePage' | 'TermsPage' | 'ImpressumPage',
  ) =>
  async () => {
    const pages = await import('@/features/static-pages');
    const Page = pages[name];
    return {
      Component: () => (
        <DeferredTexts namespace="pages">
          <Page />
        </DeferredTexts>
      ),
    };
  };

const identityScreen = (name: 'ConfirmScreen') => async () => {
  const screens = await import('@/features/identity/screens');
  return { Component: screens[name] };
};

/** Sign-up, for a visitor without a session: a logged-in user goes home (as from /login). */
const registerScreen = async () => {
  const { RegisterScreen } = await import('@/features/identity/screens');
  return {
    Component: () => (
      <RedirectLoggedIn>
        <RegisterScreen />
      </RedirectLoggedIn>
    ),
  };
};

/**
 * Home, the signed-in first screen: the guard decides at once (a signed-out visitor is sent to
 * /login without waiting for Home's code), then the search form's chunk loads.
 */
type HomeModule = typeof import('./routes/home');
/** Home's code once it has arrived: then it draws at once, with no lazy() round of its own. */
let homeModule: HomeModule | null = null;
const loadHome = async (): Promise<HomeModule> => (homeModule = await import('./routes/home'));
const LazyHomeRoute = lazy(async () => ({ default: (await loadHome()).HomeRoute }));

function HomeRouteLoader() {
  if (homeModule) {
    const { HomeRoute } = homeModule;
    return <HomeRoute />;
  }
  return (
    <Suspense fallback={<Spinner />}>
      <LazyHomeRoute />
    </Suspense>
  );
}

/**
 * Starts loading the signed-in first screen's code at boot, side by side with the texts: when
 * they arrive, Home is in and draws with the navigation bar in one go, not one render (and one
 * long task on a phone) after it. Only for a visitor with a session (others go to /login).
 * main.tsx waits for it (a few seconds at most) before the first render.
 */
export function preloadFirstScreen(pathname: string, signedIn: boolean): Promise<unknown> | null {
  return pathname === paths.home && signedIn ? loadHome() : null;
}

const dashboardRoute = (name: 'DashboardRoute' | 'ProfileRoute') => async () => {
  const routes = await import('./routes/dashboard');
  const Screen = routes[name];
  return {
    Component: () => (
      <RequireLogin>
        <Screen />
      </RequireLogin>
    ),
  };
};

const referral = (name: 'DetailsRoute' | 'ClinopsDetailsRoute') => async () => {
  const routes = await import('./routes/referrals');
  return { Component: routes[name] };
};

/**
 * A screen's loader, in a small chunk of its own: the router runs it side by side with the
 * screen's lazy code (app/routes/loaders.ts).
 */
const loader =
  (name: 'detailsLoader' | 'searchLoader') =>
  async (args: LoaderFunctionArgs): Promise<null> =>
    (await import('./routes/loaders'))[name](args);

type GuardedReferralRoute =
  'TrialRequestsMobileRoute' | 'MobileNotificationsRoute' | 'FacilityBoardRoute';

/**
 * A guarded referral screen: the guard decides at once (a redirect never waits for the screen's
 * code), then the screen loads.
 */
const referralGuarded = (name: GuardedReferralRoute) => {
  const Screen = lazy(async () => ({ default: (await import('./routes/referrals'))[name] }));
  const Guard = name === 'FacilityBoardRoute' ? RequireClinops : RequireLogin;
  return (
    <Guard>
      <Suspense fallback={<Spinner />}>
        <Screen />
      </Suspense>
    </Guard>
  );
};

/** The route table of spec 01 §2. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    // Shown while the first lazy route of a page load arrives.
    hydrateFallbackElement: <Spinner fullscreen />,
    errorElement: <RouteError />,
    children: [
      {
        path: paths.home,
        element: (
          <RequireHomeSession>
            <HomeRouteLoader />
          </RequireHomeSession>
        ),
      },
      {
        path: paths.mobileNotifications,
        element: referralGuarded('MobileNotificationsRoute'),
      },
      {
        path: paths.trialRequestsMobile,
        element: referralGuarded('TrialRequestsMobileRoute'),
      },
      {
        path: paths.detailsPattern,
        loader: loader('detailsLoader'),
        lazy: referral('DetailsRoute'),
      },
      {
        path: paths.detailsOncobitPattern,
        loader: loader('detailsLoader'),
        lazy: referral('DetailsRoute'),
      },
      {
        path: paths.detailsClinopsPattern,
        loader: loader('detailsLoader'),
        lazy: referral('ClinopsDetailsRoute'),
      },
      {
        path: paths.questionnaire,
        lazy: async () => {
          const [{ QuestionnaireScreen }, { PatientSummaryPanel }] = await Promise.all([
            import('@/features/questionnaire/screens'),
            import('@/features/patient-summary'),
          ]);
          return {
            Component: () => (
              <QuestionnaireScreen summary={<PatientSummaryPanel editable={false} />} />
            ),
          };
        },
      },
      {
        path: paths.search,
        loader: loader('searchLoader'),
        lazy: async () => {
          const [{ SearchScreen }, { PatientSummaryPanel }] = await Promise.all([
            import('@/features/search'),
            import('@/features/patient-summary'),
          ]);
          return { Component: () => <SearchScreen patientPanel={<PatientSummaryPanel />} /> };
        },
      },
      { path: paths.about, lazy: staticPage('AboutPage') },
      { path: paths.contact, lazy: staticPage('ContactPage') },
      { path: paths.privacy, lazy: staticPage('PrivacyPage') },
      { path: paths.cookie, lazy: staticPage('CookiePage') },
      { path: paths.terms, lazy: staticPage('TermsPage') },
      { path: paths.impressum, lazy: staticPage('ImpressumPage') },
      {
        path: paths.searchByCondition,
        lazy: async () => ({
          Component: (await import('@/features/search')).SearchByConditionScreen,
        }),
      },
      { path: paths.dashboard, lazy: dashboardRoute('DashboardRoute') },
      { path: paths.dashboardProfile, lazy: dashboardRoute('ProfileRoute') },
      { path: paths.clinopsDashboard, element: referralGuarded('FacilityBoardRoute') },
      // The first screen of most visits is part of the entry: no further round trip once the app's
      // code has arrived (~0.6 s on Lighthouse's slow 4G); the other identity screens stay lazy.
      {
        path: paths.login,
        element: (
          <RedirectLoggedIn>
            <LoginScreen />
          </RedirectLoggedIn>
        ),
      },
      { path: paths.confirm, lazy: identityScreen('ConfirmScreen') },
      { path: paths.registerWithEmailPattern, lazy: registerScreen },
      { path: paths.register, lazy: registerScreen },
      { path: '*', element: <CatchAllRoute /> },
    ],
  },
];

export function createRouter(queryClient: QueryClient) {
  setRouteQueryClient(queryClient);
  const router = createBrowserRouter(routes);
  trackFirstScreen(router);
  return router;
}
