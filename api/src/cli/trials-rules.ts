import { runCli, usageFailure, withDatabase } from './cli-support';
import { parseArgs } from 'node:util';
import { FacilitiesRepository } from '../facilities/facilities.repository';
import { Facility } from '../facilities/facility.entity';
import { Trial } from '../trials/trial.entity';
import { TrialsImportService } from '../trials/trials-import.service';
import { TrialsRepository } from '../trials/trials.repository';

const USAGE = `Usage: npm run trials:rules

Derives the eligibility rules of every stored trial again from its ClinicalTrials.gov record and
applies the curation file (TRIALS_CURATION_FILE). Run it after editing that file or upgrading:
imports skip records that did not change upstream. A running API notices within
SEARCH_INDEX_REFRESH_SECONDS and rebuilds its search index.`;

const fail: (message: string) => never = usageFailure(USAGE);

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  return withDatabase(async (ds, env) => {
    const importer = new TrialsImportService(
      new TrialsRepository(
        ds.getRepository(Trial),
        new FacilitiesRepository(ds.getRepository(Facility)),
      ),
      env,
    );
    const tty = process.stderr.isTTY;
    const result = await importer.rederiveRules((done, total) => {
      if (tty) {
        const width = 30;
        const fraction = total ? done / total : 1;
        const filled = Math.round(fraction * width);
        process.stderr.write(
          `\r\x1b[K[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`,
        );
      }
    });
    if (tty) {
      process.stderr.write('\n');
    }
    process.stdout.write(
      `${result.trials} trials read, rules changed for ${result.changed}` +
        `${env.TRIALS_CURATION_FILE ? ` (curation: ${env.TRIALS_CURATION_FILE})` : ''}.\n`,
    );
  });
}

runCli(main);
