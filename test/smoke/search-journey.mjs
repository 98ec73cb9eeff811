// The trial-search journey of issue 4 in a real browser against `npm start` with the shipped
// ClinicalTrials.gov records imported: log in, choose lung cancer near Berlin on home, answer the
// questionnaire (NSCLC, EGFR positive, stage IV, ECOG 1), see the result cards with their
// reasons, filter by phase, open a trial's details in its new tab; the same in Spanish; and the
// path home → questionnaire → search with the filters panel on a 390 px wide phone.
//
// The shipped records hold few open lung-cancer trials near Berlin, so the journey asserts what a
// user sees (cards, reasons, the filter's effect, the details), never a fixed number of trials.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..', '..');
const USER_CREATE = join(root, 'api', 'dist', 'api', 'src', 'cli', 'user-create.js');

const BERLIN = { lat: 52.52437, long: 13.41053 };
const PHONE_WIDTH = 390;

/** What the screens say, per language (the texts of api/src/translations/locales). */
export const TEXTS = {
  en: {
    homeTitle: 'Find clinical trials for your patients',
    condition: 'Condition',
    lungCancer: 'Lung cancer',
    location: 'Location',
    find: 'Find Trial Matches',
    questionnaireTitle: 'Patient questionnaire',
    lungCancerType: 'Lung cancer type',
    nsclc: 'Non-small cell lung cancer (NSCLC)',
    egfr: 'EGFR mutation',
    positive: 'Positive',
    stage: 'Stage',
    ecog: 'ECOG performance status',
    patientPanel: 'Patient Information',
    stageIV: 'Stage IV',
    seeTrials: 'See matching trials',
    resultsTitle: 'Trial matches',
    total: /^(\d+) trials? found/,
    fit: 'How the patient fits',
    matched: /^\d+ criteri(on|a) matched/,
    toCheck: /^\d+ to check/,
    showRules: 'Show the criteria',
    hideRules: 'Hide the criteria',
    ruleGroups: ['Matched', 'To check', 'Conflicting'],
    filters: 'Filters and sorting',
    filtersTitle: 'Filters',
    phase: 'Trial phase',
    phaseLabel: (n) => (n === 'No Phase' ? 'No phase' : n),
    emptyTitle: 'No trials match this search',
    removePhaseFilter: /^Remove the “Trial phase” filter/,
    details: 'View trial details',
    evaluation: 'Eligibility for this patient',
    evaluationSummary: 'Evaluation summary',
    evaluationCount: /^\d+ (met|not met|to check)$/,
    sites: /^\d+ sites?$/,
  },
  es: {
    homeTitle: 'Encuentre ensayos clínicos para sus pacientes',
    condition: 'Enfermedad',
    lungCancer: 'Cáncer de pulmón',
    location: 'Ubicación',
    find: 'Buscar ensayos compatibles',
    questionnaireTitle: 'Cuestionario del paciente',
    lungCancerType: 'Tipo de cáncer de pulmón',
    nsclc: 'Cáncer de pulmón de células no pequeñas (CPCNP)',
    egfr: 'Mutación de EGFR',
    positive: 'Positivo',
    stage: 'Estadio',
    ecog: 'Estado funcional ECOG',
    patientPanel: 'Información del paciente',
    stageIV: 'Estadio IV',
    seeTrials: 'Ver ensayos compatibles',
    resultsTitle: 'Ensayos compatibles',
    total: /^(\d+) ensayos? encontrados?/,
    fit: 'Cómo encaja el paciente',
    matched: /^\d+ criterios? cumplidos?/,
    toCheck: /^\d+ por comprobar/,
    showRules: 'Mostrar los criterios',
    hideRules: 'Ocultar los criterios',
    ruleGroups: ['Cumplidos', 'Por comprobar', 'En conflicto'],
    filters: 'Filtros y orden',
    filtersTitle: 'Filtros',
    phase: 'Fase del ensayo',
    phaseLabel: (n) => (n === 'No Phase' ? 'Sin fase' : n.replace('Phase', 'Fase')),
    emptyTitle: 'Ningún ensayo coincide con esta búsqueda',
    removePhaseFilter: /^Quitar el filtro «Fase del ensayo»/,
    details: 'Ver detalles del ensayo',
    evaluation: 'Elegibilidad de este paciente',
    evaluationSummary: 'Resumen de la evaluación',
    evaluationCount: /^\d+ (cumplidos?|no cumplidos?|por comprobar)$/,
    sites: /^\d+ centros?$/,
  },
};

