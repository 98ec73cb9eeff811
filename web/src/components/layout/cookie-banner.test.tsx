import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderWithApp, TEST_HCP } from '@/testing/render';
import { isMobileUserAgent } from './cookie-banner';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe(isMobileUserAgent.name, () => {
  it('should recognise phones and tablets', () => {
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileUserAgent(DESKTOP_CHROME)).toBe(false);
  });
});

describe('CookieBanner', () => {
  it('should show until Accept, then store the consent time and disappear', async () => {
    const { user } = renderWithApp(null, { route: '/search' });

    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(within(banner).getByRole('link', { name: 'Read our cookie policy' })).toHaveAttribute(
      'href',
      '/cookie',
    );
    expect(banner).not.toHaveClass('cookie-banner--compact');

    const before = Date.now();
    await user.click(within(banner).getByRole('button', { name: 'Accept' }));

    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    const stored = localStorage.getItem(STORAGE_KEYS.cookieConsentTime);
    expect(stored).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(stored ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('should not show once consent is stored', async () => {
    const { router } = renderWithApp(null, {
      route: '/search',
      storage: { [STORAGE_KEYS.cookieConsentTime]: '2026-01-15T09:30:00.000Z' },
    });

    // A visitor without a search is sent on to home and from there to the login screen: the
    // banner would be up by the time that screen shows.
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router?.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('should not show to a logged-in user', async () => {
    renderWithApp(null, { route: '/', user: TEST_HCP });

    await screen.findByRole('heading', { name: 'Find clinical trials for your patients' });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('should use the compact layout on a phone', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    renderWithApp(null, { route: '/search' });

    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toHaveClass(
      'cookie-banner--compact',
    );
  });

  it('should be translated', async () => {
    renderWithApp(null, { route: '/search', language: 'de' });

    const banner = await screen.findByRole('region', { name: 'Cookie-Einwilligung' });
    expect(within(banner).getByRole('button', { name: 'Akzeptieren' })).toBeInTheDocument();
  });
});
