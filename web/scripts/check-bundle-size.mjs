#!/usr/bin/env node
// The initial-JavaScript budget of the first route (/login): the entry chunk, the login screen's
// chunk, and every chunk they import statically (what the browser must fetch and run before the
// first screen shows), read from the Vite manifest of the last build, gzip level 9 as the server
// sends them. Prints each file and the total; exits 1 above the budget.
//
//   node web/scripts/check-bundle-size.mjs [--budget-kb 120]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
/** The first route's module when it is a chunk of its own (today it is part of the entry). */
const FIRST_ROUTE = 'src/features/identity/login.ts';
/** The first route's screen, which must be in what is counted. */
const FIRST_SCREEN = 'src/features/identity/components/login-screen.tsx';

const flag = process.argv.indexOf('--budget-kb');
/**
 * The enforced ceiling: issue 15's budget for the first route. The app runs on Preact through
 * preact/compat (web/vite.config.ts), /login loads only its own screen, and Home is a lazy chunk
 * (README, "Web performance").
 */
const BUDGET_KB = 120;
const budgetKb =
  flag > 0 ? Number(process.argv[flag + 1]) : Number(process.env.BUNDLE_BUDGET_KB ?? BUDGET_KB);
if (!Number.isFinite(budgetKb) || budgetKb <= 0) {
  console.error('check-bundle-size: --budget-kb must be a positive number');
  process.exit(2);
}
if (!existsSync(manifestPath)) {
  console.error(`check-bundle-size: ${manifestPath} is missing: run npm run build -w web first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) {
  console.error('check-bundle-size: no entry in the manifest');
  process.exit(2);
}

/** The manifest keys of a chunk and of everything it imports statically, each once. */
const closure = (key, seen = new Set()) => {
  if (!manifest[key] || seen.has(key)) {
    return seen;
  }
  seen.add(key);
  (manifest[key].imports ?? []).forEach((next) => closure(next, seen));
  return seen;
};
/** The files counted: the entry's and the first route's, file → manifest key. */
const files = new Map(
  [...closure(FIRST_ROUTE, closure(entry))].map((key) => [manifest[key].file, key]),
);

// The screen must be among what was counted: a renamed or moved login screen fails the check
// instead of measuring something else.
const counted = [...files.keys()].some((file) => {
  const map = join(dist, `${file}.map`);
  return (
    existsSync(map) &&
    JSON.parse(readFileSync(map, 'utf8')).sources.some((source) =>
      source.endsWith(FIRST_SCREEN.replace(/^src\//, '/src/')),
    )
  );
});
if (!counted) {
  console.error(`check-bundle-size: ${FIRST_SCREEN} is not in the entry nor in ${FIRST_ROUTE}`);
  process.exit(2);
}

let total = 0;
let raw = 0;
const rows = [...files.keys()].map((file) => {
  const content = readFileSync(join(dist, file));
  const gz = gzipSync(content, { level: 9 }).length;
  total += gz;
  raw += content.length;
  return { file, gz, raw: content.length };
});
rows.sort((a, b) => b.gz - a.gz);
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
console.log(`Initial JavaScript of /login (${entry} + ${FIRST_ROUTE}, static imports):`);
for (const row of rows) {
  console.log(`${kb(row.gz)} KB gzip ${kb(row.raw)} KB  ${row.file}`);
}
console.log(`${kb(total)} KB gzip ${kb(raw)} KB  total, budget ${budgetKb} KB gzip`);
if (total > budgetKb * 1024) {
  console.error(
    `check-bundle-size: FAIL: ${(total / 1024).toFixed(1)} KB gzip is above the budget of ${budgetKb} KB`,
  );
  process.exit(1);
}
// The signed-in first screens' pages (vite.config.ts, preloadFirstScreens): each is written and
// names only files of this build.
for (const screen of ['home', 'questionnaire', 'search', 'details']) {
  const page = join(dist, `index.${screen}.html`);
  if (!existsSync(page)) {
    console.error(`check-bundle-size: ${page} is missing`);
    process.exit(1);
  }
  const hrefs = [...readFileSync(page, 'utf8').matchAll(/href="\/(assets\/[^"]+)"/g)].map(
    ([, href]) => href,
  );
  const gone = hrefs.filter((href) => !existsSync(join(dist, href)));
  if (hrefs.length === 0 || gone.length > 0) {
    console.error(
      `check-bundle-size: index.${screen}.html names missing files: ${gone.join(', ')}`,
    );
    process.exit(1);
  }
  console.log(`index.${screen}.html: ${hrefs.length} files named, all in the build`);
}
// Home and the request lists it shows must not pull another screen's code: the lists once
// imported a link helper through the search feature's index, which loaded the search screen's
// JavaScript and CSS on Home.
const OTHER_SCREENS = ['src/features/search/index.ts', 'src/features/questionnaire/screens.ts'];
for (const key of ['src/app/routes/home.tsx', 'src/app/routes/referral-lists.tsx']) {
  if (!manifest[key]) {
    console.error(`check-bundle-size: ${key} is not a chunk of the build`);
    process.exit(1);
  }
  const pulled = OTHER_SCREENS.filter((screen) => closure(key).has(screen));
  if (pulled.length > 0) {
    console.error(`check-bundle-size: ${key} imports the code of ${pulled.join(', ')}`);
    process.exit(1);
  }
  console.log(`${key}: no other screen's code`);
}
console.log('check-bundle-size: ok');
