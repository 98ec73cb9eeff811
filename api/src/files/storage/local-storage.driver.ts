import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  StorageDriver,
  StorageUnavailableError,
  StoredObjectMissingError,
} from './storage-driver';

/** Error codes of a store that cannot take or give files (disk full, read-only, not a folder). */
const OUTAGE_CODES = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EACCES',
  'EPERM',
  'ENOTDIR',
  'EIO',
  'EEXIST',
]);

function isOutage(error: unknown): boolean {
  return OUTAGE_CODES.has((error as NodeJS.ErrnoException)?.code ?? '');
}

/** Files under one folder (DATA_DIR/files by default), one file per object. */
export class LocalStorageDriver implements StorageDriver {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<void> {
    const target = this.pathOf(key);
    // Written under a temporary name and renamed when complete, so a reader never sees half a
    // file and a failed upload leaves nothing under the key.
    const partial = `${target}.${randomUUID()}.part`;
    try {
      await mkdir(dirname(target), { recursive: true });
      await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true }).catch(() => undefined);
      throw isOutage(error) ? new StorageUnavailableError(error) : error;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      const s = await stat(path);
      if (!s.isFile()) {
        throw new StoredObjectMissingError(key);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new StoredObjectMissingError(key);
      }
      throw isOutage(error) ? new StorageUnavailableError(error) : error;
    }
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    try {
      await rm(this.pathOf(key), { force: true });
    } catch (error) {
      throw isOutage(error) ? new StorageUnavailableError(error) : error;
    }
  }
}
