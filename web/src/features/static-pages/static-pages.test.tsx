import { act, cleanup, render, screen, within } from '@testing-library/react';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { ComponentType } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import dePages from '../../../../api/src/translations/locales/de/pages.json';
import enPages from '../../../../api/src/translations/locales/en/pages.json';
import esPages from '../../../../api/src/translations/locales/es/pages.json';

import { AboutPage, ContactPage, CookiePage, ImpressumPage, PrivacyPage, TermsPage } from './index';

vi.mock('@/lib/app-config', () => ({
  useAppConfig: () => ({ supportEmail: 'help@example.org' }),
}));

type PageKey = 'about' | 'contact' | 'privacy' | 'cookie' | 'terms' | 'impressum';

const pages: [PageKey, ComponentType][] = [
  ['about', AboutPage],
  ['contact', ContactPage],
  ['privacy', PrivacyPage],
  ['cookie', CookiePage],
  ['terms', TermsPage],
  ['impressum', ImpressumPage],
];

async function createI18n(resources: Resource): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources,
    interpolation: { escapeValue: false },
  });
  return instance;
}

function renderPage(Page: ComponentType, instance: I18n) {
  return render(
    <I18nextProvider i18n={instance}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** Every key path of a JSON value, array indices included, e.g. `about.sections[0].title`. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((entry, index) => keyPaths(entry, `${prefix}[${index}]`));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, entry]) =>
      keyPaths(entry, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

describe('static pages', () => {
  let instance: I18n;

  beforeEach(async () => {
    instance = await createI18n({
      en: { translation: { pages: enPages } },
      de: { translation: { pages: dePages } },
    });
  });

  afterEach(() => {
    cleanup();
  });

  it.each(pages)('should render the %s page in English and switch to German', async (key, Page) => {
    renderPage(Page, instance);

    expect(screen.getByRole('heading', { level: 1, name: enPages[key].title })).toBeInTheDocument();
    const sectionHeadings = screen.getAllByRole('heading', { level: 2 });
    expect(sectionHeadings.map((heading) => heading.textContent)).toContain(
      enPages[key].sections[0].title,
    );
    expect(document.body.textContent).not.toContain('{{');
    expect(document.body.textContent).not.toContain(`pages.${key}.`);

    // Guards the German assertion below against a German text that is still the English one.
    expect(dePages[key].title).not.toBe(enPages[key].title);
    await act(async () => {
      await instance.changeLanguage('de');
    });

    expect(screen.getByRole('heading', { level: 1, name: dePages[key].title })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: enPages[key].title })).toBeNull();
    expect(
      screen.getByRole('heading', { level: 2, name: dePages[key].sections[0].title }),
    ).toBeInTheDocument();
  });

  it('should show the configured support address as a mailto link on the contact page', () => {
    renderPage(ContactPage, instance);

    const links = screen.getAllByRole('link', { name: 'help@example.org' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^mailto:help@example\.org(\?|$)/);
    }
  });

  it('should link the privacy notice to the cookie policy', () => {
    renderPage(PrivacyPage, instance);

    const cookieSection = document.getElementById('privacy-cookies');
    expect(cookieSection).not.toBeNull();
    const link = within(cookieSection as HTMLElement).getByRole('link', {
      name: enPages.privacy.cookieLink,
    });
    expect(link.getAttribute('href')).toBe('/cookie');
  });

  it('should list every strictly necessary storage key on the cookie page', () => {
    renderPage(CookiePage, instance);

    const table = screen.getByRole('table', { name: enPages.cookie.storage.caption });
    const rowHeaders = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rowHeaders).toEqual([
      'session_id',
      'login',
      'accessToken',
      'refreshToken',
      'user',
      'lang',
      'cookieConsentTime',
    ]);
  });

  it('should render only the title when the page texts are missing', async () => {
    const empty = await createI18n({ en: { translation: {} } });
    renderPage(AboutPage, empty);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('pages.about.title');
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
  });

  it('should have the same key structure in English, Spanish and German', () => {
    const en = keyPaths(enPages).sort();
    expect(keyPaths(esPages).sort()).toEqual(en);
    expect(keyPaths(dePages).sort()).toEqual(en);
  });
});
