import { runCli, usageFailure } from './cli-support';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_CTGOV_DIRS,
  DEFAULT_HOLDOUT_2_LABELS_FILE,
  DEFAULT_HOLDOUT_LABELS_FILE,
  DEFAULT_LABELS_FILE,
  formatQuality,
  measureQuality,
} from './eligibility-quality-report';
import {
  DEFAULT_VIGNETTE_TRIALS_DIR,
  DEFAULT_VIGNETTES_FILE,
  formatVerdicts,
  measureVerdicts,
} from './eligibility-verdict-report';

const USAGE = `Usage: npm run eligibility:quality -- [--labels FILE] [--holdout FILE]... [--vignettes FILE] [--ctgov DIR]... [--misses] [--development]

First the verdicts on the held-out patient vignettes (test/fixtures/eligibility-vignettes.json,
split "heldout"): the wrong-exclusion rate, precision and recall of exclusions and of the
conflicting verdicts per criterion family, and the worst cases with their sentences; then the
same over all vignettes. The vignettes' trials are read from every folder under data/ (ctgov and
ctgov-extra), or from --ctgov DIR.

Then the rules: extracts the eligibility rules of the hand-labelled trials from the
ClinicalTrials.gov records shipped in data/ctgov and data/ctgov-extra (or the --ctgov folders)
and prints, for the held-out trials (test/fixtures/eligibility-labels-holdout.json and
eligibility-labels-holdout-2.json, labelled blind, or the --holdout files) and then the
development trials (test/fixtures/eligibility-labels.json, the patterns were written against
it): precision and recall of the rules that may exclude, per family precision and recall of all
rules and of the rules that may exclude, and the worst cases (rules that may exclude but should
not) with their sentences. --misses also lists, per trial, the rules no label matched and the
labels no rule matched. --development prints the development figures only (vignettes and
labelled trials the patterns are fixed against): while fixing patterns the held-out figures are
not looked at, so that they stay a fair measurement. No database is used.`;

const fail: (message: string) => never = usageFailure(USAGE);

function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        labels: { type: 'string' },
        holdout: { type: 'string', multiple: true },
        vignettes: { type: 'string' },
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
  const sets = [
    {
      title: 'held-out trials (labelled blind, never used to tune the patterns)',
      files: parsed.values.holdout?.length
        ? parsed.values.holdout.map((file) => resolve(file))
        : [DEFAULT_HOLDOUT_LABELS_FILE(), DEFAULT_HOLDOUT_2_LABELS_FILE()],
    },
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
  const vignettes = parsed.values.vignettes
    ? resolve(parsed.values.vignettes)
    : DEFAULT_VIGNETTES_FILE();
  const vignetteTrials = parsed.values.ctgov ? ctgov : DEFAULT_VIGNETTE_TRIALS_DIR();
  if (development) {
    process.stdout.write(
      `${formatVerdicts(measureVerdicts('development', vignettes, vignetteTrials), 'development vignettes', 40)}\n\n`,
    );
  } else {
    process.stdout.write(
      `${formatVerdicts(measureVerdicts('heldout', vignettes, vignetteTrials), 'held-out vignettes')}\n\n`,
    );
    process.stdout.write(
      `${formatVerdicts(measureVerdicts('all', vignettes, vignetteTrials), 'all vignettes (development and held-out)')}\n\n`,
    );
  }
  (development ? sets.slice(1) : sets).forEach(({ title, files }, i) => {
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
