import { runCli, usageFailure } from './cli-support';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  blindLabelsFile,
  DEFAULT_CALIBRATION_9_LABELS_FILE,
  DEFAULT_CTGOV_DIRS,
  heldOutLabelsFile,
  DEFAULT_HOLDOUT_LABELS_FILE,
  DEFAULT_LABELS_FILE,
  formatQuality,
  measureQuality,
} from './eligibility-quality-report';
import {
  blindVignettesFile,
  HELD_OUT_ROUNDS,
  heldOutVignettesFile,
  DEFAULT_VIGNETTE_TRIALS_DIR,
  DEFAULT_VIGNETTES_FILE,
  DEFAULT_VIGNETTES_FILES,
  formatVerdicts,
  measureVerdicts,
} from './eligibility-verdict-report';

const USAGE = `Usage: npm run eligibility:quality -- [--labels FILE] [--holdout FILE]... [--vignettes FILE]... [--ctgov DIR]... [--misses] [--development]

First the verdicts on THE HELD-OUT PART: blind round 17 (test/fixtures/
eligibility-vignettes-holdout-17.json, V526-V555, judged blind 2026-11-29 on a pool no earlier
round or fixture used; never used to tune the engine): the wrong-exclusion rate, precision and
recall of exclusions and of the conflicting verdicts per criterion family, and the worst cases
with their sentences. Then the same on the calibration data (every earlier round was measured
once while blind, then read and used to tune): the first vignettes (split "heldout" of
test/fixtures/eligibility-vignettes.json, V61-V78), each later round, one block per file
(eligibility-vignettes-holdout-N.json, N = 3 to 16; docs/eligibility-history.md gives each
round's pool, picks and measurement), over every one of those held-out vignettes, and over all
calibration vignettes. --vignettes FILE (repeatable) replaces the files: all of them make
the held-out and the "all" blocks, and the per-round blocks are left out. The vignettes' trials
are read from every folder under data/ (ctgov and ctgov-extra), or from --ctgov DIR.

Then the rules: extracts the eligibility rules of the hand-labelled trials from the
ClinicalTrials.gov records shipped in data/ctgov and data/ctgov-extra (or the --ctgov folders)
and prints, first for the trials of the held-out round 17 (eligibility-labels-holdout-17.json,
labelled blind), then for the earlier held-out trials (test/fixtures/eligibility-labels-holdout.json with
eligibility-labels-holdout-2.json, then each eligibility-labels-holdout-N.json from N = 3 to 16, then
all of them together, all labelled blind; or the --holdout files together), then the calibration
trials of round 9 (test/fixtures/eligibility-labels-calibration-9.json, labelled as calibration
data) and then the development trials (test/fixtures/eligibility-labels.json, the patterns were
written against it): precision and recall of the rules that may exclude, per family precision and
recall of all rules and of the rules that may exclude, and the worst cases (rules that may exclude
but should not) with their sentences. --misses also lists, per trial, the rules no label matched
and the labels no rule matched. Every round that was measured is calibration data afterwards
(CALIBRATION_LABELS_FILES, \`npm run eligibility:calibrate\` chose the reading classes that may
exclude on their rule labels), so its figures are no longer blind: each blind round was measured
once, its figures recorded in the specs' comments and the README, and only then were its
misreadings read.
Each rule set's block ends with how many rules calibration demoted to "to check", per family.
--development prints the development figures only (vignettes and labelled trials the
patterns are fixed against): while fixing patterns the held-out figures are not looked at, so
that they stay a fair measurement. No database is used.`;

const fail: (message: string) => never = usageFailure(USAGE);

