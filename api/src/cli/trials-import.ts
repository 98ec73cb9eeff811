import { loadedPlaces, runCli, usageFailure, withDatabase } from './cli-support';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { FacilitiesRepository } from '../facilities/facilities.repository';
import { Facility } from '../facilities/facility.entity';
import { formatImportReport } from '../trials/import-report';
import { Trial } from '../trials/trial.entity';
import { type ImportProgress, TrialsImportService } from '../trials/trials-import.service';
import { TrialsRepository } from '../trials/trials.repository';

const USAGE = `Usage: npm run trials:import -- [--genes genes.txt] <file or folder>...

Imports ClinicalTrials.gov API v2 study records (a JSON array, a { "studies": [...] } page or
one study per line) into the trial store: new NCT ids are added, changed ones updated with their
sites replaced, unchanged ones skipped. Malformed records are skipped with a reason; nothing
stored is deleted. Folders are read for .json, .ndjson and .jsonl files (index.json excepted).
Gene names come from genes.txt beside the inputs, else data/genes.txt. Files may be gzipped
(.json.gz, .jsonl.gz).`;

// Typed explicitly: a never-returning call narrows types only then.
const fail: (message: string) => never = usageFailure(USAGE);

/** A progress bar redrawn in place on a terminal; a line per finished file otherwise. */
function progressReporter(): (p: ImportProgress) => void {
  const tty = process.stderr.isTTY;
  const width = 30;
  return (p) => {
    const name = basename(p.file);
    if (!tty) {
      if (p.done === p.total) {
        process.stderr.write(
          `[${p.fileIndex + 1}/${p.fileCount}] ${name}: ${p.total} records ` +
            `(so far ${p.counts.new} new, ${p.counts.updated} updated)\n`,
        );
      }
      return;
    }
    const fraction = (p.fileIndex + (p.total ? p.done / p.total : 1)) / p.fileCount;
    const filled = Math.round(fraction * width);
    const line =
      `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.round(fraction * 100)}% ` +
      `file ${p.fileIndex + 1}/${p.fileCount} ${name.slice(0, 40)} ${p.done}/${p.total}`;
    process.stderr.write(`\r\x1b[K${line}`);
    if (p.fileIndex === p.fileCount - 1 && p.done === p.total) {
      process.stderr.write('\n');
    }
  };
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: { genes: { type: 'string' }, help: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (parsed.positionals.length === 0) {
    fail('Name at least one file or folder to import.');
  }

  return withDatabase(async (ds, env) => {
    // The same service the API uses at start, wired by hand (no Nest container here).
    const importer = new TrialsImportService(
      new TrialsRepository(
        ds.getRepository(Trial),
        new FacilitiesRepository(ds.getRepository(Facility)),
      ),
      env,
      undefined,
      await loadedPlaces(ds, env),
    );
    const report = await importer.importPaths(parsed.positionals, {
      genesFile: parsed.values.genes,
      onProgress: progressReporter(),
    });
    if (!report.genesFile) {
      process.stderr.write('No genes.txt found: trials were stored without gene names.\n');
    }
    process.stdout.write(`${formatImportReport(report)}\n`);
  });
}

runCli(main);
