import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_LOG_DIR, findLeaks, type PersonalDataKind } from '../utils/personal-data';
import type { TestPostgres } from './test-postgres';

/**
 * Fails the run when the application log of any test app (every worker's file) holds an e-mail,
 * name, phone or password that the factories gave a user, or any e-mail address at all.
 */
export function checkLogsForPersonalData(dir = E2E_LOG_DIR): void {
  if (!existsSync(dir)) {
    return;
  }
  const files = readdirSync(dir);
  const logs = files
    .filter((f) => f.startsWith('app-'))
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
  const remembered = files
    .filter((f) => f.startsWith('personal-data-'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .filter(Boolean)
    .map((line) => {
      const [kind, ...rest] = line.split('\t');
      return { kind: kind as PersonalDataKind, value: rest.join('\t') };
    });
  const leaks = findLeaks(logs, remembered);
  if (leaks.length > 0) {
    const shown = leaks
      .slice(0, 20)
      .map((l) => `- ${l.kind} "${l.value}" in ${l.file}:${l.line}: ${l.excerpt.slice(0, 300)}`)
      .join('\n');
    throw new Error(
      `The application log holds personal data (${leaks.length} finds, logs in ${dir}):\n${shown}`,
    );
  }
}

export default async function globalTeardown(): Promise<void> {
  const pg = (globalThis as { __TEST_PG__?: TestPostgres }).__TEST_PG__;
  await pg?.stop();
  checkLogsForPersonalData();
}
