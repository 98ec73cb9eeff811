/**
 * The analytics data layer (spec 01 §7, spec 02 §3 Filters state, §9): events are appended to
 * `window.dataLayer`, which a tag manager reads when the site has one. Nothing is sent from here.
 *
 * The helpers take only what an event may carry: condition, country, city and filter names, never
 * patient answers, identifiers or filter values (a genetic-mutation filter value describes the
 * patient).
 */

export interface DataLayerEvent {
  event: string;
  [key: string]: unknown;
}

declare global {
  interface Window {
    /** The tag manager's data layer: a plain array of objects. */
    dataLayer?: Record<string, unknown>[];
  }
}

export const ANALYTICS_EVENTS = {
  searchPressed: 'search_pressed',
  locationAndDisease: 'location_and_disease',
  filterSet: 'filter_set',
  consent: 'consent',
  cookieConsent: 'cookie_consent',
  redirectEmail: 'redirect_email',
} as const;

/** Appends one event, creating the data layer when the page has none yet. */
export function pushDataLayer(event: DataLayerEvent): void {
  if (!Array.isArray(window.dataLayer)) {
    window.dataLayer = [];
  }
  window.dataLayer.push(event);
}

/** 'Find Trial Matches' was pressed (valid or not). */
export function trackSearchPressed(): void {
  pushDataLayer({ event: ANALYTICS_EVENTS.searchPressed });
}

export interface LocationAndDisease {
  /** The condition key, e.g. 'breast_cancer'. */
  condition: string;
  /** ISO 3166-1 alpha-2 code of the chosen place. */
  countryCode: string;
  city: string;
}

/** A search started with this condition and place (on 'Find Trial Matches' or hospital choice). */
export function trackLocationAndDisease({
  condition,
  countryCode,
  city,
}: LocationAndDisease): void {
  pushDataLayer({ event: ANALYTICS_EVENTS.locationAndDisease, condition, countryCode, city });
}

/** The filters of spec 02 §3 "Filters state". */
export type FilterType =
  | 'trial_phase'
  | 'study_type'
  | 'treatment_subtype'
  | 'genetic_mutations'
  | 'recruiting_status'
  | 'specificity'
  | 'distance';

/** A filter was set (SET_FILTER, SET_SINGLE_FILTER): the filter's name only, not its value. */
export function trackFilterSet(filterType: FilterType): void {
  pushDataLayer({ event: ANALYTICS_EVENTS.filterSet, filterType });
}

/** Registration succeeded with the consent box ticked (spec 01 §4 Register flow). */
export function trackConsent(registerType: string): void {
  pushDataLayer({ event: ANALYTICS_EVENTS.consent, consent: true, registerType });
}

/** The cookie banner's Accept was pressed. */
export function trackCookieConsent(): void {
  pushDataLayer({ event: ANALYTICS_EVENTS.cookieConsent, consent: true });
}

/** The query parameter that marks a page load coming from one of our e-mails (spec 02 §9). */
export const REDIRECT_EMAIL_PARAM = { name: 'redirect', value: 'email' } as const;

/**
 * Pushes the redirect=email event when `search` (a location's query string) carries the marker.
 * Returns whether it did.
 */
export function trackRedirectEmail(search: string): boolean {
  const params = new URLSearchParams(search);
  if (params.get(REDIRECT_EMAIL_PARAM.name) !== REDIRECT_EMAIL_PARAM.value) {
    return false;
  }
  pushDataLayer({ event: ANALYTICS_EVENTS.redirectEmail, redirect: REDIRECT_EMAIL_PARAM.value });
  return true;
}
