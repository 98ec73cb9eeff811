// Lighthouse 12 on the doctor's screens, against `npm start` (issue 15, "Speed").
//
//   npm run bench:web                 # login, home, questionnaire, search, details; 1 run each
//   BENCH_WEB_RUNS=3 npm run bench:web   # the median of 3 runs per page
//   BENCH_WEB_REPORTS=test-results/lighthouse npm run bench:web   # also keep each run's report
//
// Starts `npm start` on free ports with a throw-away data folder (the shipped trials of data/
// are imported; the audits start once all are in), launches Debian's Chromium (CHROMIUM_PATH,
// default /usr/bin/chromium) with chrome-launcher, signs a doctor in through the login screen
// (Playwright over CDP, as the smoke journeys do), walks lung cancer / Berlin / questionnaire /
// results / details to learn the addresses, then runs Lighthouse on each page in the same browser
// profile (the session stays in localStorage: disableStorageReset). Lighthouse's defaults:
// mobile, simulated slow 4G and a 4x slower CPU. Prints performance, accessibility, best
// practices, FCP and LCP per page and the targets (performance >= 0.95, accessibility = 1.0,
// LCP <= 1.5 s).
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  answerQuestionnaire,
  chooseLungCancerNearBerlin,
  createUser,
  indexedStudies,
  logIn,
  TEXTS,
  waitForResults,
  waitForTrials,
} from '../test/smoke/search-journey.mjs';
import { freePort, waitForHealth } from '../test/smoke/app-server.mjs';

const root = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 1));
const TARGETS = { performance: 0.95, accessibility: 1, lcpMs: 1500 };
/** Where each run's Lighthouse report (JSON) is written, when set (to see what the LCP was). */
const REPORTS = process.env.BENCH_WEB_REPORTS ? resolve(process.env.BENCH_WEB_REPORTS) : null;
let reportCount = 0;

async function stop(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    return;
  }
  await new Promise((r) => server.once('exit', r));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Lighthouse's own "Please run Lighthouse again" failures (a trace without its navigation). */
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_FCP', 'PROTOCOL_TIMEOUT']);

async function audit(url, port, name, attempt = 1) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // The doctor's session and patient live in localStorage: keep them between pages.
    disableStorageReset: true,
  });
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) {
    if (attempt < 3 && RETRYABLE.has(result.lhr.runtimeError.code)) {
      process.stdout.write(`  ${name}: ${result.lhr.runtimeError.code}, run again\n`);
      return audit(url, port, name, attempt + 1);
    }
    throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    reportCount += 1;
    writeFileSync(join(REPORTS, `${name}-${reportCount}.json`), JSON.stringify(result.lhr));
  }
  return {
    performance: categories.performance.score,
    accessibility: categories.accessibility.score,
    bestPractices: categories['best-practices'].score,
    fcpMs: audits['first-contentful-paint'].numericValue,
    lcpMs: audits['largest-contentful-paint'].numericValue,
    finalUrl: result.lhr.finalDisplayedUrl,
    failedA11y: Object.values(audits)
      .filter((a) => categories.accessibility.auditRefs.some((r) => r.id === a.id))
      .filter((a) => a.score === 0)
      .map((a) => a.id),
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'trialflow-bench-web-'));
  // The embedded Postgres may run as another user than the one who made the folder.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const pgUrl = `postgres://postgres:trialflow-local@127.0.0.1:${pgPort}/trialflow`;
  const server = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  let chrome;
  let browser;
  try {
    await waitForHealth(url, server, 300_000);
    const account = {
      email: `dr.bench.${Date.now()}@hospital.example`,
      password: 'bench-Web-1',
      firstName: 'Lena',
    };
    createUser(pgUrl, account);
    // Every shipped trial, not the first: the start-up import runs beside the server and took
    // CPU from the first pages audited (login, home) while it lasted.
    await waitForTrials(url, pgUrl, indexedStudies(join(root, 'data')), 300_000);

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
      ],
    });

    // The signed-out first screen, before any session exists in the profile.
    const pages = [{ name: 'login', url: `${url}/login` }];

    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0].newPage();
    const T = TEXTS.en;
    const first = await audit(`${url}/login`, chrome.port, 'login');
    await logIn(page, url, account);
    pages.push({ name: 'home', url: `${url}/` });
    await chooseLungCancerNearBerlin(page, T);
    await page.getByRole('button', { name: T.find }).click();
    await page.waitForURL(`${url}/questionnaire`);
    pages.push({ name: 'questionnaire', url: `${url}/questionnaire` });
    await answerQuestionnaire(page, T);
    await page.getByRole('button', { name: T.seeTrials }).click();
    await page.waitForURL(`${url}/search`);
    await waitForResults(page, T);
    pages.push({ name: 'search', url: page.url() });
    const card = page.getByRole('article').first();
    const href = await card
      .getByRole('link', { name: new RegExp(`^${T.details}`) })
      .getAttribute('href');
    pages.push({ name: 'details', url: new URL(href, url).href });
    await page.close();

    const rows = [];
    for (const target of pages) {
      const runs = target.name === 'login' ? [first] : [];
      while (runs.length < RUNS) {
        runs.push(await audit(target.url, chrome.port, target.name));
      }
      const row = {
        page: target.name,
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        bestPractices: median(runs.map((r) => r.bestPractices)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        finalPath: new URL(runs[0].finalUrl).pathname,
        failedA11y: [...new Set(runs.flatMap((r) => r.failedA11y))],
      };
      rows.push(row);
      process.stdout.write(`  ${target.name}: done\n`);
    }

    const pad = (s, n) => String(s).padEnd(n);
    const ok = (row) =>
      row.performance >= TARGETS.performance &&
      row.accessibility >= TARGETS.accessibility &&
      row.lcpMs <= TARGETS.lcpMs;
    process.stdout.write(
      `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, simulated slow 4G, ${RUNS} run(s) per page (median)\n`,
    );
    process.stdout.write(
      `${pad('page', 14)}${pad('perf', 7)}${pad('a11y', 7)}${pad('best', 7)}${pad('FCP', 9)}${pad('LCP', 9)}target  shown at\n`,
    );
    for (const row of rows) {
      process.stdout.write(
        `${pad(row.page, 14)}${pad(row.performance.toFixed(2), 7)}${pad(row.accessibility.toFixed(2), 7)}${pad(row.bestPractices.toFixed(2), 7)}${pad(`${(row.fcpMs / 1000).toFixed(2)} s`, 9)}${pad(`${(row.lcpMs / 1000).toFixed(2)} s`, 9)}${pad(ok(row) ? 'met' : 'missed', 8)}${row.finalPath}${row.failedA11y.length ? `  a11y: ${row.failedA11y.join(', ')}` : ''}\n`,
      );
    }
    process.stdout.write(
      `targets: performance >= ${TARGETS.performance}, accessibility = ${TARGETS.accessibility}, LCP <= ${TARGETS.lcpMs / 1000} s\n`,
    );
  } finally {
    await browser?.close().catch(() => undefined);
    chrome?.kill();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`bench:web failed: ${error?.stack ?? error}\n`);
  process.exit(1);
});
