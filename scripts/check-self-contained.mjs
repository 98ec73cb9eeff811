// `npm run lint` step: fails when code, tests, benchmarks or configuration reach outside the
// repository — the shared data folder our machines keep beside it (`../shared`, `shared/data`),
// a path resolved above the repository root (`resolve(root, '..')`, more `..` from `__dirname`
// than the file is deep), or a relative import that leaves the root. A clone must work alone.
//
//   node scripts/check-self-contained.mjs [--root DIR]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { root: { type: 'string' } } });
const root = resolve(values.root ?? join(import.meta.dirname, '..'));
/** This script and its test, which hold the violations they look for as examples. */
const EXEMPT = new Set([
  resolve(import.meta.filename),
  resolve(import.meta.dirname, '..', 'test', 'self-contained.e2e-spec.ts'),
]);

const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const CONFIG = /^(package|tsconfig[\w.-]*)\.json$/;
/** Never read: installed or generated code, runtime data, shipped records and fixtures. */
const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', '.git', 'test-results', 'coverage']);
const SKIP_PATHS = new Set(['data', join('test', 'fixtures'), join('web', 'src', 'api')]);

/** Names a folder beside the repository, whatever the path around it. */
const SHARED = [
  { re: /\.\.[\\/]+shared\b/, why: 'names ../shared' },
  { re: /\bshared[\\/]+data\b/, why: 'names shared/data' },
  { re: /['"`]shared['"`]\s*,\s*['"`]data['"`]/, why: "joins 'shared', 'data'" },
];
/** resolve(…)/join(…) from the repository root or a file's folder, followed by '..' parts. */
const PATH_CALL =
  /\b(?:resolve|join)\(\s*(__dirname|import\.meta\.dirname|root|rootDir|repoRoot\(\)|process\.cwd\(\))\s*((?:,\s*['"`][^'"`]*['"`]\s*)+)\)/g;
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)['"`](\.{1,2}\/[^'"`]*)['"`]/g;
const ROOT_NAMES = new Set(['root', 'rootDir', 'repoRoot()', 'process.cwd()']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = relative(root, path);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !SKIP_PATHS.has(rel)) {
        yield* files(path);
      }
    } else if ((CODE.test(entry.name) || CONFIG.test(entry.name)) && !EXEMPT.has(path)) {
      yield path;
    }
  }
}

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

/** Whether these path parts, from that folder, end above the repository root. */
function leavesRoot(fromDir, parts) {
  const target = resolve(fromDir, ...parts);
  return target !== root && !target.startsWith(root + sep);
}

const problems = [];
for (const file of files(root)) {
  const text = readFileSync(file, 'utf8');
  const rel = relative(root, file);
  const report = (index, why) => problems.push(`${rel}:${lineOf(text, index)}: ${why}`);
  for (const { re, why } of SHARED) {
    const global = new RegExp(re.source, 'g');
    for (const m of text.matchAll(global)) {
      report(m.index, `${why} (outside the repository)`);
    }
  }
  for (const m of text.matchAll(PATH_CALL)) {
    const parts = [...m[2].matchAll(/['"`]([^'"`]*)['"`]/g)].map((p) => p[1]);
    const from = ROOT_NAMES.has(m[1]) ? root : dirname(file);
    if (leavesRoot(from, parts)) {
      report(m.index, `${m[0].replace(/\s+/g, ' ')} resolves above the repository root`);
    }
  }
  for (const m of text.matchAll(SPECIFIER)) {
    if (leavesRoot(dirname(file), [m[1]])) {
      report(m.index, `imports ${m[1]}, outside the repository`);
    }
  }
}

if (problems.length > 0) {
  console.error(
    `Code must not reach outside the repository (copy what it needs into it, e.g. data/ or test/fixtures/):\n` +
      problems.map((p) => `  ${p}`).join('\n'),
  );
  process.exit(1);
}
console.log(`Self-contained: no code reaches outside ${root}`);
