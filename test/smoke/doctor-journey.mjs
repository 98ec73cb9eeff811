// The doctor's screens of issue 15 in a real browser against `npm start`: one patient at a time
// (New patient, logout leaves nothing of the patient in the browser — issue 13 finding 9), the
// radius control, and the first result card above the fold on a 1366×900 desktop and a 390×844
// phone. Screenshots go to test-results/smoke/doctor-*.png.
import { join } from 'node:path';
import {
  answerQuestionnaire,
  chooseLungCancerNearBerlin,
  createUser,
  expectNoHorizontalOverflow,
  logIn,
  TEXTS,
  waitForResults,
  waitForTrials,
  watchErrors,
} from './search-journey.mjs';

const T = TEXTS.en;
const SIZES = {
  desktop: { viewport: { width: 1366, height: 900 } },
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
  },
};

/** Everything the browser keeps for this origin: both storages and the IndexedDB databases. */
async function browserStorage(page) {
  return page.evaluate(async () => ({
    local: Object.fromEntries(Object.entries(window.localStorage)),
    session: Object.fromEntries(Object.entries(window.sessionStorage)),
    indexedDb: (await window.indexedDB.databases?.())?.map((db) => db.name) ?? [],
  }));
}

/** Home → questionnaire (NSCLC, EGFR positive, stage IV, ECOG 1) → results. */
async function searchForLungPatient(page, url) {
  await chooseLungCancerNearBerlin(page, T);
  await page.getByRole('button', { name: T.find }).click();
  await page.waitForURL(`${url}/questionnaire`);
  await answerQuestionnaire(page, T);
  await page.getByLabel('Age (years)').fill('61');
  await page.getByRole('button', { name: T.seeTrials }).click();
  await page.waitForURL(`${url}/search`);
  await waitForResults(page, T);
}

export async function doctorJourney({
  browser,
  url,
  pgUrl,
  shots,
  check,
  expect,
  expectedTrials = 0,
}) {
  const account = {
    email: `dr.doctor.${Date.now()}@hospital.example`,
    password: 'doctor-Journey-1',
    firstName: 'Jonas',
  };
  let ready = false;
  const prepare = async () => {
    if (!ready) {
      createUser(pgUrl, account);
      await waitForTrials(url, pgUrl, expectedTrials, 180_000);
      ready = true;
    }
  };

  for (const [size, options] of Object.entries(SIZES)) {
    await check(`doctor (${size}): the first result card is above the fold`, async () => {
      await prepare();
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const errors = watchErrors(page);
      try {
        await logIn(page, url, account);
        await searchForLungPatient(page, url);
        // The results settled: no "Updating results…" line above them.
        await page.locator('.search__updating').waitFor({ state: 'detached', timeout: 15_000 });
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await page.screenshot({ path: join(shots, `doctor-results-${size}.png`) });
        const card = page.getByRole('article').first();
        const box = await card.boundingBox();
        const { width, height } = options.viewport;
        expect(box, 'no first card');
        expect(
          box.y >= 0 && box.x >= 0 && box.x + box.width <= width && box.y + box.height <= height,
          `the first card (${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}) is not inside the ${width}×${height} viewport`,
        );
        if (size === 'phone') {
          await expectNoHorizontalOverflow(page, 'search', expect);
        }
        expect(errors.length === 0, `browser errors: ${errors.join(' | ')}`);
      } finally {
        await context.close();
      }
    });
  }

  await check(
    'doctor (desktop): New patient, the radius, and nothing of the patient after logout',
    async () => {
      await prepare();
      const context = await browser.newContext(SIZES.desktop);
      const page = await context.newPage();
      const errors = watchErrors(page);
      try {
        await logIn(page, url, account);
        await searchForLungPatient(page, url);

        // The radius is the doctor's: changed on the results page, searched at once.
        const radius = page.getByRole('combobox', { name: 'Search radius' });
        expect((await radius.inputValue()) === '1000', `radius ${await radius.inputValue()}`);
        await radius.selectOption('2500');
        await page.getByRole('article').first().waitFor();
        // Until the wider search's answer is in, the cards are dimmed (aria-busy), which axe
        // reads as low contrast on a slow machine: wait for the busy state to come and go.
        await page
          .locator('.search__results[aria-busy="true"]')
          .waitFor({ timeout: 2_000 })
          .catch(() => undefined);
        await page.locator('.search__results:not([aria-busy="true"])').waitFor({ timeout: 30_000 });
        await page.screenshot({ path: join(shots, 'doctor-radius-desktop.png') });

        // New patient: asks, then clears every answer; home keeps the place, not the radius.
        await page.getByRole('button', { name: 'New patient' }).click();
        const dialog = page.getByRole('dialog', { name: "Discard this patient's answers?" });
        await dialog.waitFor();
        // Let the dialog's fade-in finish: axe reads colours mid-animation as low contrast.
        await page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((a) => a.effect?.getTiming().iterations !== Infinity)
              .map((a) => a.finished),
          ),
        );
        await page.screenshot({ path: join(shots, 'doctor-new-patient-desktop.png') });
        await dialog.getByRole('button', { name: 'Discard answers' }).click();
        await page.waitForURL(`${url}/`);
        const form = page.getByRole('search');
        expect((await form.getByLabel(T.condition).inputValue()) === '', 'the condition stayed');
        expect(
          (await form.getByRole('combobox', { name: 'Search radius' }).inputValue()) === '1000',
          'the widened radius stayed',
        );
        await page.screenshot({ path: join(shots, 'doctor-home-desktop.png') });
        const afterNew = JSON.stringify(await browserStorage(page));
        expect(!/egfr|nsclc|"61"/.test(afterNew), `answers after New patient: ${afterNew}`);

        // The next patient, then logout on this shared workstation.
        await searchForLungPatient(page, url);
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('button', { name: account.firstName })
          .click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
        await page.getByRole('dialog', { name: 'You have been logged out' }).waitFor();
        const stored = await browserStorage(page);
        const text = JSON.stringify(stored);
        expect(
          !/lung_cancer|egfr|nsclc|Berlin|"61"|trialflow\./.test(text),
          `patient data left in the browser after logout: ${text}`,
        );
        expect(
          Object.keys(stored.session).length === 0,
          `session storage: ${JSON.stringify(stored.session)}`,
        );
        expect(stored.indexedDb.length === 0, `IndexedDB: ${stored.indexedDb.join(', ')}`);
        // The next doctor on this browser finds no patient: /questionnaire sends them home.
        await logIn(page, url, account);
        await page.goto(`${url}/questionnaire`);
        await page.waitForURL(`${url}/`);
        expect(
          (await page.getByRole('search').getByLabel(T.condition).inputValue()) === '',
          "the last patient's condition is still chosen",
        );
        expect(errors.length === 0, `browser errors: ${errors.join(' | ')}`);
      } finally {
        await context.close();
      }
    },
  );
}
