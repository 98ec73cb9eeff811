/**
 * The static HTML of /login, written into `login.{lang}*.html` at build time (vite.config.ts,
 * `prerenderLogin`): the navbar, the login form, the footer and (until consent) the cookie banner
 * exactly as the app draws them for a signed-out visitor with the default partner, so the first
 * screen paints before the app's JavaScript arrives. The app renders beside it and takes over
 * (`releasePrerenderedShell`) without a layout shift: login-shell.test.tsx compares this markup
 * with what the app renders, so the two cannot drift apart.
 *
 * No inline script (the Content-Security-Policy allows none): nothing here runs code. The shell's
 * form never submits (its button is a plain button), its ids (and the main area's) carry a `shell-` prefix so they
 * never collide with the app's.
 */

export const SHELL_LANGUAGES = ['en', 'es', 'de'] as const;
export type ShellLanguage = (typeof SHELL_LANGUAGES)[number];

/** The translation catalogue of one language: { auth: {...}, common: {...}, form: {...} }. */
export type ShellTexts = Record<string, unknown>;

/** Without the cookie banner (consent stored), with it, or with the phones' compact banner. */
export type ShellBanner = 'none' | 'full' | 'compact';

/** The id of the element that holds the prerendered screen (the app renders into #root). */
export const SHELL_ID = 'prerendered-shell';

const DEFAULT_PARTNER = { logo: '/brand/trialflow.svg', name: 'Trialflow' };

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function translator(texts: ShellTexts) {
  return (key: string, values: Record<string, string | number> = {}): string => {
    let node: unknown = texts;
    for (const part of key.split('.')) {
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    }
    if (typeof node !== 'string') {
      throw new Error(`login shell: no text for ${key}`);
    }
    const text = node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
      String(values[name] ?? ''),
    );
    return escapeHtml(text);
  };
}

const GLOBE =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class="language-switch__icon"><circle cx="12" cy="12" r="9"></circle><path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z"></path></svg>';

const EYE =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M2.2 12C3.4 9.2 7 5 12 5s8.6 4.2 9.8 7c-1.2 2.8-4.8 7-9.8 7s-8.6-4.2-9.8-7z"></path><circle cx="12" cy="12" r="3"></circle></svg>';

const COOKIE =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" class="cookie-banner__icon"><path d="M12 3a9 9 0 1 0 9 9 3.5 3.5 0 0 1-4-3.5A3.5 3.5 0 0 1 12 3z"></path><circle cx="8.5" cy="11" r="1"></circle><circle cx="12" cy="15.5" r="1"></circle><circle cx="15.5" cy="13" r="0.8"></circle></svg>';

