import { runCli, withDatabase } from './cli-support';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { repoRoot } from '../common/repo-root';

const USAGE = 'Usage: migrate run | revert | show | generate <Name>';

function toClassName(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

function toFileName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .toLowerCase();
}

/** Writes a migration with the SQL that brings the schema in line with the entities. */
async function generate(ds: DataSource, name: string): Promise<void> {
  const sql = await ds.driver.createSchemaBuilder().log();
  if (sql.upQueries.length === 0) {
    process.stdout.write('The schema already matches the entities; no migration written.\n');
    return;
  }
  const timestamp = Date.now();
  const className = `${toClassName(name)}${timestamp}`;
  const q = (s: string): string => JSON.stringify(s);
  const up = sql.upQueries.map(
    (x) =>
      `    await q.query(${q(x.query)}${x.parameters?.length ? `, ${JSON.stringify(x.parameters)}` : ''});`,
  );
  const down = sql.downQueries
    .reverse()
    .map(
      (x) =>
        `    await q.query(${q(x.query)}${x.parameters?.length ? `, ${JSON.stringify(x.parameters)}` : ''});`,
    );
  const target = resolve(repoRoot(), 'migrations', `${timestamp}-${toFileName(name)}.ts`);
  writeFileSync(
    target,
    `import { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(q: QueryRunner): Promise<void> {
${up.join('\n')}
  }

  async down(q: QueryRunner): Promise<void> {
${down.join('\n')}
  }
}
`,
  );
  // House style for the generated file; a missing prettier only leaves it unformatted.
  spawnSync('npx', ['--no-install', 'prettier', '--write', target], { stdio: 'ignore' });
  process.stdout.write(`Wrote ${target}. Review it before committing.\n`);
}

async function main(): Promise<void> {
  const [command, name] = process.argv.slice(2);
  if (
    !command ||
    !['run', 'revert', 'show', 'generate'].includes(command) ||
    (command === 'generate' && !name)
  ) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const log = (m: string): void => void process.stdout.write(`${m}\n`);
  // Migrations are this command's business: none run on their own here.
  await withDatabase(
    async (ds) => {
      if (command === 'run') {
        const done = await ds.runMigrations({ transaction: 'each' });
        process.stdout.write(
          done.length
            ? done.map((m) => `Applied ${m.name}\n`).join('')
            : 'No pending migrations.\n',
        );
      } else if (command === 'revert') {
        await ds.undoLastMigration({ transaction: 'each' });
        process.stdout.write('Reverted the last migration.\n');
      } else if (command === 'show') {
        const pending = await ds.showMigrations();
        process.stdout.write(
          pending ? 'There are pending migrations.\n' : 'All migrations are applied.\n',
        );
      } else {
        await ds.runMigrations({ transaction: 'each' });
        await generate(ds, name);
      }
    },
    { migrate: false, log },
  );
}

runCli(main);
