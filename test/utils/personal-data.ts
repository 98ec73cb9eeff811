import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';

/**
 * The whole e2e run's application log and the personal data the tests used, one file each per
 * jest worker, for the log check in test/setup/global-teardown.ts (issue 13: logs never hold
 * personal data).
 */
export const E2E_LOG_DIR = join(__dirname, '..', '..', 'test-results', 'e2e-logs');

const worker = () => process.env.JEST_WORKER_ID ?? '0';

export function appLogFile(): string {
  return join(E2E_LOG_DIR, `app-${worker()}.log`);
}

export function personalDataFile(): string {
  return join(E2E_LOG_DIR, `personal-data-${worker()}.txt`);
}

/** The destination the test apps' loggers write to: this worker's log file. */
export function appLogDestination(): ReturnType<typeof pino.destination> {
  return pino.destination({ dest: appLogFile(), sync: true, append: true, mkdir: true });
}

/** Appends text (a second process's output, a captured log) to this worker's log file. */
export function appendToAppLog(text: string): void {
  mkdirSync(E2E_LOG_DIR, { recursive: true });
  appendFileSync(appLogFile(), text.endsWith('\n') ? text : `${text}\n`);
}

export type PersonalDataKind = 'email' | 'name' | 'phone' | 'password' | 'patient identifier';

/** Notes a value a factory gave a user, so the end of the run can look for it in the log. */
export function rememberPersonalData(kind: PersonalDataKind, ...values: unknown[]): void {
  const lines = values
    .filter((v): v is string => typeof v === 'string' && v.trim().length >= 3)
    .map((v) => `${kind}\t${v}\n`)
    .join('');
  if (lines) {
    mkdirSync(E2E_LOG_DIR, { recursive: true });
    appendFileSync(personalDataFile(), lines);
  }
}

export interface Leak {
  kind: PersonalDataKind;
  value: string;
  file: string;
  line: number;
  excerpt: string;
}

/** Addresses the product itself writes (its sender and support address), not anybody's data. */
const PRODUCT_ADDRESSES = /^(no-reply|support)@trialflow\.local$/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where the log holds a remembered value: e-mails, phones and passwords anywhere, names as
 * whole words (case-sensitive: "Ada" is a name, "adapter" is not). Any other e-mail address in
 * the log is a leak too, remembered or not.
 */
export function findLeaks(
  logs: { file: string; text: string }[],
  remembered: { kind: PersonalDataKind; value: string }[],
): Leak[] {
  const patterns = [...new Map(remembered.map((r) => [`${r.kind}\t${r.value}`, r])).values()].map(
    (r) => ({
      ...r,
      re:
        r.kind === 'name'
          ? new RegExp(`(?<![\\p{L}\\p{N}])${escape(r.value)}(?![\\p{L}\\p{N}])`, 'u')
          : new RegExp(escape(r.value), r.kind === 'email' ? 'i' : ''),
    }),
  );
  const leaks: Leak[] = [];
  for (const { file, text } of logs) {
    text.split('\n').forEach((line, i) => {
      for (const p of patterns) {
        if (p.re.test(line)) {
          leaks.push({ kind: p.kind, value: p.value, file, line: i + 1, excerpt: line });
        }
      }
      for (const email of line.match(EMAIL) ?? []) {
        if (!PRODUCT_ADDRESSES.test(email) && !patterns.some((p) => p.value === email)) {
          leaks.push({ kind: 'email', value: email, file, line: i + 1, excerpt: line });
        }
      }
    });
  }
  return leaks;
}
