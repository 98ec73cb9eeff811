import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderWithApp, TEST_HCP } from '@/testing/render';
import { truncateName } from './navbar';

// /dashboard loads its route chunk and, beside it, the trial requests: allow for a busy machine.

const LONG_NAME = 'Maximiliana Alexandrina Konstantina-Friederike Ann';

describe(truncateName.name, () => {
  it('should keep a name of 40 characters or fewer', () => {
    expect(truncateName('Lucía')).toBe('Lucía');
    expect(truncateName('x'.repeat(40))).toBe('x'.repeat(40));
  });

  it('should cut a longer name to 40 characters and add an ellipsis', () => {
    expect(LONG_NAME).toHaveLength(50);
    expect(truncateName(LONG_NAME)).toBe('Maximiliana Alexandrina Konstantina-Frie…');
    expect(truncateName('x'.repeat(41))).toBe(`${'x'.repeat(40)}…`);
  });

  it('should honour a custom maximum and not leave a space before the ellipsis', () => {
    expect(truncateName('Anna Maria', 5)).toBe('Anna…');
  });

  it('should count characters, not UTF-16 units', () => {
    expect(truncateName('😀'.repeat(41))).toBe(`${'😀'.repeat(40)}…`);
  });
});

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

describe('Navbar', () => {
  it('should show the partner logo linking home, Contact and Login when logged out', async () => {
    renderWithApp(null, { route: '/search' });

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('button', { expanded: false })).not.toBeInTheDocument();
    const logo = within(screen.getByRole('banner')).getByRole('img', { name: 'Trialflow' });
    expect(logo).toHaveAttribute('src', '/brand/trialflow.svg');
    expect(logo.closest('a')).toHaveAttribute('href', '/');
  });

  it('should show the first name instead of Login when logged in', async () => {
    renderWithApp(null, { route: '/', user: TEST_HCP });

    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(mainNav()).getByRole('button', { name: 'Lucía' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(within(mainNav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    // The phone variant links the profile icon to the mobile profile page.
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'My profile' }),
    ).toHaveAttribute('href', '/dashboard/profile');
  });

  it('should cut a 50-character first name to 40 characters and an ellipsis', async () => {
    renderWithApp(null, { route: '/', user: { ...TEST_HCP, firstName: LONG_NAME } });

    const button = await screen.findByRole('button', {
      name: 'Maximiliana Alexandrina Konstantina-Frie…',
    });
    expect(button).toHaveAttribute('title', LONG_NAME);
  });

  it('should open the profile menu with My profile linking to /dashboard', async () => {
    const { user } = renderWithApp(null, { route: '/', user: TEST_HCP });

    const button = await screen.findByRole('button', { name: 'Lucía' });
    await user.click(button);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Account menu' });
    const profile = within(menu).getByRole('menuitem', { name: 'My profile' });
    expect(profile).toHaveAttribute('href', '/dashboard');
    expect(profile).toHaveFocus();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('should move through the menu with arrow keys and close it with Escape', async () => {
    const { user } = renderWithApp(null, { route: '/', user: TEST_HCP });

    const button = await screen.findByRole('button', { name: 'Lucía' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My profile' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('should close the menu on a click outside it', async () => {
    const { user } = renderWithApp(null, { route: '/', user: TEST_HCP });
    // Home is a lazy chunk: the heading to click outside on may come after the navbar.
    const outside = await screen.findByRole('heading', {
      name: 'Find clinical trials for your patients',
    });

    await user.click(await screen.findByRole('button', { name: 'Lucía' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(outside);

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('should go to /dashboard from My profile', async () => {
    const { user, router } = renderWithApp(null, { route: '/', user: TEST_HCP });

    await user.click(await screen.findByRole('button', { name: 'Lucía' }));
    await user.click(screen.getByRole('menuitem', { name: 'My profile' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('should log out: clear the session, start a new session id and confirm it', async () => {
    const { user, router } = renderWithApp(null, {
      route: '/',
      user: TEST_HCP,
      storage: { [STORAGE_KEYS.sessionId]: 'session-before-logout', [STORAGE_KEYS.lang]: 'en' },
    });

    await user.click(await screen.findByRole('button', { name: 'Lucía' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(localStorage.getItem(STORAGE_KEYS.login)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
    const sessionId = localStorage.getItem(STORAGE_KEYS.sessionId);
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionId).not.toBe('session-before-logout');

    const dialog = await screen.findByRole('dialog', { name: 'You have been logged out' });
    expect(dialog).toBeInTheDocument();
    // / needs a session, so the app lands on the login screen behind the popup.
    await waitFor(() => expect(router?.state.location.pathname).toBe('/login'));
    expect(within(mainNav()).getByRole('link', { name: 'Login' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
