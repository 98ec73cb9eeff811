import { createBrowserRouter, RouteObject } from 'react-router-dom';
import { AppShell } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';
import { CatchAllRoute } from './routes/catch-all';
import { RequireClinops, RequireHomeSession, RequireLogin } from './routes/guards';
import { HomeRoute } from './routes/home';
import { RouteError } from './routes/route-error';
import { UpcomingScreen } from './routes/upcoming-screen';

const staticPage =
  (
    name:
      'AboutPage' | 'ContactPage' | 'PrivacyPage' | 'CookiePage' | 'TermsPage' | 'ImpressumPage',
  ) =>
  async () => {
    const pages = await import('@/features/static-pages');
    return { Component: pages[name] };
  };

const upcoming = (titleKey: string) => <UpcomingScreen titleKey={titleKey} />;

/** The route table of spec 01 §2. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      {
        path: paths.home,
        element: (
          <RequireHomeSession>
            <HomeRoute />
          </RequireHomeSession>
        ),
      },
      { path: paths.mobileNotifications, element: upcoming('common.screens.notifications') },
      { path: paths.trialRequestsMobile, element: upcoming('common.screens.trialRequests') },
      { path: paths.detailsPattern, element: upcoming('common.screens.trialDetails') },
      { path: paths.detailsOncobitPattern, element: upcoming('common.screens.trialDetails') },
      { path: paths.detailsClinopsPattern, element: upcoming('common.screens.trialDetails') },
      { path: paths.questionnaire, element: upcoming('common.screens.questionnaire') },
      { path: paths.search, element: upcoming('common.screens.search') },
      { path: paths.about, lazy: staticPage('AboutPage') },
      { path: paths.contact, lazy: staticPage('ContactPage') },
      { path: paths.privacy, lazy: staticPage('PrivacyPage') },
      { path: paths.cookie, lazy: staticPage('CookiePage') },
      { path: paths.terms, lazy: staticPage('TermsPage') },
      { path: paths.impressum, lazy: staticPage('ImpressumPage') },
      { path: paths.searchByCondition, element: upcoming('common.screens.search') },
      {
        path: paths.dashboard,
        element: <RequireLogin>{upcoming('common.screens.dashboard')}</RequireLogin>,
      },
      {
        path: paths.dashboardProfile,
        element: <RequireLogin>{upcoming('common.screens.profile')}</RequireLogin>,
      },
      {
        path: paths.clinopsDashboard,
        element: <RequireClinops>{upcoming('common.screens.board')}</RequireClinops>,
      },
      { path: paths.login, element: upcoming('common.screens.login') },
      { path: paths.confirm, element: upcoming('common.screens.confirm') },
      { path: paths.registerWithEmailPattern, element: upcoming('common.screens.register') },
      { path: paths.register, element: upcoming('common.screens.register') },
      { path: '*', element: <CatchAllRoute /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
