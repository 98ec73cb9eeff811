import { loadedPlaces, runCli, usageFailure, withDatabase } from './cli-support';
import { parseArgs } from 'node:util';
import { CONDITION_KEYS, type ConditionKey } from '@trialflow/contract';
import { FacilitiesRepository } from '../facilities/facilities.repository';
import { Facility } from '../facilities/facility.entity';
import { CtgovSyncState } from '../trials/ctgov/ctgov-sync-state.entity';
import { CtgovSyncRepository } from '../trials/ctgov/ctgov-sync.repository';
import { CtgovSyncService, formatSyncResult } from '../trials/ctgov/ctgov-sync.service';
import { Trial } from '../trials/trial.entity';
import { TrialsImportService } from '../trials/trials-import.service';
import { TrialsRepository } from '../trials/trials.repository';

const USAGE = `Usage: npm run trials:sync -- [--condition KEY]...

Pulls the recruiting and not-yet-recruiting studies of the product's 17 conditions (or of the
--condition keys given) from the ClinicalTrials.gov API v2 (CTGOV_API_URL) into the trial store,
at most CTGOV_REQUESTS_PER_MINUTE requests a minute. A run stopped by a failing page resumes
there next time; a condition synced before asks only for studies updated since. Runs whether or
not CTGOV_SYNC is set (that variable turns on the API's daily run). Only one sync runs at a time.`;

// Typed explicitly: a never-returning call narrows types only then.
const fail: (message: string) => never = usageFailure(USAGE);

/** The exit code: 1 when a page kept failing (the next run resumes there). */
async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        condition: { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const unknown = values.condition.filter(
    (c) => !(CONDITION_KEYS as readonly string[]).includes(c),
  );
  if (unknown.length > 0) {
    fail(`Unknown condition ${unknown.join(', ')}; one of ${CONDITION_KEYS.join(', ')}.`);
  }
  const conditions = values.condition.length
    ? (values.condition as ConditionKey[])
    : CONDITION_KEYS;

  return withDatabase(async (ds, env) => {
    // The services the API's daily run uses, wired by hand (no Nest container here).
    const sync = new CtgovSyncService(
      new TrialsImportService(
        new TrialsRepository(
          ds.getRepository(Trial),
          new FacilitiesRepository(ds.getRepository(Facility)),
        ),
        env,
        undefined,
        await loadedPlaces(ds, env),
      ),
      new CtgovSyncRepository(ds.getRepository(CtgovSyncState), ds),
      env,
    );
    process.stderr.write(
      `Syncing ${conditions.length} condition${conditions.length === 1 ? '' : 's'} from ` +
        `${env.CTGOV_API_URL} (at most ${env.CTGOV_REQUESTS_PER_MINUTE} requests a minute)\n`,
    );
    const result = await sync.run({
      conditions,
      onProgress: (p) => {
        const of = p.totalCount === null ? '' : ` of ${p.totalCount}`;
        const how = p.resumed ? 'resumed' : p.incrementalSince ? 'incremental' : 'full';
        process.stderr.write(
          `${p.condition} (${how}): page ${p.page}, ${p.received}${of} studies ` +
            `(${p.counts.new} new, ${p.counts.updated} updated)\n`,
        );
      },
    });
    if (result.status === 'already-running') {
      process.stdout.write('A ClinicalTrials.gov sync is already running; nothing done.\n');
    } else {
      process.stdout.write(`${formatSyncResult(result)}\n`);
    }
    return result.status === 'failed' ? 1 : 0;
  });
}

runCli(main);
