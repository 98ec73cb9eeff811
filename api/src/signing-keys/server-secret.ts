import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The name of the generated secret's file inside DATA_DIR. */
export const SECRET_FILE_NAME = 'secret';

/**
 * The server secret: APP_SECRET when set, else DATA_DIR/secret, generated on the first start
 * (mode 0600) and reused. It never goes into the database, so a copy of the database alone
 * (a backup, a dump) cannot check a guessed code against its hash.
 */
export function loadServerSecret(appSecret: string | undefined, dataDir: string): string {
  if (appSecret) {
    return appSecret;
  }
  const file = resolve(dataDir, SECRET_FILE_NAME);
  const existing = readSecretFile(file);
  if (existing) {
    return existing;
  }
  mkdirSync(dirname(file), { recursive: true });
  // Written aside and linked into place: two processes starting together never read a half
  // written file, and the first link wins.
  const temporary = join(dirname(file), `.secret-${process.pid}-${randomBytes(6).toString('hex')}`);
  writeFileSync(temporary, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  } finally {
    unlinkSync(temporary);
  }
  chmodSync(file, 0o600);
  const secret = readSecretFile(file);
  if (!secret) {
    throw new Error(`The server secret file ${file} is empty`);
  }
  return secret;
}

function readSecretFile(file: string): string | null {
  try {
    const value = readFileSync(file, 'utf8').trim();
    return value.length > 0 ? value : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return null;
    }
    throw error;
  }
}

/** HMAC-SHA256 keyed with the server secret; `purpose` keeps the uses of one secret apart. */
export class ServerSecret {
  constructor(private readonly secret: string) {}

  hmac(purpose: string, value: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}\0${value}`).digest('hex');
  }
}