/** The inner HTML of the shell: what the app renders into #root on /login. */
export function renderLoginShell(
  texts: ShellTexts,
  language: ShellLanguage,
  banner: ShellBanner,
  year = new Date().getFullYear(),
): string {
  const t = translator(texts);
  const link = (href: string, className: string | null, text: string): string =>
    `<a href="${href}"${className ? ` class="${className}"` : ''}>${text}</a>`;
  const languageSwitch = (className: string, id: string): string =>
    `<div class="language-switch ${className}"><label for="${id}" class="visually-hidden">${t('common.language.label')}</label>${GLOBE}<select id="${id}" aria-busy="false" class="language-switch__select">${SHELL_LANGUAGES.map(
      (lang) =>
        `<option lang="${lang}" value="${lang}"${lang === language ? ' selected' : ''}>${t(`common.language.${lang}`)}</option>`,
    ).join('')}</select></div>`;
  const loginLink = link(
    '/login',
    'button button--primary navbar__login',
    t('common.navbar.login'),
  );
  const logo = (className: string): string =>
    `<img src="${DEFAULT_PARTNER.logo}" alt="${DEFAULT_PARTNER.name}" class="${className}">`;
  const footerLinks: [string, string][] = [
    ['/terms', 'common.footer.terms'],
    ['/privacy', 'common.footer.privacy'],
    ['/contact', 'common.footer.contact'],
    ...(language === 'de'
      ? ([['/impressum', 'common.footer.impressum']] as [string, string][])
      : []),
  ];

  const navbar =
    `<header class="navbar"><div class="navbar__inner">` +
    `<a href="/" class="navbar__brand">${logo('navbar__logo')}</a>` +
    `<nav aria-label="${t('common.navbar.mainNavigation')}" class="navbar__nav">` +
    link('/contact', 'navbar__link', t('common.navbar.contact')) +
    languageSwitch('navbar__language', 'shell-language-navbar') +
    loginLink +
    `</nav><div class="navbar__mobile">${loginLink}</div></div></header>`;

  const form =
    `<form novalidate="">` +
    `<div class="field"><label for="shell-email" class="field__label">${t('auth.fields.email')}</label>` +
    `<input id="shell-email" type="email" autocomplete="username" inputmode="email" name="email" class="field__input"></div>` +
    `<div class="field"><label for="shell-password" class="field__label">${t('auth.fields.password')}</label>` +
    `<div class="field__password"><input id="shell-password" autocomplete="current-password" name="password" type="password" class="field__input">` +
    `<button type="button" aria-pressed="false" aria-controls="shell-password" aria-label="${t('form.showPassword')}" class="field__toggle">${EYE}</button></div></div>` +
    `<div class="auth-card__row auth-card__row--end"><button type="button" class="link-button">${t('auth.login.forgotPassword')}</button></div>` +
    // A plain button: the shell's form never sends anything (the app's form takes over).
    `<button type="button" aria-busy="false" class="button button--primary auth-card__submit">${t('auth.login.submit')}</button>` +
    `</form>`;

  const main =
    `<main id="shell-main" tabindex="-1" class="app-shell__main"><div class="auth-page">` +
    `<section aria-labelledby="shell-login-title" class="auth-card">` +
    `<h1 id="shell-login-title" class="auth-card__title">${t('auth.login.title')}</h1>` +
    `<p class="auth-card__lead">${t('auth.login.lead')}</p>` +
    form +
    `<p class="auth-card__footer">${t('auth.login.noAccount')} ${link('/register', null, t('auth.login.registerLink'))}</p>` +
    `<p class="auth-card__footer">${t('auth.login.help')} ${link('/contact', null, t('auth.login.contactUs'))}</p>` +
    `</section></div></main>`;

  const footer =
    `<footer class="footer"><div class="footer__inner">` +
    `<div class="footer__brand"><a href="/" class="footer__logo-link">${logo('footer__logo')}</a>` +
    `<p class="footer__tagline">${t('common.footer.tagline')}</p></div>` +
    `<nav aria-label="${t('common.footer.navigation')}" class="footer__nav"><ul class="footer__links">` +
    footerLinks.map(([href, key]) => `<li>${link(href, 'footer__link', t(key))}</li>`).join('') +
    `</ul></nav>` +
    languageSwitch('footer__language', 'shell-language-footer') +
    `</div><div class="footer__bottom">${link('/', 'footer__credentials', t('common.footer.credentials', { year }))}</div></footer>`;

  const cookieBanner =
    banner === 'none'
      ? ''
      : `<section role="region" aria-label="${t('common.cookie.label')}" class="cookie-banner${banner === 'compact' ? ' cookie-banner--compact' : ''}">` +
        `<div class="cookie-banner__inner">${COOKIE}` +
        `<p class="cookie-banner__text">${t('common.cookie.text')} ${link('/cookie', 'cookie-banner__link', t('common.cookie.link'))}</p>` +
        `<button type="button" class="button button--primary cookie-banner__accept">${t('common.cookie.accept')}</button>` +
        `</div></section>`;

  return (
    `<div class="app-shell">` +
    `<a href="#shell-main" class="skip-link">${t('common.skipLink')}</a>` +
    navbar +
    main +
    footer +
    cookieBanner +
    `</div>`
  );
}

/** The file the server answers /login with: login.{lang}.html, .banner or .banner-compact. */
export function loginShellFileName(language: ShellLanguage, banner: ShellBanner): string {
  return banner === 'none'
    ? `login.${language}.html`
    : `login.${language}.${banner === 'full' ? 'banner' : 'banner-compact'}.html`;
}
