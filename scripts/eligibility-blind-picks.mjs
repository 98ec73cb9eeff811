// Blind held-out rounds 8 to 17 of issue 14: each round's pool and picks, computed before any
// judging of that round. One table of rounds replaces the four per-round scripts
// (eligibility-round{8,9,10,11}-picks.mjs), which each copied the previous round's pool.
//
//   node scripts/eligibility-blind-picks.mjs --round N          (the pool's counts and the picks)
//   node scripts/eligibility-blind-picks.mjs --round N --pool   (id, hash prefix, status, criteria
//                                                               length, conditions of the pool)
//
// Round 7's held-out pool: ids of data/ctgov/index.json and data/ctgov-extra/index.json named in
// no tracked file outside data/ at main d8811af, minus the calibration pool (mapped conditions
// non-empty and all among lung_cancer/melanoma with SHA-256('split7:' + id) starting 8-f).
// Pool N (N = 8..15): pool N-1 (round 7's held-out pool for N = 8) minus the `_trials` of
// test/fixtures/eligibility-vignettes-holdout-(N-1).json, minus any id named at the start of
// round N (`namedAt`, a main commit) in a tracked file outside data/ other than the fixtures and
// scripts in `notNamedIn` (the earlier rounds' fixtures and picks scripts).
// Picks of round N: for each condition of the round, the pool's studies mapped to it ordered by
// SHA-256(salt + id) as lowercase hex; taken tier by tier in that order until the round's count:
// (1) RECRUITING or NOT_YET_RECRUITING with 400-8,000 characters of eligibility criteria and
// mapped to at most 2 conditions, (2) recruiting 400-8,000 of any number of conditions,
// (3) recruiting with any non-empty criteria, (4) any status with 400-8,000 characters, then
// (where `extraTier`) any status with any non-empty criteria; then (where `panTumour`) the
// pan-tumour pool (no mapped condition, recruiting, 400-8,000 characters) in the same order;
// then (where `panTumourAnyStatus`, round 16) pan-tumour records of any status with 400-8,000
// characters in the same order, each given to one condition only.
// Sets of 5 in order: A = picks 1-5, B = 6-10, C = 11-15, D = 16-20 (`sets` limits their number). A condition with fewer than `minimum`
// picks is left out (`leftOut`).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const fixtureGlobs = (rounds) => rounds.map((n) => `:!test/fixtures/*holdout-${n}*`);
/** From round 13 on: the fixtures of rounds 7 to N-1 and every picks script are not counted. */
const earlierRounds = (n) => [
  ...fixtureGlobs(Array.from({ length: n - 7 }, (_, i) => i + 7)),
  ':!scripts/eligibility-round*-picks.mjs',
  ':!scripts/eligibility-blind-picks.mjs',
];
/** The rounds, as each was run (the first four reproduce the old per-round scripts exactly). */
const ROUNDS = {
  8: {
    salt: 'heldout8:',
    namedAt: '0afb7a4',
    notNamedIn: fixtureGlobs([7]),
    conditions: { breast_cancer: 10, lung_cancer: 10, melanoma: 10 },
    extraTier: [],
    panTumour: ['breast_cancer', 'lung_cancer', 'melanoma'],
    minimum: 0,
  },
  9: {
    salt: 'heldout9:',
    namedAt: '3ba99cd',
    notNamedIn: [...fixtureGlobs([7, 8]), ':!scripts/eligibility-round8-picks.mjs'],
    conditions: { breast_cancer: 10, lung_cancer: 10, melanoma: 10 },
    extraTier: ['breast_cancer'],
    panTumour: ['lung_cancer', 'melanoma'],
    minimum: 0,
  },
  10: {
    salt: 'heldout10:',
    namedAt: '4305546',
    notNamedIn: [...fixtureGlobs([7, 8, 9]), ':!scripts/eligibility-round*-picks.mjs'],
    // Breast takes part only with at least 5 records: 5 picks, set A only (it is still taken up
    // to 10, as the round 10 script did, so `tierOf` lists the 5 not used).
    conditions: { breast_cancer: 10, lung_cancer: 10, melanoma: 10 },
    sets: { breast_cancer: 1 },
    extraTier: ['breast_cancer'],
    panTumour: ['lung_cancer', 'melanoma'],
    minimum: { breast_cancer: 5, lung_cancer: 0, melanoma: 0 },
  },
  11: {
    salt: 'heldout11:',
    namedAt: '7bd7e41',
    notNamedIn: [...fixtureGlobs([7, 8, 9, 10]), ':!scripts/eligibility-round*-picks.mjs'],
    conditions: { lung_cancer: 10, melanoma: 10 },
    extraTier: [],
    panTumour: ['lung_cancer', 'melanoma'],
    minimum: 5,
  },
  12: {
    salt: 'heldout12:',
    namedAt: '9e32876',
    notNamedIn: [...fixtureGlobs([7, 8, 9, 10, 11]), ':!scripts/eligibility-round*-picks.mjs'],
    conditions: { lung_cancer: 10, melanoma: 15 },
    extraTier: [],
    panTumour: ['lung_cancer', 'melanoma'],
    minimum: 5,
  },
  13: {
    salt: 'heldout13:',
    namedAt: 'e8eb5b2',
    notNamedIn: earlierRounds(13),
    conditions: { lung_cancer: 10, melanoma: 15 },
    extraTier: [],
    panTumour: ['lung_cancer', 'melanoma'],
    minimum: 5,
  },
  14: {
    salt: 'heldout14:',
    namedAt: '2b83262',
    notNamedIn: earlierRounds(14),
    conditions: { lung_cancer: 10, melanoma: 15 },
    extraTier: [],
    panTumour: ['lung_cancer', 'melanoma'],
    minimum: 5,
  },
  15: {
    salt: 'heldout15:',
    namedAt: 'e5170d7',
    notNamedIn: earlierRounds(15),
    conditions: { lung_cancer: 10, melanoma: 15 },
    extraTier: [],
    panTumour: ['lung_cancer', 'melanoma'],
    minimum: 5,
  },
  // The last round of the pool: every condition left with a record, all statuses (the criteria
  // are what is judged), each condition topped up from the pan-tumour records of any status.
  16: {
    salt: 'heldout16:',
    namedAt: '80dd5d8',
    notNamedIn: earlierRounds(16),
    conditions: { lung_cancer: 10, pancreatic_cancer: 5, melanoma: 10, cervical_cancer: 5 },
    extraTier: ['lung_cancer', 'pancreatic_cancer', 'melanoma', 'cervical_cancer'],
    panTumour: [],
    panTumourAnyStatus: ['lung_cancer', 'pancreatic_cancer', 'melanoma', 'cervical_cancer'],
    minimum: 5,
  },
  // Round 17 (2026-11-29): round 16 used up the held-out pool, so this round's pool is every
  // record of both index files named in no tracked file outside data/ at main d0557a8 but the
  // two import tests (which check a record's mapped conditions and its details page, never its
  // eligibility): the round-7 calibration pool's lung records that round 9 never labelled (none
  // recruiting) and the pan-tumour and leukaemia records that no round picked. Breast and
  // pancreatic patients share one set: the records mapped to them topped up from the pan-tumour
  // records, given to every condition (`panTumourShared`).
  17: {
    salt: 'heldout17:',
    namedAt: 'd0557a8',
    freshPool: [':!test/trials-import.e2e-spec.ts', ':!test/facility-groups.e2e-spec.ts'],
    conditions: { lung_cancer: 20, pancreatic_cancer: 5, breast_cancer: 5 },
    extraTier: ['lung_cancer', 'pancreatic_cancer', 'breast_cancer'],
    panTumour: [],
    panTumourAnyStatus: ['pancreatic_cancer', 'breast_cancer'],
    panTumourShared: true,
    minimum: 5,
  },
};

