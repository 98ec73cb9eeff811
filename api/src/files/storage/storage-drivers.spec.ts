import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { S3TestServer, startS3Server } from '../../../../test/utils/s3-server';
import { LocalStorageDriver } from './local-storage.driver';
import { S3StorageDriver } from './s3-storage.driver';
import { StorageDriver, StorageUnavailableError, StoredObjectMissingError } from './storage-driver';

const FOLDER = randomUUID();
const newKey = (): string => `${FOLDER}/${randomUUID()}`;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A body that sends some bytes and then fails, as a cut-off upload does. */
function failingBody(bytes: number): Readable {
  const body = new PassThrough();
  body.write(Buffer.alloc(bytes, 1));
  setTimeout(() => body.destroy(new Error('client went away')), 50);
  return body;
}

interface DriverCase {
  name: string;
  driver: () => StorageDriver;
  /** Every object the store holds, in any form (files, s3rver's folder). */
  objects: () => Promise<string[]>;
  breakStore: () => Promise<void>;
  repairStore: () => Promise<void>;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

let localRoot: string;
let s3: S3TestServer;
let s3Driver: S3StorageDriver;

beforeAll(async () => {
  localRoot = await mkdtemp(join(tmpdir(), 'files-local-'));
  s3 = await startS3Server();
  s3Driver = new S3StorageDriver({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});

afterAll(async () => {
  s3Driver.destroy();
  await s3.close();
  await rm(localRoot, { recursive: true, force: true });
});

const cases: DriverCase[] = [
  {
    name: LocalStorageDriver.name,
    driver: () => new LocalStorageDriver(join(localRoot, 'files')),
    objects: () => listFiles(join(localRoot, 'files')),
    // A file where the folder should be: every write fails as on a broken disk.
    breakStore: async () => {
      await rm(join(localRoot, 'files'), { recursive: true, force: true });
      await writeFile(join(localRoot, 'files'), 'not a folder');
    },
    repairStore: () => rm(join(localRoot, 'files'), { force: true }),
  },
  {
    name: S3StorageDriver.name,
    driver: () => s3Driver,
    // s3rver keeps each object as files under the bucket's folder. It does not implement
    // AbortMultipartUpload, so the parts of an aborted upload stay in its uploads folder (real
    // S3 and MinIO drop them); they never become an object.
    objects: async () =>
      (await listFiles(join(s3.directory, s3.bucket))).filter(
        (f) => !f.includes('._S3rver_uploads'),
      ),
    breakStore: () => s3.stop(),
    repairStore: () => s3.start(),
  },
];

describe.each(cases)('$name', ({ driver, objects, breakStore, repairStore }) => {
  it('should give back exactly the bytes streamed in, then nothing after delete', async () => {
    const store = driver();
    const key = newKey();
    // 12 MiB: more than two S3 multipart parts.
    const body = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < body.length; i += 4096) {
      body.writeUInt32LE(i, i);
    }
    await store.put(key, Readable.from([body.subarray(0, 7_000_000), body.subarray(7_000_000)]));
    expect((await readAll(await store.get(key))).equals(body)).toBe(true);

    await store.delete(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(StoredObjectMissingError);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('should keep nothing of a body that fails half-way', async () => {
    const store = driver();
    const before = await objects();
    const key = newKey();
    await expect(store.put(key, failingBody(6 * 1024 * 1024))).rejects.toThrow('client went away');
    await expect(store.get(key)).rejects.toBeInstanceOf(StoredObjectMissingError);
    expect(await objects()).toEqual(before);
  });

  it('should refuse keys it did not generate', async () => {
    const store = driver();
    await expect(store.put('../../etc/passwd', Readable.from(['x']))).rejects.toThrow(
      'Not a storage key',
    );
    await expect(store.get(`${FOLDER}/../x`)).rejects.toThrow('Not a storage key');
  });

  it('should answer StorageUnavailableError while the store is down', async () => {
    const store = driver();
    await breakStore();
    try {
      const started = Date.now();
      await expect(store.put(newKey(), Readable.from(['hello']))).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
      await expect(store.get(newKey())).rejects.toBeInstanceOf(StorageUnavailableError);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await repairStore();
    }
    const key = newKey();
    await store.put(key, Readable.from(['back again']));
    expect((await readAll(await store.get(key))).toString()).toBe('back again');
  });
});
