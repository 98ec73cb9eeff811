// The functions with the most self time in a V8 .cpuprofile (node --cpu-prof), e.g. the API's
// profile from BENCH_CPU_PROF=1 npm run bench:search:
//   node bench/cpu-profile-top.mjs .data/bench-prof/api-500000.cpuprofile [count]
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const [file, countArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('Usage: node bench/cpu-profile-top.mjs <file.cpuprofile> [count]\n');
  process.exit(2);
}
const count = Number(countArg ?? 15);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const root = resolve(import.meta.dirname, '..');

// Self time per node: the samples that landed in it, each lasting its time delta.
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((s, x) => s + x, 0);

const where = (cf) => {
  let url = cf.url.replace(/^file:\/\//, '');
  url = url.replace(/^.*\/trialflow-bench-[^/]+\//, '');
  if (url.startsWith(root)) {
    url = relative(root, url);
  }
  url = url.replace(/^.*node_modules\//, 'node_modules/');
  return url ? `${url}:${cf.lineNumber + 1}` : '(native)';
};

const byFunction = new Map();
for (const [id, us] of selfUs) {
  const cf = byId.get(id).callFrame;
  const key = `${cf.functionName || '(anonymous)'}  ${where(cf)}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
const rows = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, count);
process.stdout.write(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled\n` +
    rows
      .map(
        ([name, us]) =>
          `${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`,
      )
      .join('\n') +
    '\n',
);
