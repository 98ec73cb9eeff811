#!/usr/bin/env node
// `npm start`: builds the API and the web app when their build is missing or older than the
// sources, then runs the API, which serves the web app on / and itself on /api.
'use strict';
const { spawnSync, spawn } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const apiEntry = join(root, 'api', 'dist', 'api', 'src', 'main.js');
const webIndex = join(root, 'web', 'dist', 'index.html');
// The compiled contract package the API requires at run time (built by the API's build).
const contractEntry = join(root, 'packages', 'contract', 'dist', 'index.js');

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    // A folder's own time changes when a file in it is deleted or renamed.
    const own = statSync(path).mtimeMs;
    latest = Math.max(latest, own, entry.isDirectory() ? newest(path) : own);
  }
  return latest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some(
    (s) =>
      (existsSync(s) && statSync(s).isDirectory()
        ? newest(s)
        : existsSync(s)
          ? statSync(s).mtimeMs
          : 0) > built,
  );
}

function run(label, args) {
  process.stdout.write(`Building ${label}…\n`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`Building ${label} failed.\n`);
    process.exit(result.status ?? 1);
  }
}

if (
  !existsSync(contractEntry) ||
  stale(apiEntry, [
    join(root, 'api', 'src'),
    join(root, 'packages', 'contract', 'src'),
    join(root, 'migrations'),
    join(root, 'api', 'package.json'),
  ])
) {
  run('the API', ['run', 'build', '-w', 'api']);
}
if (
  stale(webIndex, [
    join(root, 'web', 'src'),
    join(root, 'packages', 'contract', 'src'),
    join(root, 'web', 'public'),
    join(root, 'web', 'index.html'),
    join(root, 'web', 'vite.config.ts'),
  ])
) {
  run('the web app', ['run', 'build', '-w', 'web']);
}

const child = spawn(process.execPath, [apiEntry], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
