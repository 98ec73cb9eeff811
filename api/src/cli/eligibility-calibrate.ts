import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runCli, usageFailure } from './cli-support';
import { DEFAULT_CTGOV_DIRS } from './eligibility-quality-report';
import {
  CALIBRATION_LABELS_FILES,
  formatCalibration,
  measureCalibration,
  measureInferences,
  measureVerdictClasses,
  readVerdictData,
} from './eligibility-calibration-report';

const USAGE = `Usage: npm run eligibility:calibrate -- [--labels FILE]... [--ctgov DIR]... [--wrong N]

Measures the reading classes of the eligibility rules (issue 14, round 7): extracts the rules of
the hand-labelled trials as their sentences read them (before calibration) and prints, per
reading class (family / criterion / kind / section), how many rules may exclude (support), how
many of them match an unqualified label (right), the precision and its 95% Wilson lower bound,
and whether the class may exclude (support, precision and Wilson bound at least the minimums of
api/src/eligibility/patterns/confident-classes.ts), or whether its pool (family / kind /
section) passes them and the class has no miss of its own (round 8). The pools come first,
then the classes, marking where the committed allow-list differs. --wrong N also prints up
to N misread sentences of each class that may not exclude. The labels are the development file and held-out rounds 1-6
(test/fixtures/eligibility-labels*.json, calibration data since round 7, round 6 since round 9)
with the calibration labels of round 9 (eligibility-labels-calibration-9.json), or the --labels files;
the records are data/ctgov and data/ctgov-extra, or the --ctgov folders. No database is used.
Then the labelled classes with no miss on the labels but too few rules to pass there (session 13)
are measured on the judged verdicts of the calibration vignettes, with the inferences' bars.
Last, the inferences (rules no label writes, session 11: a treatment required of every patient,
an advanced disease required) are measured on the judged verdicts of the calibration vignettes
(test/fixtures/eligibility-vignettes*.json of rounds 1-16): per class, the pairs whose patient a
plain rule of the class contradicts, those judged excluded and their distinct trials; --wrong N
also lists up to N of the pairs not judged excluded.`;

const fail: (message: string) => never = usageFailure(USAGE);

function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        labels: { type: 'string', multiple: true },
        ctgov: { type: 'string', multiple: true },
        wrong: { type: 'string' },
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
  const labels = parsed.values.labels?.length
    ? parsed.values.labels.map((file) => resolve(file))
    : CALIBRATION_LABELS_FILES();
  const ctgov = parsed.values.ctgov?.length
    ? parsed.values.ctgov.map((dir) => resolve(dir))
    : DEFAULT_CTGOV_DIRS();
  const wrong = parsed.values.wrong === undefined ? 0 : Number(parsed.values.wrong);
  if (!Number.isInteger(wrong) || wrong < 0) {
    fail(`--wrong: expected a whole number, got '${parsed.values.wrong}'`);
  }
  const calibration = measureCalibration(labels, ctgov);
  const verdicts = readVerdictData();
  const measured = {
    ...calibration,
    verdictClasses: measureVerdictClasses(calibration.classes, verdicts),
    inferences: measureInferences(verdicts),
  };
  process.stdout.write(`${formatCalibration(measured, wrong)}\n`);
  return Promise.resolve(0);
}

runCli(main);