function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        labels: { type: 'string' },
        holdout: { type: 'string', multiple: true },
        vignettes: { type: 'string', multiple: true },
        ctgov: { type: 'string', multiple: true },
        misses: { type: 'boolean', default: false },
        development: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return Promise.resolve(0);
  }
  const ctgov = parsed.values.ctgov?.length
    ? parsed.values.ctgov.map((dir) => resolve(dir))
    : DEFAULT_CTGOV_DIRS();
  const development = parsed.values.development;
  const heldOut = parsed.values.holdout?.length
    ? [
        {
          title: 'held-out trials (labelled blind, never used to tune the patterns)',
          files: parsed.values.holdout.map((file) => resolve(file)),
        },
      ]
    : [
        {
          title:
            'THE HELD-OUT TRIALS: round 17 (labelled blind 2026-11-29, a fresh pool; never used to tune the engine)',
          files: [blindLabelsFile()],
        },
        {
          title:
            'held-out trials, first two parts (labelled blind; calibration data since round 7)',
          files: [DEFAULT_HOLDOUT_LABELS_FILE(), heldOutLabelsFile(2)],
        },
        {
          title:
            'held-out trials, third part (labelled blind 2026-11-24; calibration data since round 7)',
          files: [heldOutLabelsFile(3)],
        },
        {
          title:
            'held-out trials, fourth part (labelled blind 2026-11-24; calibration data since round 7)',
          files: [heldOutLabelsFile(4)],
        },
        {
          title:
            'held-out trials, fifth part (labelled blind 2026-11-24; calibration data since round 7)',
          files: [heldOutLabelsFile(5)],
        },
        {
          title:
            'held-out trials, sixth part (labelled blind 2026-11-24; calibration data since round 9)',
          files: [heldOutLabelsFile(6)],
        },
        {
          title:
            'held-out trials, seventh part (labelled blind 2026-11-24, held-out pool of round 7)',
          files: [heldOutLabelsFile(7)],
        },
        {
          title:
            'held-out trials, eighth part (labelled blind 2026-11-24, what round 7 left of its held-out pool)',
          files: [heldOutLabelsFile(8)],
        },
        {
          title:
            'held-out trials, ninth part (labelled blind 2026-11-24, what round 8 left of the held-out pool)',
          files: [heldOutLabelsFile(9)],
        },
        {
          title:
            'held-out trials, tenth part (labelled blind 2026-11-24, what round 9 left of the held-out pool)',
          files: [heldOutLabelsFile(10)],
        },
        {
          title:
            'held-out trials, eleventh part (labelled blind 2026-11-25, what round 10 left of the held-out pool)',
          files: [heldOutLabelsFile(11)],
        },
        {
          title:
            'held-out trials, twelfth part (labelled blind 2026-11-25, what round 11 left of the held-out pool)',
          files: [heldOutLabelsFile(12)],
        },
        {
          title:
            'held-out trials, thirteenth part (labelled blind 2026-11-25, what round 12 left of the held-out pool)',
          files: [heldOutLabelsFile(13)],
        },
        {
          title:
            'held-out trials, fourteenth part (labelled blind 2026-11-25, what round 13 left of the held-out pool)',
          files: [heldOutLabelsFile(14)],
        },
        {
          title:
            'held-out trials, fifteenth part (labelled blind 2026-11-25, what round 14 left of the held-out pool)',
          files: [heldOutLabelsFile(15)],
        },
        {
          title:
            'held-out trials, sixteenth part (labelled blind 2026-11-25, the last of the held-out pool: lung, pancreatic, melanoma, cervical)',
          files: [heldOutLabelsFile(16)],
        },
        {
          title: 'all earlier held-out trials (the sixteen parts, calibration data now)',
          files: [
            DEFAULT_HOLDOUT_LABELS_FILE(),
            heldOutLabelsFile(2),
            ...HELD_OUT_ROUNDS.map(heldOutLabelsFile),
          ],
        },
      ];
  const sets = [
    ...heldOut,
    ...(parsed.values.holdout?.length
      ? []
      : [
          {
            title:
              'calibration trials of round 9 (lung and melanoma, labelled as calibration data)',
            files: [DEFAULT_CALIBRATION_9_LABELS_FILE()],
          },
        ]),
    {
      title: 'development trials (patterns written against them)',
      files: [parsed.values.labels ? resolve(parsed.values.labels) : DEFAULT_LABELS_FILE()],
    },
  ];
  const show = (r: {
    key: string;
    kind: string;
    section: string;
    min?: number;
    max?: number;
    anyOf?: string[];
  }): string =>
    `${r.key} ${r.kind} (${r.section})` +
    (r.min !== undefined ? ` min ${r.min}` : '') +
    (r.max !== undefined ? ` max ${r.max}` : '') +
    (r.anyOf?.length ? ` anyOf ${r.anyOf.join(',')}` : '');
  const given = parsed.values.vignettes?.map((file) => resolve(file));
  const vignetteTrials = parsed.values.ctgov ? ctgov : DEFAULT_VIGNETTE_TRIALS_DIR();
  const verdicts = (split: 'heldout' | 'all', files: string[], title: string): void => {
    process.stdout.write(
      `${formatVerdicts(measureVerdicts(split, files, vignetteTrials), title)}\n\n`,
    );
  };
  if (development) {
    process.stdout.write(
      `${formatVerdicts(measureVerdicts('development', given?.length ? given : DEFAULT_VIGNETTES_FILES(), vignetteTrials), 'development vignettes', 40)}\n\n`,
    );
  } else if (given?.length) {
    verdicts('heldout', given, 'held-out vignettes');
    verdicts('all', given, 'all vignettes (development and held-out)');
  } else {
    process.stdout.write(
      `${formatVerdicts(
        measureVerdicts('heldout', [blindVignettesFile()], vignetteTrials),
        'HELD-OUT PART: blind round 17 (V526-V555, judged blind 2026-11-29 on a fresh pool; never used to tune the engine)',
        20,
      )}\n\n`,
    );
    process.stdout.write('Calibration data (each round measured once while blind, then read):\n\n');
    verdicts('heldout', [DEFAULT_VIGNETTES_FILE()], 'held-out vignettes (V61-V78)');
    verdicts(
      'heldout',
      [heldOutVignettesFile(3)],
      'third held-out round (V79-V135, judged blind 2026-11-24)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(4)],
      'fourth held-out round (V136-V186, judged blind 2026-11-24)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(5)],
      'fifth held-out round (V187-V237, judged blind 2026-11-24)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(6)],
      'sixth held-out round (V238-V285, judged blind 2026-11-24)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(7)],
      'seventh held-out round (V286+, judged blind 2026-11-24, held-out pool of round 7)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(8)],
      'eighth held-out round (V331+, judged blind 2026-11-24, what round 7 left of its held-out pool)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(9)],
      'ninth held-out round (V361+, judged blind 2026-11-24, what round 8 left of the held-out pool)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(10)],
      'tenth held-out round (V391+, judged blind 2026-11-24, what round 9 left of the held-out pool)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(11)],
      'eleventh held-out round (V416+, judged blind 2026-11-25, what round 10 left of the held-out pool)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(12)],
      'twelfth held-out round (V436-V450, judged blind 2026-11-25, what round 11 left of the held-out pool)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(13)],
      'thirteenth held-out round (V451-V465, judged blind 2026-11-25, what round 12 left of the held-out pool)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(14)],
      'fourteenth held-out round (V466-V480, judged blind 2026-11-25, what round 13 left of the held-out pool)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(15)],
      'fifteenth held-out round (V481-V495, judged blind 2026-11-25, what round 14 left of the held-out pool)',
    );
    verdicts(
      'heldout',
      [heldOutVignettesFile(16)],
      'sixteenth held-out round (V496+, judged blind 2026-11-25, the last of the held-out pool: lung, pancreatic, melanoma, cervical)',
    );
    verdicts(
      'heldout',
      DEFAULT_VIGNETTES_FILES(),
      'all held-out vignettes (V61-V78, V79-V135, V136-V186, V187-V237, V238-V285, V286-V330, V331-V360, V361-V390, V391-V415, V416-V435, V436-V450, V451-V465, V466-V480, V481-V495, V496+)',
    );
    verdicts(
      'all',
      DEFAULT_VIGNETTES_FILES(),
      'all calibration vignettes (development and the earlier held-out rounds)',
    );
  }
  (development ? sets.slice(-1) : sets).forEach(({ title, files }, i) => {
    const report = measureQuality(files, ctgov);
    process.stdout.write(
      `${i ? '\n' : ''}${formatQuality(report, title, development ? 40 : 10)}\n`,
    );
    if (parsed.values.misses) {
      for (const m of report.misses) {
        process.stdout.write(`\n${m.nctId}\n`);
        for (const r of m.falsePositives) {
          process.stdout.write(`  extra:   ${show(r)}\n`);
        }
        for (const r of m.falseNegatives) {
          process.stdout.write(`  missing: ${show(r)}\n`);
        }
      }
    }
  });
  return Promise.resolve(0);
}

runCli(main);
