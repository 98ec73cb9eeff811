import { runCli, usageFailure } from './cli-support';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_CTGOV_DIR,
  DEFAULT_LABELS_FILE,
  formatQuality,
  measureQuality,
} from '../eligibility/quality';

const USAGE = `Usage: npm run eligibility:quality -- [--labels FILE] [--ctgov DIR] [--misses]

Extracts the eligibility rules of the hand-labelled trials (test/fixtures/eligibility-labels.json)
from the shared ClinicalTrials.gov records (../shared/data/ctgov) and prints precision and recall
per criterion family. --misses also lists, per trial, the rules no label matched and the labels
no rule matched. No database is used.`;

const fail: (message: string) => never = usageFailure(USAGE);

function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        labels: { type: 'string' },
        ctgov: { type: 'string' },
        misses: { type: 'boolean', default: false },
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
  const report = measureQuality(
    parsed.values.labels ? resolve(parsed.values.labels) : DEFAULT_LABELS_FILE(),
    parsed.values.ctgov ? resolve(parsed.values.ctgov) : DEFAULT_CTGOV_DIR(),
  );
  process.stdout.write(`${formatQuality(report)}\n`);
  if (parsed.values.misses) {
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
  return Promise.resolve(0);
}

runCli(main);
