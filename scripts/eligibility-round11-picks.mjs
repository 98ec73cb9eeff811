// Blind held-out round 11 of issue 14: the pool and the picks, computed before any judging.
//
//   node scripts/eligibility-round11-picks.mjs
//
// Pool 11: round 10's pool (computed below exactly as scripts/eligibility-round10-picks.mjs does,
// 143 ids) minus round 10's 25 trials (`_trials` of eligibility-vignettes-holdout-10.json), minus
// any id named at the start of round 11 (main 7bd7e41) in a tracked file outside data/ other than
// the round 7 to 10 fixtures and the picks scripts. Salt 'heldout11:'; same tiers as round 10.
// Breast and the other conditions are left out (too few records): lung_cancer and melanoma only.
//
// What follows is round 10's description of its own pool and rule, kept as written:
//
// Pool 10: round 9's pool (computed below exactly as scripts/eligibility-round9-picks.mjs does,
// 173 ids) minus round 9's 30 trials (`_trials` of eligibility-vignettes-holdout-9.json), minus any
// id named at the start of round 10 (main 4305546) in a tracked file outside data/ other than the
// round 7, 8 and 9 fixtures and the picks scripts. Salt 'heldout10:'; same tiers as round 9. Breast
// takes part only if at least 5 records with criteria text remain: 5 picks, set A only.
//
// What follows is round 9's description of its own pool and rule, kept as written:
//
// Pool: round 8's pool (round 7's held-out pool minus round 7's 30 trials, minus any id named at
// main 0afb7a4 in a tracked file outside data/ other than the round-7 fixtures: 202 ids, as
// scripts/eligibility-round8-picks.mjs computes it), minus round 8's 29 trials (`_trials` of
// eligibility-vignettes-holdout-8.json), minus any id named at the start of round 9 (main
// 3ba99cd) in a tracked file outside data/ other than the round-7 and round-8 fixtures and the
// round-8 picks script.
// Picks: for lung_cancer, melanoma and breast_cancer, the pool's studies mapped to it ordered by
// SHA-256('heldout9:' + id); the first 10 RECRUITING or NOT_YET_RECRUITING with 400-8,000
// characters of eligibility criteria and mapped to at most 2 conditions (set A = 1-5, B = 6-10);
// where fewer than 10, round 7's fallbacks in the same order: recruiting 400-8,000 of any number
// of conditions, recruiting with any non-empty criteria, any status with 400-8,000 characters,
// then (lung and melanoma) the pan-tumour pool. Breast takes only as many as the pool gives with
// any criteria text (a last tier: any status, any non-empty criteria), up to 10, no pan-tumour
// pool; with fewer than 5 breast is left out.
// `--pool` lists the pool instead (id, hash prefix, status, criteria length, conditions).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const sha = (s) => createHash('sha256').update(s).digest('hex');
const named = (args) =>
  new Set(
    execFileSync('git', ['grep', '-ohE', 'NCT[0-9]{8}', ...args], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean),
  );

const entries = [];
const records = new Map();
for (const dir of ['data/ctgov', 'data/ctgov-extra']) {
  const index = JSON.parse(readFileSync(join(root, dir, 'index.json'), 'utf8'));
  for (const e of index) entries.push(e);
  for (const file of new Set(index.map((e) => e.file))) {
    const studies = JSON.parse(gunzipSync(readFileSync(join(root, dir, `${file}.gz`))).toString());
    for (const s of studies) records.set(s.protocolSection.identificationModule.nctId, s);
  }
}
const byId = new Map(entries.map((e) => [e.nctId, e]));

const namedAtSplit = named(['d8811af', '--', ':!data']);
const unnamed = [...byId.keys()].filter((id) => !namedAtSplit.has(id));
const calibration = (id) => {
  const c = byId.get(id).conditions;
  return (
    c.length > 0 &&
    c.every((k) => k === 'lung_cancer' || k === 'melanoma') &&
    /^[89a-f]/.test(sha(`split7:${id}`))
  );
};
const heldout7 = unnamed.filter((id) => !calibration(id));
const round7 = JSON.parse(
  readFileSync(join(root, 'test/fixtures/eligibility-vignettes-holdout-7.json'), 'utf8'),
)._trials;
const round7Ids = new Set(Object.values(round7).flat());
// Round 8's "today": main at the start of round 8 (0afb7a4).
const namedToday = named(['0afb7a4', '--', ':!data', ':!test/fixtures/*holdout-7*']);
const pool = heldout7.filter((id) => !round7Ids.has(id));
const pool8 = pool.filter((id) => !namedToday.has(id));
const round8 = JSON.parse(
  readFileSync(join(root, 'test/fixtures/eligibility-vignettes-holdout-8.json'), 'utf8'),
)._trials;
const round8Ids = new Set(Object.values(round8).flat());
// "Today" is main at the start of round 9 (3ba99cd), before this round's own files named the picks.
const namedToday9 = named([
  '3ba99cd',
  '--',
  ':!data',
  ':!test/fixtures/*holdout-7*',
  ':!test/fixtures/*holdout-8*',
  ':!scripts/eligibility-round8-picks.mjs',
]);
const minusRound8 = pool8.filter((id) => !round8Ids.has(id));
const dropped = minusRound8.filter((id) => namedToday9.has(id));
const pool9 = minusRound8.filter((id) => !namedToday9.has(id));
const round9 = JSON.parse(
  readFileSync(join(root, 'test/fixtures/eligibility-vignettes-holdout-9.json'), 'utf8'),
)._trials;
const round9Ids = new Set(Object.values(round9).flat());
// "Today" is main at the start of round 10 (4305546), before this round's own files named the picks.
const namedToday10 = named([
  '4305546',
  '--',
  ':!data',
  ':!test/fixtures/*holdout-7*',
  ':!test/fixtures/*holdout-8*',
  ':!test/fixtures/*holdout-9*',
  ':!scripts/eligibility-round*-picks.mjs',
]);
const minusRound9 = pool9.filter((id) => !round9Ids.has(id));
const dropped10 = minusRound9.filter((id) => namedToday10.has(id));
const pool10 = minusRound9.filter((id) => !namedToday10.has(id));