const arg = (name) => process.argv[process.argv.indexOf(name) + 1];
const roundN = Number(arg('--round'));
if (!process.argv.includes('--round') || !ROUNDS[roundN]) {
  console.error(`usage: --round N (one of ${Object.keys(ROUNDS).join(', ')}) [--pool]`);
  process.exit(2);
}

const root = join(import.meta.dirname, '..');
const sha = (s) => createHash('sha256').update(s).digest('hex');
const named = (args) =>
  new Set(
    execFileSync('git', ['grep', '-ohE', 'NCT[0-9]{8}', ...args], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean),
  );
const trialsOf = (n) =>
  new Set(
    Object.values(
      JSON.parse(
        readFileSync(join(root, `test/fixtures/eligibility-vignettes-holdout-${n}.json`), 'utf8'),
      )._trials,
    ).flat(),
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

// Round 7's held-out pool.
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
const summary = {
  indexIds: byId.size,
  unnamedAtD8811af: unnamed.length,
  heldout7Pool: heldout7.length,
};

// Pools 8..N, each from the one before (a round with a fresh pool starts anew).
let pool = heldout7;
for (let n = 8; n <= roundN && !ROUNDS[roundN].freshPool; n++) {
  const previous = trialsOf(n - 1);
  const namedToday = named([ROUNDS[n].namedAt, '--', ':!data', ...ROUNDS[n].notNamedIn]);
  const minusPrevious = pool.filter((id) => !previous.has(id));
  summary[`minusRound${n - 1}`] = minusPrevious.length;
  summary[`droppedNamedAtStartOfRound${n}`] = minusPrevious.filter((id) => namedToday.has(id));
  pool = minusPrevious.filter((id) => !namedToday.has(id));
  summary[`pool${n}`] = pool.length;
}
const round = ROUNDS[roundN];
if (round.freshPool) {
  const namedNow = named([round.namedAt, '--', ':!data', ...round.freshPool]);
  pool = [...byId.keys()].filter((id) => !namedNow.has(id));
  summary[`freshPoolUnnamedAt${round.namedAt}`] = pool.length;
}

const criteria = (id) =>
  records.get(id)?.protocolSection.eligibilityModule?.eligibilityCriteria ?? '';
const recruiting = (id) =>
  ['RECRUITING', 'NOT_YET_RECRUITING'].includes(byId.get(id).overallStatus);
const inWindow = (id) => criteria(id).length >= 400 && criteria(id).length <= 8000;
/** Round 7's tiers, each taken in hash order until the condition has its count. */
const tiers = [
  (id) => recruiting(id) && inWindow(id) && byId.get(id).conditions.length <= 2,
  (id) => recruiting(id) && inWindow(id),
  (id) => recruiting(id) && criteria(id).length > 0,
  (id) => inWindow(id),
];
const order = (ids) =>
  [...ids].sort((a, b) => sha(`${round.salt}${a}`).localeCompare(sha(`${round.salt}${b}`)));

if (process.argv.includes('--pool')) {
  for (const id of pool) {
    const e = byId.get(id);
    console.log(
      id,
      sha(`${round.salt}${id}`).slice(0, 8),
      e.overallStatus,
      criteria(id).length,
      e.conditions.join(','),
    );
  }
  process.exit(0);
}

const panTumour = order(
  pool.filter((id) => byId.get(id).conditions.length === 0 && byId.get(id).panTumorConditionsOnly),
).filter((id) => recruiting(id) && inWindow(id));
// Round 16 on: pan-tumour records of any status (400-8,000 characters), each given to one
// condition only, in the order of the round's conditions.
const panTumourAnyStatus = order(
  pool.filter((id) => byId.get(id).conditions.length === 0 && byId.get(id).panTumorConditionsOnly),
).filter((id) => inWindow(id));
const usedPanTumour = new Set();
const picks = {};
const tierOf = {};
for (const [condition, count] of Object.entries(round.conditions)) {
  const ordered = order(pool.filter((id) => byId.get(id).conditions.includes(condition)));
  const taken = [];
  const extra = round.extraTier.includes(condition) ? [(id) => criteria(id).length > 0] : [];
  [...tiers, ...extra].forEach((fits, t) => {
    for (const id of ordered) {
      if (taken.length < count && !taken.includes(id) && fits(id)) {
        taken.push(id);
        tierOf[id] = t + 1;
      }
    }
  });
  if (round.panTumour.includes(condition))
    for (const id of panTumour) if (taken.length < count) taken.push(id);
  if (round.panTumourAnyStatus?.includes(condition))
    for (const id of panTumourAnyStatus)
      if (
        taken.length < count &&
        !taken.includes(id) &&
        (round.panTumourShared || !usedPanTumour.has(id))
      ) {
        taken.push(id);
        usedPanTumour.add(id);
      }
  const minimum = typeof round.minimum === 'number' ? round.minimum : round.minimum[condition];
  if (taken.length < minimum) {
    picks[condition] = { leftOut: taken };
    continue;
  }
  picks[condition] = {};
  const sets = round.sets?.[condition] ?? count / 5;
  for (let s = 0; s < sets; s++) picks[condition]['ABCD'[s]] = taken.slice(s * 5, s * 5 + 5);
}

const counts = {};
for (const id of pool) {
  const c = byId.get(id).conditions;
  for (const k of c.length ? c : ['(none)']) counts[k] = (counts[k] ?? 0) + 1;
}
console.log(
  JSON.stringify({ round: roundN, ...summary, poolByCondition: counts, picks, tierOf }, null, 2),
);
