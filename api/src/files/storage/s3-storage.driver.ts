import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import {
  assertStorageKey,
  StorageDriver,
  StorageUnavailableError,
  StoredObjectMissingError,
} from './storage-driver';

export interface S3StorageOptions {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Parts of 5 MiB, two in flight: an upload holds at most ~10 MiB of a file in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** Whether an S3 error says the store itself is failing rather than the request being wrong. */
function isOutage(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata?.httpStatusCode ?? 0;
    // 403: bad credentials or a bucket policy, 404 NoSuchBucket: a misconfigured store; both
    // are the operator's problem, so the caller sees the same "unavailable" as for an outage.
    return status >= 500 || status === 403 || error.name === 'NoSuchBucket' || status === 0;
  }
  // No HTTP answer at all: refused, reset, timed out, DNS.
  return true;
}

/** Objects in one bucket of any S3-compatible store (AWS S3, MinIO, …). */
export class S3StorageDriver implements StorageDriver {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      },
      // An outage should answer the user within seconds, not after the SDK's long retries.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3000, requestTimeout: 60_000 },
    });
  }

  async put(key: string, body: Readable): Promise<void> {
    assertStorageKey(key);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: key, Body: body },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // A failed multipart upload is aborted, so the bucket keeps no parts of it.
      leavePartsOnError: false,
    });
    let bodyError: Error | undefined;
    // The SDK reads the body itself and aborts the multipart upload when it fails; remember
    // the body's own error so the caller sees why (a refused file, a cut-off client).
    body.once('error', (error: Error) => {
      bodyError = error;
    });
    try {
      await upload.done();
    } catch (error) {
      if (bodyError !== undefined) {
        throw bodyError;
      }
      throw isOutage(error) ? new StorageUnavailableError(error) : error;
    }
    if (bodyError !== undefined) {
      // The body failed after its last part was sent: the object must not stay.
      await this.delete(key).catch(() => undefined);
      throw bodyError;
    }
  }

  async get(key: string): Promise<Readable> {
    assertStorageKey(key);
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
      );
      if (!(out.Body instanceof Readable)) {
        throw new StoredObjectMissingError(key);
      }
      return out.Body;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
        throw new StoredObjectMissingError(key);
      }
      if (error instanceof StoredObjectMissingError) {
        throw error;
      }
      throw isOutage(error) ? new StorageUnavailableError(error) : error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
    } catch (error) {
      throw isOutage(error) ? new StorageUnavailableError(error) : error;
    }
  }

  destroy(): void {
    this.client.destroy();
  }

  /** Nest calls this when the app closes: no sockets are left open. */
  onModuleDestroy(): void {
    this.destroy();
  }
}
