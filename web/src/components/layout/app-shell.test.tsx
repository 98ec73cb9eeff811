import { act, screen, waitFor } from '@testing-library/react';
import { renderWithApp, TEST_HCP } from '@/testing/render';

describe('AppShell', () => {
  it('should offer a skip link that moves focus to the main content', async () => {
    const { user } = renderWithApp(null, { route: '/', user: TEST_HCP });

    const skip = await screen.findByRole('link', { name: 'Skip to content' });
    await user.click(skip);

    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('should put the partner theme on body and swap it when the partner changes', async () => {
    renderWithApp(null, {
      route: '/',
      user: { ...TEST_HCP, userSource: 'breast_cancer_partner' },
    });
    await screen.findByRole('main');
    expect(document.body).toHaveClass('theme-breast-cancer');

    // Another login in this tab (or another tab) changes the stored user.
    act(() => {
      localStorage.setItem('user', JSON.stringify(TEST_HCP));
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });

    await waitFor(() => expect(document.body).toHaveClass('theme-ancora-hcp'));
    expect(document.body).not.toHaveClass('theme-breast-cancer');
  });

  it('should scroll to the top on navigation', async () => {
    const { user, router } = renderWithApp(null, { route: '/', user: TEST_HCP });
    await screen.findByRole('main');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    scrollTo.mockClear();

    await user.click(screen.getByRole('link', { name: 'Trial requests' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trial Requests' }),
    ).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/trialrequestsmobile');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
