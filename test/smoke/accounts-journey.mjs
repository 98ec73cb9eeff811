// The accounts journey of issue 3 in a real browser against `npm start`: register (captcha
// solved), read the code from the outbox, confirm, log in, see the first name, edit the profile,
// log out, forgot password, reset, log in with the new password; the login screen in German.
import { join } from 'node:path';
import pg from 'pg';
import { logIn } from './search-journey.mjs';

async function latestCode(pgUrl, email, template) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    for (let i = 0; i < 40; i++) {
      const { rows } = await client.query(
        `SELECT body_text FROM outbox_mail WHERE recipient = $1 AND template = $2
          ORDER BY created_at DESC LIMIT 1`,
        [email, template],
      );
      const match = rows[0] && /^(\d{6})$/m.exec(rows[0].body_text);
      if (match) return match[1];
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.end();
  }
  throw new Error(`no ${template} code in the outbox for ${email}`);
}

export async function accountsJourney({ browser, url, pgUrl, shots, check, expect }) {
  const email = `dr.journey.${Date.now()}@hospital.example`;
  const password = 'first-Password-1';
  const newPassword = 'second-Password-2';
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));

  try {
    await check(
      'accounts: register with a solved captcha, then confirm with the e-mailed code',
      async () => {
        await page.goto(`${url}/register`);
        await page.getByRole('checkbox', { name: /I agree to the/ }).check();
        await page.getByRole('button', { name: 'Sign up with e-mail' }).click();
        await page.getByLabel('First name').fill('Johanna');
        await page.getByLabel('Last name').fill("O'Brien-Schmidt");
        await page.getByLabel(/Institution/).fill('Charité Berlin');
        await page.getByLabel('E-mail address').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(password);
        // A person accepts the cookie banner first; it covers the captcha otherwise.
        await page
          .getByRole('region', { name: /cookie/i })
          .getByRole('button')
          .first()
          .click();
        const altcha = page.locator('altcha-widget input[type="checkbox"]');
        await altcha.waitFor({ timeout: 15_000 });
        await altcha.click({ force: true });
        // Verified when the widget has put its payload into the form.
        await page.waitForFunction(
          () => {
            const widget = document.querySelector('altcha-widget');
            const root = widget?.shadowRoot ?? widget;
            const input = root?.querySelector('input[name="captcha"]');
            return Boolean(input && input.value);
          },
          undefined,
          { timeout: 60_000 },
        );
        await page.screenshot({ path: join(shots, 'en-register-filled.png'), fullPage: true });
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.waitForURL(/\/confirm/, { timeout: 60_000 });
        const code = await latestCode(pgUrl, email, 'confirm-sign-up');
        await page.getByLabel('Verification code').fill(code);
        await page.screenshot({ path: join(shots, 'en-confirm.png'), fullPage: true });
        await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
        await page
          .getByText('Your e-mail address is confirmed. You can now log in.')
          .waitFor({ timeout: 15_000 });
      },
    );

    await check('accounts: log in and see the first name in the navbar', async () => {
      await logIn(page, url, { email, password }, { typed: true });
      expect(
        await page.getByRole('banner').getByText('Johanna').isVisible(),
        'first name not in the navbar',
      );
      const stored = await page.evaluate(() => ({
        login: localStorage.getItem('login'),
        token: localStorage.getItem('accessToken'),
        user: JSON.parse(localStorage.getItem('user') ?? '{}'),
      }));
      expect(
        stored.login === 'true' && stored.token && stored.user.email === email,
        'login not stored',
      );
      await page.screenshot({ path: join(shots, 'en-home-after-login.png') });
    });

    await check('accounts: edit the profile on /dashboard', async () => {
      await page.goto(`${url}/dashboard`);
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await page.getByLabel('Institution').fill('Vivantes Klinikum');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Your profile has been saved.').waitFor({ timeout: 10_000 });
      await page.getByText('Vivantes Klinikum').first().waitFor();
      const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
      expect(
        saved.institution === 'Vivantes Klinikum',
        `stored user not updated: ${saved.institution}`,
      );
      await page.screenshot({ path: join(shots, 'en-dashboard-profile.png'), fullPage: true });
    });

    await check('accounts: log out clears the session and starts a new session id', async () => {
      const before = await page.evaluate(() => localStorage.getItem('session_id'));
      await page
        .getByRole('banner')
        .getByRole('button', { name: /Johanna/ })
        .click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(/\/login$/, { timeout: 10_000 });
      const after = await page.evaluate(() => ({
        login: localStorage.getItem('login'),
        token: localStorage.getItem('accessToken'),
        user: localStorage.getItem('user'),
        session: localStorage.getItem('session_id'),
      }));
      expect(
        !after.login && !after.token && !after.user,
        `session not cleared: ${JSON.stringify(after)}`,
      );
      expect(after.session && after.session !== before, 'no new session id');
      await page.screenshot({ path: join(shots, 'en-after-logout.png') });
    });

    await check(
      'accounts: forgot password, reset with the code, log in with the new password',
      async () => {
        await page.goto(`${url}/login`);
        // The prerendered screen hands a click on its link over to the app's same button; if the
        // handover falls after the dialogs opened, it opens them again and the code typed is lost
        // (a kept screen of 2026-11-25: "Please enter the code."). The app's own screen is used.
        await page.locator('#prerendered-shell').waitFor({ state: 'detached', timeout: 15_000 });
        await page
          .getByRole('button', { name: 'Forgot your password?' })
          .or(page.getByRole('link', { name: 'Forgot your password?' }))
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox').fill(email);
        await dialog.getByRole('button', { name: 'Send code' }).click();
        const reset = page.getByRole('dialog', { name: 'Reset your password' });
        await reset.waitFor({ timeout: 15_000 });
        const code = await latestCode(pgUrl, email, 'forgot-password');
        await reset.getByLabel('Code from the e-mail').fill(code);
        await reset.getByLabel('New password', { exact: true }).fill(newPassword);
        await page.screenshot({ path: join(shots, 'en-reset-modal.png') });
        await reset.getByRole('button', { name: 'Reset password' }).click();
        await page
          .getByText('Your password has been reset. You can now log in with your new password.')
          .waitFor({ timeout: 15_000 });
        await page.keyboard.press('Escape');
        await page.goto(`${url}/login`);
        // This step checks the old password is refused, not the prerendered screen's handover
        // (the first step above and the web tests check that): the app's own form is used.
        await page.locator('#prerendered-shell').waitFor({ state: 'detached', timeout: 15_000 });
        await page.getByLabel('E-mail address').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(password);
        await page.getByRole('button', { name: 'Log in' }).last().click();
        await page.getByText('Incorrect username or password.').waitFor({ timeout: 10_000 });
        await logIn(page, url, { email, password: newPassword });
        expect(
          await page.getByRole('banner').getByText('Johanna').isVisible(),
          'not logged in with the new password',
        );
      },
    );

    await check('accounts: the login screen in German', async () => {
      const de = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const dePage = await de.newPage();
      await dePage.goto(`${url}/login`);
      await dePage.locator('footer').getByRole('combobox').selectOption('de');
      await dePage.getByRole('heading', { name: 'Anmelden' }).waitFor({ timeout: 10_000 });
      await dePage.getByRole('button', { name: 'Anmelden' }).last().click();
      await dePage.screenshot({ path: join(shots, 'de-login-validation.png'), fullPage: true });
      await de.close();
    });

    await check('accounts: no browser errors during the journey', async () => {
      expect(errors.length === 0, `browser errors: ${errors.join(' | ')}`);
    });
  } finally {
    await context.close();
  }
}
