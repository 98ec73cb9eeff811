import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp, TEST_HCP } from '@/testing/render';
import { BOTTOM_NAV_SCROLL_THRESHOLD, nextBottomNavVisible } from './bottom-nav';

describe(nextBottomNavVisible.name, () => {
  it('should hide on scrolling down and show on scrolling up', () => {
    expect(nextBottomNavVisible(100, 300, true)).toBe(false);
    expect(nextBottomNavVisible(300, 150, false)).toBe(true);
  });

  it('should keep the current state for movements under the threshold', () => {
    const small = BOTTOM_NAV_SCROLL_THRESHOLD - 1;
    expect(nextBottomNavVisible(300, 300 + small, true)).toBe(true);
    expect(nextBottomNavVisible(300, 300 - small, false)).toBe(false);
    expect(nextBottomNavVisible(300, 300 + BOTTOM_NAV_SCROLL_THRESHOLD, true)).toBe(false);
  });

  it('should always show at the top of the page', () => {
    expect(nextBottomNavVisible(4, 6, false)).toBe(true);
    expect(nextBottomNavVisible(50, 0, false)).toBe(true);
  });
});

function scrollTo(y: number): void {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

describe('BottomNav', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('should link Home, Trial requests, Notifications and Profile for a logged-in user', async () => {
    renderWithApp(null, { route: '/', user: TEST_HCP });

    const nav = await screen.findByRole('navigation', { name: 'Quick navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Trial requests', '/trialrequestsmobile'],
      ['Notifications', '/mobilenotifications'],
      ['Profile', '/dashboard/profile'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(document.body).toHaveClass('has-bottom-nav');
  });

  it('should not exist for a logged-out visitor', async () => {
    const { router } = renderWithApp(null, { route: '/search' });

    // A visitor without a search is sent on to home and from there to the login screen.
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router?.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Quick navigation' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('has-bottom-nav');
  });

  it('should hide while scrolling down and come back when scrolling up', async () => {
    renderWithApp(null, { route: '/', user: TEST_HCP });
    const nav = await screen.findByRole('navigation', { name: 'Quick navigation' });
    expect(nav).toHaveAttribute('data-visible', 'true');

    await act(async () => {
      scrollTo(400);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(nav).toHaveAttribute('data-visible', 'false');
    expect(nav).toHaveClass('bottom-nav--hidden');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('tabindex', '-1');

    await act(async () => {
      scrollTo(250);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(nav).toHaveAttribute('data-visible', 'true');
    expect(nav).not.toHaveClass('bottom-nav--hidden');
  });
});
