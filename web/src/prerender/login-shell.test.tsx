import { screen, waitFor } from '@testing-library/react';
import { releasePrerenderedShell } from '@/lib/prerendered-shell';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderWithApp } from '@/testing/render';
import { renderLoginShell, SHELL_ID, type ShellLanguage, type ShellTexts } from './login-shell';

const localeFiles = import.meta.glob<Record<string, unknown>>(
  '../../../api/src/translations/locales/*/*.json',
  { eager: true, import: 'default' },
);

function textsOf(language: ShellLanguage): ShellTexts {
  const texts: ShellTexts = {};
  for (const [file, content] of Object.entries(localeFiles)) {
    const namespace = new RegExp(`/locales/${language}/([\\w-]+)\\.json$`).exec(file)?.[1];
    if (namespace) {
      texts[namespace] = content;
    }
  }
  return texts;
}

/**
 * Markup without what may differ between the two: generated ids (numbered in order of
 * appearance), React Router's data-discover, the shell's inert submit button and its
 * `selected` option (the app sets the select's value as a property).
 */
function normalize(html: string): string {
  const ids = new Map<string, string>();
  const token = (value: string): string => {
    if (!ids.has(value)) {
      ids.set(value, `id${ids.size}`);
    }
    return ids.get(value) as string;
  };
  return html
    .replace(/ data-discover="true"/g, '')
    .replace(/ selected(="")?/g, '')
    .replace(
      '<button type="button" aria-busy="false" class="button button--primary auth-card__submit">',
      '<button type="submit" aria-busy="false" class="button button--primary auth-card__submit">',
    )
    .replace(
      /(id|for|aria-controls|aria-labelledby)="([^"]*)"/g,
      (_, name: string, value: string) => `${name}="${token(value)}"`,
    )
    .replace(/href="#([^"]*)"/g, (_, value: string) => `href="#${token(value)}"`);
}

async function appLoginHtml(language: ShellLanguage, storage: Record<string, string> = {}) {
  const { container } = renderWithApp(null, { route: '/login', language, storage });
  await screen.findByRole('heading', { level: 1 });
  return container.innerHTML;
}

/** /login's prerendered screen, in English without the cookie banner, before the app's root. */
function mountShell(): HTMLElement {
  const shell = document.createElement('div');
  shell.id = SHELL_ID;
  shell.innerHTML = renderLoginShell(textsOf('en'), 'en', 'none');
  document.body.prepend(shell);
  return shell;
}

/** The app's /login rendered (hidden, in the browser) beside the shell, in the element #root. */
async function renderAppBesideShell() {
  const rendered = renderWithApp(null, { route: '/login' });
  await waitFor(() => expect(rendered.container.querySelector('#login-title')).not.toBeNull());
  rendered.container.id = 'root';
  return rendered;
}

describe(renderLoginShell.name, () => {
  it.each<ShellLanguage>(['en', 'es', 'de'])(
    'should draw the login screen as the app does, in %s, with the cookie banner',
    async (language) => {
      const app = await appLoginHtml(language);
      const shell = renderLoginShell(textsOf(language), language, 'full');

      expect(normalize(shell)).toBe(normalize(app));
    },
  );

  it('should leave the cookie banner out once cookies were accepted', async () => {
    const app = await appLoginHtml('en', {
      [STORAGE_KEYS.cookieConsentTime]: '2026-11-24T00:00:00.000Z',
    });
    const shell = renderLoginShell(textsOf('en'), 'en', 'none');

    expect(normalize(shell)).toBe(normalize(app));
    expect(shell).not.toContain('cookie-banner');
  });

  it('should never repeat an id of the app and never submit the form by itself', () => {
    const shell = renderLoginShell(textsOf('de'), 'de', 'compact');

    const ids = [...shell.matchAll(/ id="([^"]*)"/g)].map(([, id]) => id);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids.every((id) => id.startsWith('shell-'))).toBe(true);
    expect(shell).not.toMatch(/type="submit"/);
    expect(shell).toContain('cookie-banner cookie-banner--compact');
    expect(shell).toContain('<option lang="de" value="de" selected>Deutsch</option>');
  });

  it('should escape the texts it puts into HTML', () => {
    const texts = textsOf('en');
    const auth = texts.auth as { login: Record<string, string> };
    const hostile = { ...texts, auth: { ...auth, login: { ...auth.login, title: '<img src=x>' } } };

    expect(renderLoginShell(hostile, 'en', 'none')).toContain('&lt;img src=x&gt;');
  });
});

describe(releasePrerenderedShell.name, () => {
  afterEach(() => {
    document.getElementById(SHELL_ID)?.remove();
  });

  it('should hand what was typed and the keyboard focus over to the app, then remove the shell', async () => {
    const shell = mountShell();
    const shellEmail = shell.querySelector<HTMLInputElement>('input[name="email"]');
    const shellPassword = shell.querySelector<HTMLInputElement>('input[name="password"]');
    if (!shellEmail || !shellPassword) {
      throw new Error('the shell has no login fields');
    }
    shellEmail.value = 'dr.vega@hospital.example';
    shellPassword.focus();

    const { user } = await renderAppBesideShell();
    // The app's first screen rendered (into #root in the browser) while the shell was shown.
    expect(document.getElementById(SHELL_ID)).not.toBeNull();
    releasePrerenderedShell();

    expect(document.getElementById(SHELL_ID)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByLabelText('E-mail address')).toHaveValue('dr.vega@hospital.example');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    // The form itself knows the e-mail: only the password is missing.
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByText('Please enter a password.')).toBeVisible());
    expect(screen.queryByText('Please enter your e-mail address.')).toBeNull();
  });

  it('should send the form when the shell was submitted before the app was there', async () => {
    const shell = mountShell();
    const shellEmail = shell.querySelector<HTMLInputElement>('input[name="email"]');
    if (!shellEmail) {
      throw new Error('the shell has no e-mail field');
    }
    shellEmail.value = 'not-an-address';
    // What public/boot.js records on Enter or a click on the shell's Log in button.
    window.trialflowShellSubmit = true;

    await renderAppBesideShell();
    releasePrerenderedShell();

    // The app's form was sent: its validation answers for both fields.
    expect(await screen.findByText('Please enter a password.')).toBeVisible();
    expect(screen.getByLabelText('E-mail address')).toHaveValue('not-an-address');
    expect(window.trialflowShellSubmit).toBeUndefined();
  });

  it('should open "Forgot your password?" when it was clicked in the shell before the app was there', async () => {
    const shell = mountShell();
    const forgot = Array.from(shell.querySelectorAll('button')).find(
      (button) => button.textContent === 'Forgot your password?',
    );
    if (!forgot) {
      throw new Error('the shell has no "Forgot your password?" button');
    }
    // What public/boot.js records for a click on one of the shell's other buttons.
    window.trialflowShellClick = Array.from(
      shell.querySelectorAll('a[href], button, input, select'),
    ).indexOf(forgot);

    await renderAppBesideShell();
    releasePrerenderedShell();

    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(window.trialflowShellClick).toBeUndefined();
  });

  it('should switch the app to the language chosen in the shell', async () => {
    const shell = mountShell();
    const footerSelect = shell.querySelectorAll('select')[1];
    footerSelect.value = 'de';

    await renderAppBesideShell();
    releasePrerenderedShell();

    expect(document.getElementById(SHELL_ID)).toBeNull();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('de'));
  });
});
