import { configure, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderWithApp, TEST_CLINOPS, TEST_HCP } from '@/testing/render';

// The first route of the file and the facility board load their chunks: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

describe('routing (spec 01 §2)', () => {
  it('should send a logged-out visitor from / to /login', async () => {
    const { router } = renderWithApp(null, { route: '/' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/login');
  });

  it('should send a logged-in user from /login to /, not show the login form again', async () => {
    const { router } = renderWithApp(null, { route: '/login', user: TEST_HCP });

    expect(
      await screen.findByRole('heading', { name: 'Find clinical trials for your patients' }),
    ).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { level: 1, name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it.each(['/register', '/register/dr.vega%40hospital.example'])(
    'should send a logged-in user from the sign-up page %s to /',
    async (route) => {
      const { router } = renderWithApp(null, { route, user: TEST_HCP });

      expect(
        await screen.findByRole('heading', { name: 'Find clinical trials for your patients' }),
      ).toBeInTheDocument();
      expect(router?.state.location.pathname).toBe('/');
    },
  );

  it('should show the login form to a logged-out visitor at /login', async () => {
    const { router } = renderWithApp(null, { route: '/login' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/login');
  });

  it.each([
    ['a login flag without a user', { [STORAGE_KEYS.login]: 'true' }],
    ['a stored user without the login flag', { [STORAGE_KEYS.user]: JSON.stringify(TEST_HCP) }],
    ['an unreadable stored user', { [STORAGE_KEYS.login]: 'true', [STORAGE_KEYS.user]: '{' }],
  ])('should show the login form, and stay, for %s', async (_, storage) => {
    const { router } = renderWithApp(null, { route: '/', storage });
    const visited: string[] = [];
    router?.subscribe((state) => visited.push(state.location.pathname));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/login');
    // Home sends it to /login, and /login keeps it: no way back to / and round again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router?.state.location.pathname).toBe('/login');
    expect(visited.filter((path) => path === '/')).toEqual([]);
  });

  it('should send /dashboard to /login when the login flag is missing', async () => {
    // A stored user alone is not enough: the guard checks the login flag.
    const { router } = renderWithApp(null, {
      route: '/dashboard',
      storage: { [STORAGE_KEYS.user]: JSON.stringify(TEST_HCP) },
    });

    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router?.state.location.pathname).toBe('/login');
  });

  it('should open /dashboard for a logged-in user', async () => {
    const { router } = renderWithApp(null, { route: '/dashboard', user: TEST_HCP });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/dashboard');
  });

  it('should send a logged-in user without the clinops flag from /clinops/dashboard to /', async () => {
    const { router } = renderWithApp(null, { route: '/clinops/dashboard', user: TEST_HCP });

    expect(
      await screen.findByRole('heading', { name: 'Find clinical trials for your patients' }),
    ).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/');
  });

  it('should open the facility board for a clinops user', async () => {
    const { router } = renderWithApp(null, { route: '/clinops/dashboard', user: TEST_CLINOPS });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Facility board' }),
    ).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/clinops/dashboard');
  });

  it('should send an unknown route to / and show the HCP home', async () => {
    const { router } = renderWithApp(null, { route: '/no/such/page', user: TEST_HCP });

    expect(
      await screen.findByRole('heading', { name: 'Find clinical trials for your patients' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Welcome, Lucía')).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/');
  });

  it('should show the clinops title on the home of a clinops user', async () => {
    renderWithApp(null, { route: '/', user: TEST_CLINOPS });

    expect(
      await screen.findByRole('heading', { name: 'Manage patient referrals for your trials.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Find clinical trials for your patients')).not.toBeInTheDocument();
  });

  it('should select the partner of /partner={urlParam}, land on / and apply its theme', async () => {
    const { userSource: _ignored, ...withoutSource } = TEST_HCP;
    const { router } = renderWithApp(null, {
      route: '/partner=breastcancer',
      user: { ...withoutSource },
    });

    await screen.findByRole('heading', { name: 'Find clinical trials for your patients' });
    expect(router?.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.partnerSource)).toBe('breast_cancer_partner');
    await waitFor(() => expect(document.body).toHaveClass('theme-breast-cancer'));
    expect(document.body).not.toHaveClass('theme-ancora-hcp');
    expect(screen.getAllByRole('img', { name: 'Trialflow Breast Cancer' }).length).toBeGreaterThan(
      0,
    );
  });

  it('should keep the default theme for an unknown partner URL', async () => {
    const { router } = renderWithApp(null, { route: '/partner=nosuchpartner', user: TEST_HCP });

    await screen.findByRole('heading', { name: 'Find clinical trials for your patients' });
    expect(router?.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.partnerSource)).toBeNull();
    expect(document.body).toHaveClass('theme-ancora-hcp');
  });
});
