import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import {
  ANALYTICS_EVENTS,
  pushDataLayer,
  trackConsent,
  trackCookieConsent,
  trackFilterSet,
  trackLocationAndDisease,
  trackRedirectEmail,
  trackSearchPressed,
} from './analytics';

afterEach(() => {
  delete window.dataLayer;
});

describe(pushDataLayer.name, () => {
  it('should create the data layer when the page has none', () => {
    expect(window.dataLayer).toBeUndefined();

    pushDataLayer({ event: 'first' });

    expect(window.dataLayer).toEqual([{ event: 'first' }]);
  });

  it('should append to an existing data layer without dropping what a tag manager put there', () => {
    const existing: Record<string, unknown>[] = [{ 'gtm.start': 1 }];
    window.dataLayer = existing;

    pushDataLayer({ event: 'second', extra: 2 });

    expect(window.dataLayer).toBe(existing);
    expect(existing).toEqual([{ 'gtm.start': 1 }, { event: 'second', extra: 2 }]);
  });
});

describe('event helpers', () => {
  it('should push search pressed', () => {
    trackSearchPressed();

    expect(window.dataLayer).toEqual([{ event: 'search_pressed' }]);
  });

  it('should push location and disease with the condition, country and city only', () => {
    const input = {
      condition: 'melanoma',
      countryCode: 'DE',
      city: 'Berlin',
      // A caller passing more must not leak it into the data layer.
      identifier: 'patient-007',
      age: '54',
    };

    trackLocationAndDisease(input);

    expect(window.dataLayer).toEqual([
      { event: 'location_and_disease', condition: 'melanoma', countryCode: 'DE', city: 'Berlin' },
    ]);
  });

  it('should push the filter type of a filter set, not its value', () => {
    trackFilterSet('genetic_mutations');

    expect(window.dataLayer).toEqual([{ event: 'filter_set', filterType: 'genetic_mutations' }]);
  });

  it('should push consent with the register type', () => {
    trackConsent('email');

    expect(window.dataLayer).toEqual([{ event: 'consent', consent: true, registerType: 'email' }]);
  });

  it('should push cookie consent', () => {
    trackCookieConsent();

    expect(window.dataLayer).toEqual([{ event: ANALYTICS_EVENTS.cookieConsent, consent: true }]);
  });

  it.each([
    ['?redirect=email', true],
    ['?lang=de&redirect=email', true],
    ['?redirect=sms', false],
    ['', false],
  ])('should push redirect=email only for the marker (%s)', (search, pushed) => {
    expect(trackRedirectEmail(search)).toBe(pushed);

    expect(window.dataLayer ?? []).toEqual(
      pushed ? [{ event: 'redirect_email', redirect: 'email' }] : [],
    );
  });
});

describe('analytics hooks in the app', () => {
  it('should count a page load with ?redirect=email once, even after the redirect to /login', async () => {
    const { router } = renderWithApp(null, { route: '/?redirect=email' });

    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router?.state.location.pathname).toBe('/login');
    expect(window.dataLayer).toEqual([{ event: 'redirect_email', redirect: 'email' }]);
  });

  it('should count nothing on a page load without the marker', async () => {
    renderWithApp(null, { route: '/login?redirect=sms' });

    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(window.dataLayer).toBeUndefined();
  });

  it('should push cookie consent when the banner is accepted', async () => {
    const { user } = renderWithApp(null, { route: '/about' });

    await user.click(await screen.findByRole('button', { name: 'Accept' }));

    await waitFor(() =>
      expect(window.dataLayer).toEqual([{ event: 'cookie_consent', consent: true }]),
    );
  });
});
