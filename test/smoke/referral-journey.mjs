// The referral loop of issue 11 in a real browser against `npm start` with the shared
// ClinicalTrials.gov records imported: an HCP searches lung cancer near Berlin, opens a trial and
// requests it for a patient; a clinops user of that site (made with the user-create CLI) logs in
// in another browser context, sees the card on the facility board, moves it with the keyboard
// (saved: it stays after a reload) and accepts the request with a note; the HCP's open Home shows
// the notification without a reload, and the request opened from it shows the status and the
// note. Then the same loop's screens in German, on a 390 px phone and on the desktop board.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import pg from 'pg';
import {
  TEXTS,
  answerQuestionnaire,
  chooseLungCancerNearBerlin,
  createUser,
  expectNoHorizontalOverflow,
  expectNoRawKeys,
  fullShot,
  logIn,
  waitForResults,
  waitForTrials,
  watchErrors,
} from './search-journey.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const USER_CREATE = join(root, 'api', 'dist', 'api', 'src', 'cli', 'user-create.js');
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
};
const DESKTOP = { viewport: { width: 1366, height: 900 } };
const CLINOPS_TITLE = 'Manage patient referrals for your trials.';

async function query(pgUrl, text, values) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

function createClinops(pgUrl, account, facilityId) {
  execFileSync(
    process.execPath,
    [
      USER_CREATE,
      '--email',
      account.email,
      '--first-name',
      account.firstName,
      '--last-name',
      'Site',
      '--password',
      account.password,
      '--clinops',
      '--facility',
      String(facilityId),
    ],
    { cwd: root, env: { ...process.env, DATABASE_URL: pgUrl }, stdio: 'pipe' },
  );
}

const logInClinops = (page, url, account) => logIn(page, url, account, { home: CLINOPS_TITLE });

/** The language is switched the way a person does: the footer's language select. */
async function switchToGerman(page) {
  await page.locator('footer').getByRole('combobox').selectOption('de');
  await page.waitForFunction(() => document.documentElement.lang === 'de', undefined, {
    timeout: 10_000,
  });
}

function column(page, key) {
  return page.locator(`section[data-column="${key}"]`);
}

