/**
 * The server answers /login with the prerendered screen of the visitor's language, with or
 * without the cookie banner (login.*.html). It cannot read localStorage, so these two cookies
 * mirror what the app stores there: the chosen language and whether cookies were accepted.
 * Neither identifies anyone.
 */
export const SHELL_COOKIES = { lang: 'trialflow_lang', consent: 'trialflow_consent' } as const;

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function writeCookie(name: string, value: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie =
    value === null
      ? `${name}=; path=/; max-age=0; samesite=lax${secure}`
      : `${name}=${value}; path=/; max-age=${YEAR_SECONDS}; samesite=lax${secure}`;
}

/** Mirrors the stored language and cookie consent into the cookies above. */
export function mirrorShellCookies(language: string | null, consentTime: string | null): void {
  try {
    writeCookie(SHELL_COOKIES.lang, language && /^(en|es|de)$/.test(language) ? language : null);
    writeCookie(SHELL_COOKIES.consent, consentTime ? '1' : null);
  } catch {
    // Cookies disabled: /login is served in the browser's language, with the banner.
  }
}
