// Browser smoke test: runs `npm start` on a throw-away data folder and free ports with the
// ClinicalTrials.gov records shipped in data/ imported (as a first start does), drives Debian's Chromium with playwright-core, and saves
// screenshots under test-results/smoke/.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { accountsJourney } from './accounts-journey.mjs';
import { checkScreensWithAxe, formatViolations } from './axe.mjs';
import { doctorJourney } from './doctor-journey.mjs';
import { filesJourney } from './files-journey.mjs';
import { referralJourney } from './referral-journey.mjs';
import { createUser, indexedStudies, logIn, searchJourney } from './search-journey.mjs';
import { freePort, waitForHealth } from './app-server.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const shots = join(root, 'test-results', 'smoke');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The real records the trial search runs on: those shipped in data/ (see data/README.md), the
// start-up import's default; TRIALS_IMPORT_DIR names others (relative to the repository root).
const TRIALS_DIR = resolve(root, process.env.TRIALS_IMPORT_DIR || 'data');

async function sql(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

function procs() {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
        return { pid: Number(d), pgrp: Number(fields[2]), cmd };
      } catch {
        return null;
      }
    })
    .filter(Boolean);
}

/** The node process running the API inside the `npm start` process group. */
function apiProcessOf(groupId) {
  const found = procs().find(
    (p) => p.pgrp === groupId && p.cmd.includes('api/dist/api/src/main.js'),
  );
  return found ? found.pid : null;
}

function postgresFor(dataDir) {
  return procs()
    .filter((p) => p.cmd.includes('postgres') && p.cmd.includes(dataDir))
    .map((p) => p.pid);
}

async function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    return;
  }
  await new Promise((r) =>
    server.exitCode !== null || server.signalCode !== null ? r() : server.once('exit', r),
  );
  // npm exits with its child; give the API a moment to finish stopping Postgres.
  for (let i = 0; i < 50 && apiProcessOf(server.pid) !== null; i++) {
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The HCP of the first checks: a real account (made as an administrator would), signed in through
// the login screen. A session made up in local storage is ended by the first 401, as it must be.
const HCP_USER = {
  email: 'dr.smoke@hospital.example',
  firstName: 'Alexandra',
  password: 'Smoke-journey-1',
};

const results = [];
// SMOKE_ONLY=referral runs only the checks whose name starts with it (the others are skipped).
const ONLY = process.env.SMOKE_ONLY ?? '';
async function check(name, fn) {
  if (ONLY && !name.startsWith(ONLY)) {
    return;
  }
  const started = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    process.stdout.write(`  ✓ ${name} (${Date.now() - started} ms)\n`);
  } catch (error) {
    results.push({ name, ok: false, error });
    const kept = await keepFailedScreens(name);
    process.stdout.write(
      `  ✕ ${name}\n    ${String(error?.message ?? error)
        .split('\n')
        .join('\n    ')}\n${kept}`,
    );
  }
}

// The browser the checks drive, so a failed check can keep what every open page showed.
let activeBrowser;

/**
 * A failed check keeps a screenshot and the HTML of every page still open (under
 * test-results/smoke/failed/), so a failure that happens once in many runs can be read
 * afterwards; says where they are.
 */
