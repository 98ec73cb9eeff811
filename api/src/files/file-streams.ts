import archiver from 'archiver';
import { Readable, Transform, TransformCallback } from 'node:stream';

export interface ZipEntry {
  name: string;
  open(): Promise<Readable>;
}

/**
 * All entries as one zip, streamed: each file is opened only when the previous one is written,
 * so a download of many files holds one storage connection and a few buffers at a time. The
 * first stream is opened by the caller beforehand, so an unreachable store answers 503 before
 * any byte is sent. A failure later cuts the download off (the client sees a broken zip).
 */
export function zipStream(entries: ZipEntry[], first: Readable): Readable {
  // Documents and images are mostly compressed already: fast deflate is enough.
  const archive = archiver('zip', { zlib: { level: 1 } });
  let next = 1;
  const fail = (error: unknown): void => {
    archive.destroy(error instanceof Error ? error : new Error('Zip failed'));
  };
  archive.on('entry', () => {
    if (next >= entries.length) {
      if (next === entries.length) {
        next += 1;
        void archive.finalize().catch(fail);
      }
      return;
    }
    const entry = entries[next++];
    entry.open().then((stream) => archive.append(stream, { name: entry.name }), fail);
  });
  archive.on('warning', fail);
  archive.on('error', fail);
  archive.append(first, { name: entries[0].name });
  return archive;
}

/** Encodes a byte stream as base64 text on the fly (for the spec's download answer). */
export class Base64Encoder extends Transform {
  private rest = Buffer.alloc(0);

  override _transform(chunk: Buffer, _enc: BufferEncoding, callback: TransformCallback): void {
    const data = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    const whole = data.length - (data.length % 3);
    this.rest = Buffer.from(data.subarray(whole));
    callback(null, data.subarray(0, whole).toString('base64'));
  }

  override _flush(callback: TransformCallback): void {
    callback(null, this.rest.length ? this.rest.toString('base64') : undefined);
  }
}
