import { runCli, usageFailure, withDatabase } from './cli-support';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FacilityGroup } from '../facilities/facility-group.entity';
import {
  describeFacilityRef,
  FACILITY_GROUP_ID,
  FacilityGroupsFileError,
  parseFacilityGroupsFile,
} from '../facilities/facility-groups-file';
import { FacilityGroupsRepository } from '../facilities/facility-groups.repository';
import { FacilityGroupsService } from '../facilities/facility-groups.service';

const USAGE = `Usage: npm run facilities:groups -- import <file.json>
       npm run facilities:groups -- list
       npm run facilities:groups -- add <groupId> --country COUNTRY [--city CITY] [--name NAME]

Facility groups are the facility groupings of partners (codes 3, 4, 5, 6), served as country
facility maps at /api/facilities/groups/{id} and /facilities/{bucket}/Facility_grouping_{id}.json.

  import  reads { "groups": [ { "id": "3", "name": "…", "facilities": [ { "facility": "name",
          "city": "…", "country": "…" } or { "id": 17 } ] } ] }, matches each entry against the
          stored facilities (name, city and country, case-insensitive) and makes the matches
          each listed group's only members. Unmatched entries are reported and skipped.
  list    prints every group with its member count.
  add     creates or extends a group with every stored facility of a country (and city);
          --name is required for a new group.`;

// Typed explicitly: a never-returning call narrows types only then.
const fail: (message: string) => never = usageFailure(USAGE);

type Command =
  | { kind: 'import'; file: string }
  | { kind: 'list' }
  | { kind: 'add'; id: string; name?: string; country: string; city?: string };

function parseCommand(): Command | null {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        name: { type: 'string' },
        country: { type: 'string' },
        city: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return null;
  }
  const [command, ...rest] = positionals;
  const placeOptions = values.name ?? values.country ?? values.city;
  switch (command) {
    case 'import':
      if (rest.length !== 1 || placeOptions !== undefined) {
        fail('import takes one file and no options.');
      }
      return { kind: 'import', file: rest[0] };
    case 'list':
      if (rest.length !== 0 || placeOptions !== undefined) {
        fail('list takes no arguments.');
      }
      return { kind: 'list' };
    case 'add':
      if (rest.length !== 1 || !FACILITY_GROUP_ID.test(rest[0])) {
        fail('add takes one group id of 1 to 3 digits.');
      }
      if (!values.country?.trim()) {
        fail('add needs --country.');
      }
      return {
        kind: 'add',
        id: rest[0],
        name: values.name,
        country: values.country,
        city: values.city,
      };
    default:
      fail(command ? `Unknown command: ${command}` : 'Name a command.');
  }
}

function readGroupsFile(file: string): ReturnType<typeof parseFacilityGroupsFile> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  try {
    return parseFacilityGroupsFile(json);
  } catch (error) {
    if (error instanceof FacilityGroupsFileError) {
      throw new Error(`${file}: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

async function run(command: Command, service: FacilityGroupsService): Promise<void> {
  const out = (line: string): boolean => process.stdout.write(`${line}\n`);
  if (command.kind === 'list') {
    const groups = await service.list();
    if (groups.length === 0) {
      out('No facility groups yet.');
    }
    for (const g of groups) {
      out(`${g.id}\t${g.name}\t${g.members} facilities`);
    }
    return;
  }
  if (command.kind === 'add') {
    const r = await service.addByPlace(command);
    out(
      `Group ${r.id} (${r.name}): ${r.added} facilities added, ${r.members} in all.` +
        (r.added === 0 ? ' No stored facility matched that place.' : ''),
    );
    return;
  }
  const results = await service.importGroups(readGroupsFile(command.file));
  for (const r of results) {
    out(`Group ${r.id} (${r.name}): ${r.members} facilities, ${r.unmatched.length} unmatched.`);
    for (const ref of r.unmatched) {
      process.stderr.write(`  unmatched in group ${r.id}: ${describeFacilityRef(ref)}\n`);
    }
  }
}

async function main(): Promise<void> {
  const command = parseCommand();
  if (!command) {
    return;
  }
  return withDatabase(async (ds) => {
    // The service the API uses, wired by hand (no Nest container here).
    await run(
      command,
      new FacilityGroupsService(new FacilityGroupsRepository(ds.getRepository(FacilityGroup))),
    );
  });
}

runCli(main);
