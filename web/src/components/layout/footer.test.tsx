import { screen, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@/lib/storage';
import { createTestConfig, renderWithApp, TEST_HCP } from '@/testing/render';

function footer() {
  return screen.getByRole('contentinfo');
}

describe('Footer', () => {
  it('should link the credentials, terms, privacy and contact, and no Impressum in English', async () => {
    renderWithApp(null, { route: '/', user: TEST_HCP, language: 'en' });
    await screen.findByRole('contentinfo');

    const links = within(footer());
    const year = new Date().getFullYear();
    expect(links.getByRole('link', { name: `© ${year} Trialflow` })).toHaveAttribute('href', '/');
    expect(links.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
    expect(links.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(links.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(links.getByRole('img', { name: 'Trialflow' }).closest('a')).toHaveAttribute('href', '/');
    expect(footer().querySelector('a[href="/impressum"]')).toBeNull();
  });

  it('should not link the Impressum in Spanish', async () => {
    renderWithApp(null, { route: '/', user: TEST_HCP, language: 'es' });
    await screen.findByRole('contentinfo');

    expect(within(footer()).getByRole('link', { name: 'Política de privacidad' })).toBeVisible();
    expect(footer().querySelector('a[href="/impressum"]')).toBeNull();
  });

  it('should link the Impressum in German', async () => {
    renderWithApp(null, { route: '/', user: TEST_HCP, language: 'de' });
    await screen.findByRole('contentinfo');

    expect(within(footer()).getByRole('link', { name: 'Impressum' })).toHaveAttribute(
      'href',
      '/impressum',
    );
    expect(within(footer()).getByRole('link', { name: 'Datenschutzerklärung' })).toBeVisible();
  });
});

describe('LanguageSwitch', () => {
  it('should offer the three languages, each named in its own language', async () => {
    renderWithApp(null, { route: '/', user: TEST_HCP, language: 'de' });
    await screen.findByRole('contentinfo');

    const select = within(footer()).getByRole('combobox', { name: 'Sprache' });
    expect(select).toHaveValue('de');
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['English', 'Español', 'Deutsch']);
    expect(options.map((o) => o.getAttribute('lang'))).toEqual(['en', 'es', 'de']);
  });

  it('should switch the language of the page and store the choice', async () => {
    const { user } = renderWithApp(null, { route: '/', user: TEST_HCP });
    await screen.findByRole('contentinfo');

    await user.selectOptions(within(footer()).getByRole('combobox', { name: 'Language' }), 'es');

    expect(
      await screen.findByRole('heading', { name: 'Encuentre ensayos clínicos para sus pacientes' }),
    ).toBeInTheDocument();
    expect(within(footer()).getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('es');
    expect(footer().querySelector('a[href="/impressum"]')).toBeNull();

    // The navbar's switch works the same way.
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    await user.selectOptions(within(nav).getByRole('combobox', { name: 'Idioma' }), 'de');

    expect(await within(footer()).findByRole('link', { name: 'Impressum' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Kontakt' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('de');
  });

  it('should offer only the languages the server configures', async () => {
    renderWithApp(null, {
      route: '/',
      user: TEST_HCP,
      config: createTestConfig({ languages: ['en', 'de'] }),
    });
    await screen.findByRole('contentinfo');

    const options = within(within(footer()).getByRole('combobox')).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('value'))).toEqual(['en', 'de']);
  });
});