const round10 = JSON.parse(
  readFileSync(join(root, 'test/fixtures/eligibility-vignettes-holdout-10.json'), 'utf8'),
)._trials;
const round10Ids = new Set(Object.values(round10).flat());
// "Today" is main at the start of round 11 (7bd7e41), before this round's own files named the picks.
const namedToday11 = named([
  '7bd7e41',
  '--',
  ':!data',
  ':!test/fixtures/*holdout-7*',
  ':!test/fixtures/*holdout-8*',
  ':!test/fixtures/*holdout-9*',
  ':!test/fixtures/*holdout-10*',
  ':!scripts/eligibility-round*-picks.mjs',
]);
const minusRound10 = pool10.filter((id) => !round10Ids.has(id));
const dropped11 = minusRound10.filter((id) => namedToday11.has(id));
const pool11 = minusRound10.filter((id) => !namedToday11.has(id));

const criteria = (id) =>
  records.get(id)?.protocolSection.eligibilityModule?.eligibilityCriteria ?? '';
const recruiting = (id) =>
  ['RECRUITING', 'NOT_YET_RECRUITING'].includes(byId.get(id).overallStatus);
const inWindow = (id) => criteria(id).length >= 400 && criteria(id).length <= 8000;
/** Round 7's tiers, each taken in hash order until the condition has 10. */
const tiers = [
  (id) => recruiting(id) && inWindow(id) && byId.get(id).conditions.length <= 2,
  (id) => recruiting(id) && inWindow(id),
  (id) => recruiting(id) && criteria(id).length > 0,
  (id) => inWindow(id),
];
const order = (ids) =>
  [...ids].sort((a, b) => sha(`heldout11:${a}`).localeCompare(sha(`heldout11:${b}`)));
const panTumour = order(
  pool11.filter(
    (id) => byId.get(id).conditions.length === 0 && byId.get(id).panTumorConditionsOnly,
  ),
).filter((id) => recruiting(id) && inWindow(id));
const picks = {};
const tierOf = {};
for (const condition of ['lung_cancer', 'melanoma']) {
  const ordered = order(pool11.filter((id) => byId.get(id).conditions.includes(condition)));
  const taken = [];
  tiers.forEach((fits, t) => {
    for (const id of ordered) {
      if (taken.length < 10 && !taken.includes(id) && fits(id)) {
        taken.push(id);
        tierOf[id] = t + 1;
      }
    }
  });
  for (const id of panTumour) if (taken.length < 10) taken.push(id);
  if (taken.length >= 5) picks[condition] = { A: taken.slice(0, 5), B: taken.slice(5, 10) };
  else picks[condition] = { leftOut: taken };
}

if (process.argv.includes('--pool')) {
  for (const id of pool11) {
    const e = byId.get(id);
    console.log(
      id,
      sha(`heldout11:${id}`).slice(0, 8),
      e.overallStatus,
      criteria(id).length,
      e.conditions.join(','),
    );
  }
  process.exit(0);
}
const counts = {};
for (const id of pool11) {
  const c = byId.get(id).conditions;
  for (const k of c.length ? c : ['(none)']) counts[k] = (counts[k] ?? 0) + 1;
}
console.log(
  JSON.stringify(
    {
      indexIds: byId.size,
      unnamedAtD8811af: unnamed.length,
      heldout7Pool: heldout7.length,
      minusRound7: pool.length,
      pool8: pool8.length,
      minusRound8: minusRound8.length,
      droppedNamedToday: dropped,
      pool9: pool9.length,
      minusRound9: minusRound9.length,
      droppedNamedToday10: dropped10,
      pool10: pool10.length,
      minusRound10: minusRound10.length,
      droppedNamedToday11: dropped11,
      pool11: pool11.length,
      pool11ByCondition: counts,
      picks,
      tierOf,
    },
    null,
    2,
  ),
);