const PHASES = ['Phase 1', 'Phase 2', 'Phase 3', 'Phase 4', 'No Phase'];

export function createUser(pgUrl, account) {
  // An account an administrator made (npm run user:create); its first login completes the
  // new-password challenge with the same password.
  execFileSync(
    process.execPath,
    [
      USER_CREATE,
      '--email',
      account.email,
      '--first-name',
      account.firstName,
      '--last-name',
      'Journey',
      '--password',
      account.password,
    ],
    { cwd: root, env: { ...process.env, DATABASE_URL: pgUrl }, stdio: 'pipe' },
  );
}

/** The studies the index.json files of the import folder (and its sub-folders) list; 0: none. */
export function indexedStudies(dir) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    return 0;
  }
  return readdirSync(dir, { withFileTypes: true }).reduce((n, entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return n + indexedStudies(path);
    }
    return entry.name === 'index.json' ? n + JSON.parse(readFileSync(path, 'utf8')).length : n;
  }, 0);
}

/**
 * The start-up import runs in the background and the search index follows it: wait for both
 * (for every expected trial to be stored first, so results do not grow during the journey).
 */
export async function waitForTrials(url, pgUrl, expectedTrials, timeoutMs) {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (expectedTrials > 0 && Date.now() < until) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      const [{ n }] = (await client.query('SELECT count(*)::int AS n FROM trial')).rows;
      last = `${n} of ${expectedTrials} trials stored`;
      if (n >= expectedTrials) {
        break;
      }
    } finally {
      await client.end();
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  while (Date.now() < until) {
    const res = await fetch(`${url}/api/trials/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type_of_disease: 'lung_cancer',
        country: 'DE',
        location: BERLIN,
        radius: 1000,
        radius_unit: 'KM',
      }),
    });
    last = `${res.status}`;
    if (res.ok) {
      const body = await res.json();
      if (body.total > 0) {
        return body.total;
      }
      last = `${res.status}, total ${body.total}`;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`no lung-cancer trial near Berlin within ${timeoutMs / 1000} s (last: ${last})`);
}

/**
 * Logs in through the login screen and waits for the home screen (`home`: its heading, the
 * doctor's by default). `typed` types key by key, as a person does, on the prerendered screen:
 * its handover to the app (src/lib/prerendered-shell.ts) may fall between two keys, and nothing
 * typed may be lost or doubled. Otherwise the app's own form is waited for: fill() selects the
 * field's text and then inserts the new one, and a handover between the two inserted it after the
 * value the app had copied from the shell ("….exampledr.journey…", a smoke run on 2026-11-25).
 */
export async function logIn(page, url, account, { home = TEXTS.en.homeTitle, typed = false } = {}) {
  await page.goto(`${url}/login`);
  const email = page.getByLabel('E-mail address');
  const password = page.getByLabel('Password', { exact: true });
  if (typed) {
    await email.pressSequentially(account.email);
    await password.pressSequentially(account.password);
  } else {
    await page.locator('#prerendered-shell').waitFor({ state: 'detached', timeout: 15_000 });
    await email.fill(account.email);
    await password.fill(account.password);
  }
  // Enter submits (spec 01 §2 Login).
  await password.press('Enter');
  await page.getByRole('heading', { name: home }).waitFor({ timeout: 20_000 });
}

/** The page is no wider than the phone: nothing to scroll sideways. */
export async function expectNoHorizontalOverflow(page, where, expect) {
  const { scrollWidth, wide } = await page.evaluate((limit) => {
    const doc = document.documentElement;
    // Name the widest elements, so a failure says what to fix.
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return { scrollWidth: doc.scrollWidth, wide };
  }, PHONE_WIDTH);
  expect(
    scrollWidth <= PHONE_WIDTH,
    `${where}: page is ${scrollWidth} px wide on a ${PHONE_WIDTH} px phone (${wide.join(', ')})`,
  );
}

/** No translation key shows instead of a text (e.g. "search.filters.title"). */
export async function expectNoRawKeys(page, where, expect) {
  const text = await page.locator('body').innerText();
  const raw = text.match(
    /\b(common|home|search|questionnaire|auth|form|profile|validation)\.[a-z]\w*(\.\w+)*\b/g,
  );
  expect(!raw, `${where}: untranslated keys shown: ${raw?.slice(0, 5).join(', ')}`);
}

export async function chooseLungCancerNearBerlin(page, T, onSuggestions = async () => {}) {
  const form = page.getByRole('search');
  await form.getByLabel(T.condition).selectOption({ label: T.lungCancer });
  const location = form.getByRole('combobox', { name: T.location });
  await location.pressSequentially('Berl', { delay: 60 });
  const berlin = page.getByRole('option', { name: /^Berlin, .*Germany/ });
  await berlin.first().waitFor({ timeout: 15_000 });
  await onSuggestions();
  await berlin.first().click();
  const picked = await location.inputValue();
  return { form, picked };
}

export async function answerQuestionnaire(page, T) {
  await page
    .getByRole('heading', { level: 1, name: T.questionnaireTitle })
    .waitFor({ timeout: 15_000 });
  await page
    .getByRole('group', { name: T.lungCancerType })
    .getByRole('radio', { name: T.nsclc })
    .check();
  await page.getByRole('group', { name: T.egfr }).getByRole('radio', { name: T.positive }).check();
  await page.getByLabel(T.stage, { exact: true }).selectOption('4');
  await page.getByLabel(T.ecog, { exact: true }).selectOption('1');
}

export async function waitForResults(page, T) {
  await page.getByRole('heading', { level: 1, name: T.resultsTitle }).waitFor({ timeout: 15_000 });
  await page.getByRole('article').first().waitFor({ timeout: 30_000 });
}

async function shownTotal(page, T) {
  const text = (await page.getByRole('status').filter({ hasText: T.total }).innerText()).trim();
  return Number(T.total.exec(text)?.[1] ?? NaN);
}

/** A phase's option in a filter group: its check box and the label a person clicks. */
function phaseOption(group, T, phase) {
  const name = new RegExp(`^${T.phaseLabel(phase)}\\b`);
  return {
    checkbox: group.getByRole('checkbox', { name }),
    // `has` is matched inside each label.
    label: group.locator('label').filter({ has: group.page().getByRole('checkbox', { name }) }),
  };
}

/** The phase options' facet counts as shown: { 'Phase 1': 0, 'Phase 2': 3, … }. */
async function phaseCounts(group, T) {
  const counts = {};
  for (const phase of PHASES) {
    const { label } = phaseOption(group, T, phase);
    counts[phase] = Number(await label.locator('[aria-hidden="true"]').innerText());
  }
  return counts;
}

/** Every result card shows the fit summary; the first one opens its reasons. */
async function checkCardsAndReasons(page, T, expect) {
  const cards = page.getByRole('article');
  const count = await cards.count();
  expect(count > 0, 'no result card');
  for (let i = 0; i < count; i++) {
    const fit = cards.nth(i).getByRole('list', { name: T.fit });
    const items = (await fit.getByRole('listitem').allInnerTexts()).map((s) => s.trim());
    expect(
      items.length === 3 && T.matched.test(items[0]) && T.toCheck.test(items[1]),
      `card ${i + 1}: match summary reads ${JSON.stringify(items)}`,
    );
  }
  const first = cards.first();
  const toggle = first.getByRole('button', { name: T.showRules });
  await toggle.click();
  await first.getByRole('button', { name: T.hideRules }).waitFor();
  const groups = await first.getByRole('heading', { level: 4 }).allInnerTexts();
  expect(
    groups.length > 0 && groups.every((g) => T.ruleGroups.includes(g.trim())),
    `reasons show the groups ${JSON.stringify(groups)}`,
  );
  const reasons = first.locator('.match__details').getByRole('listitem');
  expect((await reasons.count()) > 0, 'no reason listed under the groups');
  expect((await reasons.first().innerText()).trim().length > 0, 'the first reason has no text');
}

/**
 * A phase with no trials empties the list (and the empty state offers removing the filter); a
 * phase with trials keeps exactly its facet count, every card in that phase, on page 1.
 */
async function checkPhaseFilter(page, T, expect, shot) {
  const group = page.getByRole('region', { name: T.filters }).getByRole('group', { name: T.phase });
  const before = await shownTotal(page, T);
  const counts = await phaseCounts(group, T);
  const withTrials = PHASES.find((p) => counts[p] > 0);
  const without = PHASES.find((p) => counts[p] === 0);
  expect(withTrials, `no phase has trials: ${JSON.stringify(counts)}`);
  const checkbox = (phase) => phaseOption(group, T, phase).checkbox;

  if (without) {
    // The chips hide their check box: a person clicks the chip.
    await phaseOption(group, T, without).label.click();
    expect(await checkbox(without).isChecked(), `${without} not checked`);
    await page.getByRole('heading', { name: T.emptyTitle }).waitFor({ timeout: 15_000 });
    expect((await page.getByRole('article').count()) === 0, `cards left after ${without}`);
    await shot('search-phase-empty');
    await page.getByRole('button', { name: T.removePhaseFilter }).click();
    await page.getByRole('article').first().waitFor({ timeout: 15_000 });
    expect(!(await checkbox(without).isChecked()), `${without} still checked`);
  }

  await phaseOption(group, T, withTrials).label.click();
  expect(await checkbox(withTrials).isChecked(), `${withTrials} not checked`);
  await page.waitForFunction(
    ([re, want]) => {
      const status = [...document.querySelectorAll('[role="status"]')].find((el) =>
        new RegExp(re).test(el.textContent.trim()),
      );
      return status && Number(new RegExp(re).exec(status.textContent.trim())[1]) === want;
    },
    [T.total.source, counts[withTrials]],
    { timeout: 15_000 },
  );
  const after = await shownTotal(page, T);
  expect(
    after === counts[withTrials] && after <= before,
    `${withTrials}: ${after} trials shown, the chip said ${counts[withTrials]} (before ${before})`,
  );
  const tags = await page
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => [...card.querySelectorAll('.tag--phase')].map((t) => t.textContent)),
    );
  expect(
    tags.every((phases) => phases.includes(T.phaseLabel(withTrials))),
    `cards outside ${withTrials}: ${JSON.stringify(tags)}`,
  );
  const stored = await page.evaluate(() => ({
    page: localStorage.getItem('page'),
    events: (window.dataLayer ?? []).filter((e) => e.event === 'filter_set'),
  }));
  expect(stored.page === '1', `the filter left the search on page ${stored.page}`);
  expect(
    stored.events.length > 0 && stored.events.every((e) => e.filterType === 'trial_phase'),
    `filter_set events: ${JSON.stringify(stored.events)}`,
  );
  await shot('search-phase-filtered');
  return withTrials;
}

/** Opens the first card's details in its new tab: the evaluation for this patient and the sites. */
async function checkDetails(page, T, expect, shot) {
  const card = page.getByRole('article').first();
  const nctId = (await card.innerText()).match(/NCT\d{8}/)?.[0];
  const [details] = await Promise.all([
    page.context().waitForEvent('page'),
    card.getByRole('link', { name: new RegExp(`^${T.details}`) }).click(),
  ]);
  await details.waitForLoadState();
  const link = new URL(details.url());
  expect(
    link.pathname === `/details/${nctId}` && link.searchParams.get('q'),
    `details opened at ${details.url()} for ${nctId}`,
  );
  await details.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
  const evaluation = details.getByRole('region', { name: T.evaluation });
  await evaluation.waitFor({ timeout: 15_000 });
  const counts = (
    await evaluation.getByRole('list', { name: T.evaluationSummary }).getByRole('listitem').all()
  ).length;
  expect(counts === 3, `evaluation summary has ${counts} counts`);
  const countTexts = await evaluation
    .getByRole('list', { name: T.evaluationSummary })
    .getByRole('listitem')
    .allInnerTexts();
  expect(
    countTexts.every((t) => T.evaluationCount.test(t.trim())),
    `evaluation counts read ${JSON.stringify(countTexts)}`,
  );
  const sites = details.getByRole('region', { name: T.sites });
  await sites.waitFor();
  expect((await sites.getByRole('listitem').count()) > 0, 'no site listed');
  await expectNoRawKeys(details, 'details', expect);
  await fullShot(details, shot.path('details'));
  await details.close();
}

/** A full-page screenshot from the top: sticky bars then sit where a reader sees them. */
export async function fullShot(page, path) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path, fullPage: true });
}

export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

export async function searchJourney({
  browser,
  url,
  pgUrl,
  shots,
  check,
  expect,
  expectedTrials = 0,
}) {
  const stamp = Date.now();
  const account = {
    email: `dr.search.${stamp}@hospital.example`,
    password: 'search-Journey-1',
    firstName: 'Marta',
  };

  await check('search: the imported ClinicalTrials.gov records are searchable', async () => {
    createUser(pgUrl, account);
    await waitForTrials(url, pgUrl, expectedTrials, 180_000);
  });

  for (const lang of ['en', 'es']) {
    const T = TEXTS[lang];
    await check(
      `search (${lang}, desktop): lung cancer near Berlin, questionnaire, results, phase filter, details`,
      async () => {
        const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
        const page = await context.newPage();
        const errors = watchErrors(page);
        const shot = (name) => fullShot(page, join(shots, `${lang}-${name}-desktop.png`));
        shot.path = (name) => join(shots, `${lang}-${name}-desktop.png`);
        try {
          await logIn(page, url, account);
          if (lang !== 'en') {
            // The language is switched the way a person does: the footer's language select.
            await page.locator('footer').getByRole('combobox').selectOption(lang);
            await page.getByRole('heading', { name: T.homeTitle }).waitFor({ timeout: 10_000 });
            expect((await page.locator('html').getAttribute('lang')) === lang, 'html lang');
          }

          const { picked } = await chooseLungCancerNearBerlin(page, T, () =>
            page.screenshot({ path: shot.path('search-places') }),
          );
          expect(/^Berlin, /.test(picked), `picked place reads ${picked}`);
          await shot('search-home');
          await page.getByRole('button', { name: T.find }).click();
          await page.waitForURL(`${url}/questionnaire`);

          await answerQuestionnaire(page, T);
          const panel = page.getByRole('complementary', { name: T.patientPanel });
          await panel.getByText(T.stageIV, { exact: true }).waitFor({ timeout: 5_000 });
          await panel.getByText(T.positive, { exact: true }).first().waitFor();
          await expectNoRawKeys(page, 'questionnaire', expect);
          await shot('questionnaire');
          await page.getByRole('button', { name: T.seeTrials }).click();
          await page.waitForURL(`${url}/search`);

          await waitForResults(page, T);
          await expectNoRawKeys(page, 'search', expect);
          await checkCardsAndReasons(page, T, expect);
          await shot('search-results');
          await checkPhaseFilter(page, T, expect, shot);
          await checkDetails(page, T, expect, shot);
          expect(errors.length === 0, `browser errors: ${errors.join(' | ')}`);
        } finally {
          await context.close();
        }
      },
    );
  }

  await check(
    'search (en, 390 px phone): home, questionnaire, results and the filters panel without sideways scrolling',
    async () => {
      const T = TEXTS.en;
      const context = await browser.newContext({
        viewport: { width: PHONE_WIDTH, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const path = (name) => join(shots, `en-${name}-mobile.png`);
      const shot = (name) => page.screenshot({ path: path(name) });
      try {
        await logIn(page, url, account);
        await chooseLungCancerNearBerlin(page, T);
        await expectNoHorizontalOverflow(page, 'home', expect);
        await shot('search-home');
        await page.getByRole('button', { name: T.find }).click();

        await answerQuestionnaire(page, T);
        await expectNoHorizontalOverflow(page, 'questionnaire', expect);
        await fullShot(page, path('questionnaire'));
        await page.getByRole('button', { name: T.seeTrials }).click();

        await waitForResults(page, T);
        await expectNoHorizontalOverflow(page, 'search', expect);
        // On a phone the filters sit behind one button; the desktop chips are not shown.
        expect(
          !(await page
            .getByRole('region', { name: T.filters })
            .getByRole('group', { name: T.phase })
            .isVisible()),
          'the desktop phase chips show on a phone',
        );
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await shot('search-results');
        await page.getByRole('article').first().scrollIntoViewIfNeeded();
        await shot('search-card');

        await page.getByRole('button', { name: T.filtersTitle, exact: true }).click();
        const panel = page.getByRole('dialog', { name: T.filtersTitle });
        await panel.waitFor();
        const phases = panel.getByRole('group', { name: T.phase });
        const counts = await phaseCounts(phases, T);
        const withTrials = PHASES.find((p) => counts[p] > 0);
        expect(withTrials, `no phase has trials: ${JSON.stringify(counts)}`);
        await phaseOption(phases, T, withTrials).label.click();
        expect(
          await phaseOption(phases, T, withTrials).checkbox.isChecked(),
          `${withTrials} not checked`,
        );
        await expectNoHorizontalOverflow(page, 'filters panel', expect);
        // The ticked phase searches again: until the answer is in, the cards under the panel are
        // dimmed (aria-busy), which axe would read as low contrast on a slow machine.
        await page.locator('.search__results:not([aria-busy="true"])').waitFor({ timeout: 30_000 });
        await shot('search-filters');
        await panel
          .getByRole('button', { name: new RegExp(`^Show ${counts[withTrials]} trials?$`) })
          .click();
        await panel.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: `${T.filtersTitle} (1)` }).waitFor();
        expect(
          (await shownTotal(page, T)) === counts[withTrials],
          `the list does not show the ${counts[withTrials]} trials of ${withTrials}`,
        );
        await expectNoHorizontalOverflow(page, 'filtered search', expect);
        expect(errors.length === 0, `browser errors: ${errors.join(' | ')}`);
      } finally {
        await context.close();
      }
    },
  );
}