async function keepFailedScreens(name) {
  if (!activeBrowser) return '';
  const dir = join(shots, 'failed');
  const slug = name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  const kept = [];
  try {
    mkdirSync(dir, { recursive: true });
    const pages = activeBrowser.contexts().flatMap((context) => context.pages());
    for (const [index, page] of pages.entries()) {
      const base = join(dir, `${slug}-${index}`);
      await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 5_000 });
      writeFileSync(`${base}.html`, `<!-- ${page.url()} -->\n${await page.content()}`);
      kept.push(`${base}.png (${page.url()})`);
    }
  } catch (error) {
    kept.push(`(could not keep the screens: ${String(error?.message ?? error).split('\n')[0]})`);
  }
  return kept.length ? `    kept: ${kept.join(', ')}\n` : '';
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  if (!existsSync(TRIALS_DIR)) {
    throw new Error(
      `No ClinicalTrials.gov records at ${TRIALS_DIR}: set TRIALS_IMPORT_DIR to a file or folder of API v2 JSON`,
    );
  }
  mkdirSync(shots, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'trialflow-smoke-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const startServer = () =>
    spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // Every journey signs in and searches from 127.0.0.1 within a minute or two.
        RATE_LIMIT_PER_ADDRESS: '100000',
        RATE_LIMIT_IDENTITY_PER_ADDRESS: '100000',
        RATE_LIMIT_IDENTITY_PER_ACCOUNT: '100000',
        RATE_LIMIT_SEARCH_PER_ADDRESS: '100000',
        RATE_LIMIT_UPLOAD_PER_ADDRESS: '100000',
        // Imported in the background when the trial table is empty (the first start only).
        TRIALS_IMPORT_DIR: TRIALS_DIR,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
  let server = startServer();

  let browser;
  try {
    await waitForHealth(url, server, 240_000);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    activeBrowser = browser;

    // axe-core checks every screen right before the journeys photograph it.
    const a11y = checkScreensWithAxe(browser);
    const pgUrl = `postgres://postgres:trialflow-local@127.0.0.1:${pgPort}/trialflow`;
    createUser(pgUrl, HCP_USER);

    const newPage = async ({ loggedIn, mobile = false } = {}) => {
      const context = await browser.newContext(
        mobile
          ? {
              viewport: { width: 390, height: 844 },
              isMobile: true,
              hasTouch: true,
              userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
            }
          : { viewport: { width: 1366, height: 900 } },
      );
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      if (loggedIn) {
        await logIn(page, url, HCP_USER);
      }
      return { page, context, errors };
    };

    await check(
      'home loads for a logged-in HCP with navbar, footer and cookie banner',
      async () => {
        const { page, context, errors } = await newPage({ loggedIn: true });
        await page.goto(`${url}/`);
        await page
          .getByRole('heading', { name: 'Find clinical trials for your patients' })
          .waitFor({ timeout: 15_000 });
        expect(new URL(page.url()).pathname === '/', `expected /, got ${page.url()}`);
        await page.getByRole('navigation').first().waitFor();
        expect(
          await page.getByRole('link', { name: 'Contact' }).first().isVisible(),
          'navbar Contact link missing',
        );
        // The name comes with the profile, which may answer after the lazy Home has rendered.
        const firstName = page.getByText('Alexandra').first();
        await firstName.waitFor({ timeout: 15_000 }).catch(() => undefined);
        expect(await firstName.isVisible(), 'first name not shown in the navbar');
        expect(await page.locator('footer').isVisible(), 'footer missing');
        expect(
          await page
            .getByRole('link', { name: /privacy/i })
            .first()
            .isVisible(),
          'footer privacy link missing',
        );
        await page.screenshot({ path: join(shots, 'en-home-desktop.png'), fullPage: true });
        expect(errors.length === 0, `browser errors: ${errors.join(' | ')}`);
        await context.close();
      },
    );

    await check('the cookie banner shows for a visitor and Accept stores the consent', async () => {
      const { page, context } = await newPage({ loggedIn: false });
      await page.goto(`${url}/about`);
      const banner = page.getByRole('region', { name: /cookie/i });
      await banner.waitFor({ timeout: 15_000 });
      await page.screenshot({ path: join(shots, 'en-about-cookie-banner.png'), fullPage: false });
      await banner.getByRole('button').first().click();
      await banner.waitFor({ state: 'detached', timeout: 5_000 });
      const stored = await page.evaluate(() => window.localStorage.getItem('cookieConsentTime'));
      expect(stored && !Number.isNaN(Date.parse(stored)), `consent time not stored: ${stored}`);
      await context.close();
    });

    await check('switching the language to German shows Impressum in the footer', async () => {
      const { page, context } = await newPage({ loggedIn: true });
      await page.goto(`${url}/about`);
      await page.locator('footer').waitFor({ timeout: 15_000 });
      expect(
        (await page.locator('footer').getByRole('link', { name: 'Impressum' }).count()) === 0,
        'Impressum shown in English',
      );
      await page.locator('footer').getByRole('combobox').selectOption('de');
      await page
        .locator('footer')
        .getByRole('link', { name: 'Impressum' })
        .waitFor({ timeout: 10_000 });
      expect(
        (await page.evaluate(() => window.localStorage.getItem('lang'))) === 'de',
        'language not stored',
      );
      expect((await page.locator('html').getAttribute('lang')) === 'de', 'html lang not de');
      await page.screenshot({ path: join(shots, 'de-about-desktop.png'), fullPage: true });
      await page.locator('footer').getByRole('link', { name: 'Impressum' }).click();
      await page.waitForURL(`${url}/impressum`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.screenshot({ path: join(shots, 'de-impressum-desktop.png'), fullPage: true });
      await context.close();
    });

    await check('an unknown route lands on /', async () => {
      const { page, context } = await newPage({ loggedIn: true });
      await page.goto(`${url}/no/such/page`);
      await page.waitForURL(`${url}/`, { timeout: 10_000 });
      await page.getByRole('heading', { name: 'Find clinical trials for your patients' }).waitFor();
      await context.close();
    });

    await check('a guarded route without login lands on /login', async () => {
      const { page, context } = await newPage({ loggedIn: false });
      await page.goto(`${url}/dashboard`);
      await page.waitForURL(`${url}/login`, { timeout: 10_000 });
      await page.screenshot({ path: join(shots, 'en-login-redirect.png') });
      await context.close();
    });

    await check('mobile layout: logo, profile icon and bottom navigation', async () => {
      const { page, context } = await newPage({ loggedIn: true, mobile: true });
      await page.goto(`${url}/`);
      await page
        .getByRole('heading', { name: 'Find clinical trials for your patients' })
        .waitFor({ timeout: 15_000 });
      await page
        .getByRole('link', { name: /profile/i })
        .first()
        .waitFor();
      await page.screenshot({ path: join(shots, 'en-home-mobile.png'), fullPage: false });
      await page.goto(`${url}/privacy`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.screenshot({ path: join(shots, 'en-privacy-mobile.png'), fullPage: false });
      await context.close();
    });

    await accountsJourney({ browser, url, pgUrl, shots, check, expect });
    await searchJourney({
      browser,
      url,
      pgUrl,
      shots,
      check,
      expect,
      expectedTrials: indexedStudies(TRIALS_DIR),
    });
    await doctorJourney({
      browser,
      url,
      pgUrl,
      shots,
      check,
      expect,
      expectedTrials: indexedStudies(TRIALS_DIR),
    });
    await referralJourney({ browser, url, pgUrl, shots, check, expect });
    await filesJourney({ browser, url, pgUrl, shots, check, expect });

    // Whatever journeys ran (SMOKE_ONLY included), the screens they showed are judged.
    {
      const name = `axe-core: no serious or critical violation on the screens visited`;
      const error =
        a11y.length > 0
          ? new Error(`${a11y.length} violation(s):\n${formatViolations(a11y)}`)
          : null;
      results.push({ name, ok: !error, error });
      process.stdout.write(
        error ? `  ✕ ${name}\n    ${error.message.split('\n').join('\n    ')}\n` : `  ✓ ${name}\n`,
      );
    }

    await check(
      'after a crash of the API, npm start recovers the embedded Postgres and keeps the data',
      async () => {
        const dbUrl = `postgres://postgres:trialflow-local@127.0.0.1:${pgPort}/trialflow`;
        await sql(
          dbUrl,
          "CREATE TABLE smoke_marker (v text); INSERT INTO smoke_marker VALUES ('kept')",
        );
        const api = apiProcessOf(server.pid);
        expect(api !== null, 'could not find the API process');
        process.kill(api, 'SIGKILL');
        await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
        expect(
          existsSync(join(dataDir, 'postgres', 'postmaster.pid')),
          'the crash left no lock to recover from',
        );
        server = startServer();
        await waitForHealth(url, server, 120_000);
        const rows = await sql(dbUrl, 'SELECT v FROM smoke_marker');
        expect(rows.length === 1 && rows[0].v === 'kept', `data lost: ${JSON.stringify(rows)}`);
      },
    );

    await check('a graceful stop also stops the embedded Postgres', async () => {
      await stopServer(server);
      expect(
        !existsSync(join(dataDir, 'postgres', 'postmaster.pid')),
        'postmaster.pid left behind',
      );
      const leftover = postgresFor(dataDir);
      expect(leftover.length === 0, `postgres still running: ${leftover.join(', ')}`);
    });
  } finally {
    await browser?.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .catch((error) => {
    results.push({ name: 'setup', ok: false, error });
    process.stdout.write(`Smoke test could not run: ${error?.stack ?? error}\n`);
  })
  .finally(() => {
    const passed = results.filter((r) => r.ok).length;
    const failed = results.length - passed;
    process.stdout.write(`Screenshots: ${shots}\n${passed} passed, ${failed} failed\n`);
    process.exit(failed === 0 && passed > 0 ? 0 : 1);
  });
