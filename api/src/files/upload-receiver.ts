import {
  BadRequestException,
  PayloadTooLargeException,
  ServiceUnavailableException,
} from '@nestjs/common';
import busboy from 'busboy';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AcceptedFileType, ContentInspector } from './file-content';
import { fileNameProblem } from './file-names';
import { StorageDriver, StorageUnavailableError } from './storage/storage-driver';

export interface ReceivedFile {
  key: string;
  /** The name the client sent (already checked by fileNameProblem). */
  name: string;
  size: number;
  type: AcceptedFileType;
}

export interface ReceiveOptions {
  store: StorageDriver;
  /** The multipart field of the files ('files' under /api, 'filecontent' in the spec's call). */
  fileField: string;
  /** Text fields the call takes; any other is refused. */
  textFields: string[];
  maxFiles: number;
  /** Limit on the sum of all files' sizes in one upload. */
  maxBytes: number;
  /**
   * Called once, before the first file is stored, with the text fields read so far; answers the
   * folder (the trial request id) the files go to, or throws (e.g. 403) to refuse them all.
   */
  folder(fields: Record<string, string>): Promise<string>;
}

export const UPLOAD_MESSAGES = {
  required: 'Please choose a file',
  tooManyFiles: (max: number) => `Error- Max files limit reached with ${max} files uploaded`,
  tooLarge: (maxBytes: number) =>
    `Error- File(s) exceeds ${Math.round(maxBytes / 1_000_000)} MB size limit`,
  unavailable: 'File storage is unavailable at the moment. Please try again later.',
} as const;

const bad = (message: string, field: string, code: string): BadRequestException =>
  new BadRequestException({ statusCode: 400, message, errors: { [field]: code } });

export const storageUnavailable = (): ServiceUnavailableException =>
  new ServiceUnavailableException({ statusCode: 503, message: UPLOAD_MESSAGES.unavailable });

/**
 * Reads a multipart upload and streams each file through a ContentInspector into the store
 * while it arrives: no file is ever held whole in memory or on a temporary disk. The limits
 * (count, total size, names, types by content) are checked as the bytes come; the first failure
 * wins, the rest of the body is drained, and every object already stored is deleted again, so a
 * refused or broken upload leaves nothing behind. Metadata is written by the caller afterwards.
 */
export function receiveUpload(
  req: IncomingMessage,
  options: ReceiveOptions,
): Promise<ReceivedFile[]> {
  const { store, maxFiles, maxBytes } = options;
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Keep the name as sent: a path in it is refused, not silently cut to its last part.
        preservePath: true,
        defParamCharset: 'utf8',
        limits: {
          files: maxFiles,
          fields: options.textFields.length + 5,
          fieldSize: 4096,
          parts: maxFiles + options.textFields.length + 5,
        },
      });
    } catch {
      reject(bad('The body must be multipart/form-data', options.fileField, 'multipart'));
      return;
    }

    const fields: Record<string, string> = {};
    const stored: string[] = [];
    const received: Promise<ReceivedFile | null>[] = [];
    let failure: Error | null = null;
    let fileCount = 0;
    let totalBytes = 0;
    let folder: Promise<string> | null = null;
    let finished = false;

    const fail = (error: unknown): void => {
      failure ??= error instanceof Error ? error : new Error('The upload failed');
    };

    const finish = async (): Promise<void> => {
      if (finished) {
        return;
      }
      finished = true;
      const files = await Promise.all(received);
      if (failure === null && fileCount === 0) {
        failure = bad(UPLOAD_MESSAGES.required, options.fileField, 'required');
      }
      if (failure !== null) {
        await Promise.all(stored.map((key) => store.delete(key).catch(() => undefined)));
        reject(failure instanceof StorageUnavailableError ? storageUnavailable() : failure);
        return;
      }
      resolve(files.filter((f): f is ReceivedFile => f !== null));
    };

    parser.on('field', (name, value, info) => {
      if (!options.textFields.includes(name)) {
        fail(bad(`Unknown field ${name}`, name, 'unknownField'));
      } else if (info.valueTruncated) {
        fail(bad(`${name} is too long`, name, 'maxLength'));
      } else {
        fields[name] = value;
      }
    });

    parser.on('file', (name, stream, info) => {
      fileCount += 1;
      if (failure !== null) {
        stream.resume();
        return;
      }
      if (name !== options.fileField) {
        fail(bad(`Unknown field ${name}`, name, 'unknownField'));
        stream.resume();
        return;
      }
      const fileName = info.filename ?? '';
      const problem = fileNameProblem(fileName);
      if (problem !== null) {
        fail(
          bad(
            problem === 'required'
              ? 'Every file needs a name'
              : problem === 'tooLong'
                ? 'A file name may have at most 255 bytes'
                : 'A file name must not contain a path (/, \\, ..) or control characters',
            options.fileField,
            problem === 'required' ? 'fileName' : problem,
          ),
        );
        stream.resume();
        return;
      }
      folder ??= options.folder({ ...fields });
      const inspector = new ContentInspector((n) => {
        totalBytes += n;
        return totalBytes > maxBytes
          ? new PayloadTooLargeException({
              statusCode: 413,
              message: UPLOAD_MESSAGES.tooLarge(maxBytes),
              errors: { [options.fileField]: 'tooLarge' },
            })
          : null;
      });
      const work = (async (): Promise<ReceivedFile | null> => {
        const key = `${await folder}/${randomUUID()}`;
        if (failure !== null) {
          stream.resume();
          return null;
        }
        stored.push(key);
        stream.pipe(inspector);
        await store.put(key, inspector);
        const type = await inspector.type();
        if (inspector.bytes === 0) {
          throw bad(`${fileName} is empty`, options.fileField, 'empty');
        }
        if (type === null) {
          throw bad(
            `${fileName}: only DOC, DOCX, JPG, PDF, PNG, TXT, XLS and XLSX files are accepted`,
            options.fileField,
            'fileType',
          );
        }
        return { key, name: fileName, size: inspector.bytes, type };
      })().catch((error: unknown) => {
        fail(error);
        // Whatever is left of this file is read and dropped, so the parser moves on.
        stream.unpipe(inspector);
        stream.resume();
        return null;
      });
      received.push(work);
    });

    parser.on('filesLimit', () =>
      fail(bad(UPLOAD_MESSAGES.tooManyFiles(maxFiles), options.fileField, 'tooManyFiles')),
    );
    parser.on('partsLimit', () => fail(bad('Too many parts', options.fileField, 'tooManyParts')));
    parser.on('fieldsLimit', () =>
      fail(bad('Too many fields', options.fileField, 'tooManyFields')),
    );
    parser.on('error', () => {
      fail(bad('The upload was cut off or is not valid multipart', options.fileField, 'multipart'));
      req.unpipe(parser);
      req.resume();
      void finish();
    });
    parser.on('close', () => void finish());
    req.on('aborted', () => {
      fail(bad('The upload was cut off', options.fileField, 'multipart'));
    });
    req.pipe(parser);
  });
}
