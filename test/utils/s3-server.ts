import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver has no types of its own: a real S3 protocol server (signature v4, multipart uploads)
// that keeps objects in a folder.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};

export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  port: number;
  /** Folder s3rver keeps the bucket in (to look at what is stored). */
  directory: string;
  /** The API settings that point STORAGE_DRIVER=s3 at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Starts s3rver on a free loopback port with one empty bucket. */
export async function startS3Server(bucket = 'medical-files'): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  let port = 0;
  let server: InstanceType<typeof S3rver> | null = null;
  const start = async (): Promise<void> => {
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    const address = await server.run();
    port = address.port;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    await server?.close();
    server = null;
  };
  return {
    endpoint,
    bucket,
    port,
    directory,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    start,
    close: async () => {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
