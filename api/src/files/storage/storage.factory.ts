import { join } from 'node:path';
import type { Env } from '../../config/env';
import { LocalStorageDriver } from './local-storage.driver';
import { S3StorageDriver } from './s3-storage.driver';
import type { StorageDriver } from './storage-driver';

/** The driver STORAGE_DRIVER names: local files under DATA_DIR/files, or an S3 bucket. */
export function createStorageDriver(env: Env): StorageDriver {
  if (env.STORAGE_DRIVER === 's3') {
    return new S3StorageDriver({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET ?? '',
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalStorageDriver(join(env.DATA_DIR, 'files'));
}