export async function referralJourney({ browser, url, pgUrl, shots, check, expect }) {
  const stamp = Date.now();
  const hcp = {
    email: `dr.referral.${stamp}@hospital.example`,
    password: 'referral-Journey-1',
    firstName: 'Inés',
  };
  const clinops = {
    email: `site.referral.${stamp}@site.example`,
    password: 'clinops-Journey-1',
    firstName: 'Samuel',
  };
  const identifier = `PT-${String(stamp).slice(-6)}`;
  const note = 'Eligible on screening. Please send the latest CT scan before the first visit.';
  const state = { requestId: null, nctId: null };
  const T = TEXTS.en;

  await check('referral: the trials are searchable and the HCP account exists', async () => {
    createUser(pgUrl, hcp);
    try {
      await waitForTrials(url, pgUrl, 0, 180_000);
    } catch {
      // One refused connection on a busy machine is not a failure of the product: ask again.
      await waitForTrials(url, pgUrl, 0, 180_000);
    }
  });

  const hcpContext = await browser.newContext(DESKTOP);
  const hcpPage = await hcpContext.newPage();
  const hcpErrors = watchErrors(hcpPage);
  const clinopsContext = await browser.newContext(DESKTOP);
  const clinopsPage = await clinopsContext.newPage();
  const clinopsErrors = watchErrors(clinopsPage);
  const shot = (page, name) => fullShot(page, join(shots, `${name}.png`));

  try {
    await check(
      'referral (en, desktop): the HCP searches, opens a trial and requests it for a patient',
      async () => {
        await logIn(hcpPage, url, hcp);
        await chooseLungCancerNearBerlin(hcpPage, T);
        await hcpPage.getByRole('button', { name: T.find }).click();
        await answerQuestionnaire(hcpPage, T);
        await hcpPage.getByRole('button', { name: T.seeTrials }).click();
        await waitForResults(hcpPage, T);
        const card = hcpPage.getByRole('article').first();
        const [details] = await Promise.all([
          hcpContext.waitForEvent('page'),
          card.getByRole('link', { name: new RegExp(`^${T.details}`) }).click(),
        ]);
        const detailsErrors = watchErrors(details);
        await details.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
        state.nctId = new URL(details.url()).pathname.split('/').pop();

        await details.getByRole('button', { name: 'Request this trial' }).click();
        const modal = details.getByRole('dialog', { name: 'Request this trial' });
        await modal.waitFor();
        const site = await modal.getByLabel('Trial site', { exact: true }).inputValue();
        expect(/^\d+$/.test(site), `no site preselected (${site})`);
        // The spec's messages: nothing entered, then too long, then no consent.
        await modal.getByRole('button', { name: 'Confirm request' }).click();
        await modal.getByText('Please enter a patient identifier.').waitFor();
        await modal.getByText('Please agree to our consent before confirming.').waitFor();
        await modal.getByLabel('Patient identifier', { exact: true }).fill('ABCDEFGHIJKLMNOPQRSTU');
        await modal.getByRole('button', { name: 'Confirm request' }).click();
        await modal
          .getByText('Please enter a shorter identifier, max 20 characters', { exact: true })
          .waitFor();
        await details.screenshot({ path: join(shots, 'en-referral-contact-errors-desktop.png') });
        await modal.getByLabel('Patient identifier', { exact: true }).fill(identifier);
        await modal.getByRole('checkbox').check();
        await modal.getByRole('button', { name: 'Confirm request' }).click();
        const done = details.getByRole('dialog', { name: 'Request sent' });
        await done.waitFor({ timeout: 15_000 });
        await done
          .getByText(/Thank you, your trial request has been received/)
          .waitFor({ timeout: 5_000 });
        await details.screenshot({ path: join(shots, 'en-referral-request-sent-desktop.png') });
        await done.getByRole('button', { name: 'Ok' }).click();

        const rows = await query(
          pgUrl,
          'SELECT id, facility_id, status FROM trial_request WHERE identifier = $1',
          [identifier],
        );
        expect(rows.length === 1, `${rows.length} requests stored for ${identifier}`);
        expect(rows[0].status === 'newRequest', `stored as ${rows[0].status}`);
        expect(
          String(rows[0].facility_id) === site,
          `stored for ${rows[0].facility_id}, not ${site}`,
        );
        state.requestId = rows[0].id;
        state.facilityId = rows[0].facility_id;
        expect(detailsErrors.length === 0, `browser errors: ${detailsErrors.join(' | ')}`);
        await details.close();
      },
    );

    await check(
      'referral (en, desktop): Home lists the request and the notifications area',
      async () => {
        expect(state.requestId, 'no request was made');
        await hcpPage.goto(`${url}/`);
        const table = hcpPage.getByRole('region', { name: 'Trial Requests' });
        const row = table.getByRole('row').filter({ hasText: identifier });
        await row.waitFor({ timeout: 15_000 });
        const cells = (await row.getByRole('cell').allInnerTexts()).map((s) => s.trim());
        expect(cells.includes('New Request'), `row reads ${JSON.stringify(cells)}`);
        expect(
          cells.some((c) => /^\d{2}\/\d{2}\/\d{4}$/.test(c)),
          `no dd/mm/yyyy date in ${JSON.stringify(cells)}`,
        );
        const href = await row.getByRole('link').getAttribute('href');
        const link = new URL(href, url);
        expect(
          link.pathname === `/details/${state.nctId}` &&
            link.searchParams.get('requestID') === state.requestId &&
            link.searchParams.get('q') &&
            link.searchParams.get('facility') === String(state.facilityId),
          `row links to ${href}`,
        );
        await hcpPage.getByRole('region', { name: 'Notifications' }).waitFor();
        await expectNoRawKeys(hcpPage, 'home', expect);
        await shot(hcpPage, 'en-referral-home-desktop');
      },
    );

    await check(
      'referral (en, desktop): clinops of the site see the card and move it with the keyboard, saved',
      async () => {
        expect(state.requestId, 'no request was made');
        createClinops(pgUrl, clinops, state.facilityId);
        await logInClinops(clinopsPage, url, clinops);
        await clinopsPage.goto(`${url}/clinops/dashboard`);
        await clinopsPage.getByRole('heading', { level: 1, name: 'Facility board' }).waitFor();
        const card = column(clinopsPage, 'reachedOut').getByTestId(`card-${identifier}`);
        await card.waitFor({ timeout: 15_000 });
        const text = await card.innerText();
        expect(text.includes(state.nctId), `card lacks the NCT id: ${text}`);
        expect(/\d{2}-\d{2}-\d{4}/.test(text), `card lacks Date Updated d-m-y: ${text}`);
        expect(/lung cancer/i.test(text), `card lacks the condition: ${text}`);
        await shot(clinopsPage, 'en-referral-board-desktop');

        // Keyboard only: the Move button, Tab to the first target, Enter.
        await card.getByRole('button', { name: `Move ${identifier}` }).focus();
        await clinopsPage.keyboard.press('Enter');
        await clinopsPage.keyboard.press('Tab');
        const focused = await clinopsPage.evaluate(() => document.activeElement?.textContent);
        expect(focused === 'Move to Under Review', `Tab reached ${focused}`);
        await clinopsPage.keyboard.press('Enter');
        await column(clinopsPage, 'underReview')
          .getByTestId(`card-${identifier}`)
          .waitFor({ timeout: 10_000 });
        await clinopsPage.reload();
        await column(clinopsPage, 'underReview')
          .getByTestId(`card-${identifier}`)
          .waitFor({ timeout: 15_000 });
        expect(
          (await column(clinopsPage, 'reachedOut').getByTestId(`card-${identifier}`).count()) === 0,
          'the card is still in Reached Out after the reload',
        );
        const [flags] = await query(
          pgUrl,
          'SELECT reached_out, initial_discussion FROM facility_progress WHERE request_id = $1',
          [state.requestId],
        );
        expect(
          flags && !flags.reached_out && flags.initial_discussion,
          `stored flags ${JSON.stringify(flags)}`,
        );
        await shot(clinopsPage, 'en-referral-board-moved-desktop');
      },
    );

    await check(
      'referral (en, desktop): clinops accept with a note; the HCP sees it live and opens it',
      async () => {
        expect(state.requestId, 'no request was made');
        // The HCP's Home stays open from the check before: prove it is never reloaded.
        await hcpPage.evaluate(() => {
          window.__notReloaded = true;
        });
        const card = column(clinopsPage, 'underReview').getByTestId(`card-${identifier}`);
        const [details] = await Promise.all([
          clinopsContext.waitForEvent('page'),
          card.getByRole('link').first().click(),
        ]);
        await details.waitForLoadState();
        const opened = new URL(details.url());
        expect(
          opened.pathname === `/details/clinops/${state.nctId}` &&
            opened.searchParams.get('id') === state.requestId,
          `the card opened ${details.url()}`,
        );
        const panel = details.getByTestId('request-panel');
        await panel.waitFor({ timeout: 15_000 });
        await panel.getByRole('button', { name: 'Update status' }).click();
        const modal = details.getByRole('dialog', { name: 'Update trial request status' });
        await modal.getByRole('button', { name: 'Accepted' }).click();
        await modal.getByRole('button', { name: 'Update status' }).click();
        await modal
          .getByText('Please leave a note to keep the referring physician informed', {
            exact: true,
          })
          .waitFor();
        await modal.getByLabel('Leave a note to keep the referring physician informed.').fill(note);
        await details.screenshot({ path: join(shots, 'en-referral-update-status-desktop.png') });
        await modal.getByRole('button', { name: 'Update status' }).click();
        const done = details.getByRole('dialog', { name: 'Request Accepted' });
        await done.waitFor({ timeout: 15_000 });
        await done.getByText('Request status changed successfully').waitFor();
        await done.getByRole('button', { name: 'Ok' }).click();
        await panel.getByText(note).waitFor({ timeout: 10_000 });
        await panel.screenshot({ path: join(shots, 'en-referral-clinops-panel-desktop.png') });
        await details.close();

        const notice = hcpPage
          .getByRole('region', { name: 'Notifications' })
          .getByTestId('notification')
          .filter({ hasText: `The request for ${identifier} is now Accepted.` });
        await notice.waitFor({ timeout: 20_000 });
        expect(
          await hcpPage.evaluate(() => window.__notReloaded === true),
          'the HCP page was reloaded',
        );
        await expectNoRawKeys(hcpPage, 'home with the notification', expect);
        await shot(hcpPage, 'en-referral-notification-desktop');
        await notice.click();
        await hcpPage.waitForURL(
          (u) => u.pathname === `/details/${state.nctId}` && u.searchParams.get('requestID'),
        );
        const hcpPanel = hcpPage.getByTestId('request-panel');
        await hcpPanel.waitFor({ timeout: 15_000 });
        await hcpPanel.getByText('Accepted').first().waitFor();
        await hcpPanel.getByText(note).waitFor();
        // Opened from the notification without the answers: the link gets them from the request.
        await hcpPage.waitForURL((u) => Boolean(u.searchParams.get('q')), { timeout: 10_000 });
        await hcpPage.screenshot({ path: join(shots, 'en-referral-hcp-details-desktop.png') });
        await hcpPanel.screenshot({ path: join(shots, 'en-referral-hcp-panel-desktop.png') });
        const [seen] = await query(
          pgUrl,
          `SELECT count(*)::int AS unseen FROM notification_recipient r
             JOIN notification n ON n.id = r.notification_id
            WHERE n.request_id = $1 AND r.seen_at IS NULL AND r.user_id =
                  (SELECT user_id FROM trial_request WHERE id = $1)`,
          [state.requestId],
        );
        expect(seen.unseen === 0, `${seen.unseen} notifications still unseen after the click`);
        expect(hcpErrors.length === 0, `HCP browser errors: ${hcpErrors.join(' | ')}`);
        expect(clinopsErrors.length === 0, `clinops browser errors: ${clinopsErrors.join(' | ')}`);
      },
    );

    await check(
      'referral (de, desktop): the board in German; a decision moves the card to Entschieden, a mouse drag back to Infos benötigt',
      async () => {
        expect(state.requestId, 'no request was made');
        await clinopsPage.goto(`${url}/`);
        await switchToGerman(clinopsPage);
        await clinopsPage.goto(`${url}/clinops/dashboard`);
        await clinopsPage.getByRole('heading', { level: 1, name: 'Zentrums-Board' }).waitFor();
        for (const title of ['Kontaktiert', 'In Prüfung', 'Infos benötigt', 'Entschieden']) {
          await clinopsPage
            .getByRole('heading', { level: 2, name: new RegExp(`^${title}`) })
            .waitFor();
        }
        const card = column(clinopsPage, 'underReview').getByTestId(`card-${identifier}`);
        await card.waitFor({ timeout: 15_000 });
        await card.getByRole('button', { name: `${identifier} verschieben` }).click();
        await card.getByRole('button', { name: 'Nach Entschieden verschieben' }).click();
        await card.getByRole('button', { name: 'Angenommen', exact: true }).click();
        const decided = column(clinopsPage, 'decisionMade').getByTestId(`card-${identifier}`);
        await decided.getByText('Angenommen').waitFor({ timeout: 10_000 });
        await expectNoRawKeys(clinopsPage, 'board (de)', expect);
        await shot(clinopsPage, 'de-referral-board-desktop');

        // Drag and drop with the mouse: the handle to Infos benötigt clears the decision.
        const handle = decided.getByRole('button', { name: `${identifier} ziehen` });
        const from = await handle.boundingBox();
        const to = await column(clinopsPage, 'infoNeeded').boundingBox();
        await clinopsPage.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await clinopsPage.mouse.down();
        await clinopsPage.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
        await clinopsPage.mouse.up();
        await column(clinopsPage, 'infoNeeded')
          .getByTestId(`card-${identifier}`)
          .waitFor({ timeout: 10_000 });
        const [flags] = await query(
          pgUrl,
          'SELECT info_needed, decision_made, approved FROM facility_progress WHERE request_id = $1',
          [state.requestId],
        );
        expect(
          flags.info_needed && !flags.decision_made && flags.approved === null,
          `flags after the drag ${JSON.stringify(flags)}`,
        );
      },
    );

    await check(
      'referral (de, 390 px phone): notifications and trial requests screens, search and filter',
      async () => {
        expect(state.requestId, 'no request was made');
        const context = await browser.newContext(PHONE);
        const page = await context.newPage();
        const errors = watchErrors(page);
        try {
          await logIn(page, url, hcp);
          await switchToGerman(page);
          await page.goto(`${url}/mobilenotifications`);
          await page.getByRole('heading', { level: 1, name: /^Benachrichtigungen/ }).waitFor();
          await page
            .getByTestId('notification')
            .filter({ hasText: `Die Anfrage für ${identifier} ist jetzt: Angenommen.` })
            .first()
            .waitFor({ timeout: 15_000 });
          await expectNoHorizontalOverflow(page, 'notifications (de)', expect);
          await expectNoRawKeys(page, 'notifications (de)', expect);
          await shot(page, 'de-referral-notifications-mobile');

          await page.goto(`${url}/trialrequestsmobile`);
          await page.getByRole('heading', { level: 1, name: 'Studienanfragen' }).waitFor();
          const card = page.getByRole('link').filter({ hasText: identifier });
          await card.waitFor({ timeout: 15_000 });
          expect((await card.innerText()).includes('Angenommen'), 'the card lacks its status');
          await page
            .getByPlaceholder('Nach Kennung oder Studienname suchen')
            .fill(identifier.slice(3));
          await card.waitFor();
          await page.getByLabel('Nach Status filtern').selectOption({ label: 'Storniert' });
          await page.getByText('Keine Studienanfrage passt zu Ihrer Suche.').waitFor();
          await page.getByLabel('Nach Status filtern').selectOption({ label: 'Angenommen' });
          await card.waitFor();
          await expectNoHorizontalOverflow(page, 'trial requests (de)', expect);
          await expectNoRawKeys(page, 'trial requests (de)', expect);
          await shot(page, 'de-referral-requests-mobile');
          expect(errors.length === 0, `browser errors: ${errors.join(' | ')}`);
        } finally {
          await context.close();
        }
      },
    );

    await check('referral (en, 390 px phone): the facility board in one column', async () => {
      expect(state.requestId, 'no request was made');
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      try {
        await logInClinops(page, url, clinops);
        await page.goto(`${url}/clinops/dashboard`);
        await column(page, 'infoNeeded').getByTestId(`card-${identifier}`).waitFor({
          timeout: 15_000,
        });
        await expectNoHorizontalOverflow(page, 'board (phone)', expect);
        await shot(page, 'en-referral-board-mobile');
      } finally {
        await context.close();
      }
    });
  } finally {
    await hcpContext.close();
    await clinopsContext.close();
  }
}
