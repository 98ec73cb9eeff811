import { Transform, TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { fileTypeFromBuffer } from 'file-type/core';

/** The accepted kinds of medical file (spec 01 §5: DOC, JPG, PDF, PNG, TXT, XLS, and their successors). */
export const ACCEPTED_FILE_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
} as const;

export type AcceptedFileType = keyof typeof ACCEPTED_FILE_TYPES;

/** file-type reads an OOXML zip's first entries; 64 KiB holds them for any real document. */
const SAMPLE_BYTES = 64 * 1024;

/** Old Office files are CFB containers; their main stream's name says Word or Excel. */
const CFB_STREAMS: [Buffer, AcceptedFileType][] = [
  [Buffer.from('WordDocument', 'utf16le'), 'doc'],
  [Buffer.from('Workbook', 'utf16le'), 'xls'],
  [Buffer.from('Book', 'utf16le'), 'xls'],
];
const CFB_ENTRY = 128;
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const CFB_STREAM_OBJECT = 2;

/** Whether a 128-byte CFB directory entry is a stream of this (UTF-16LE) name. */
function isCfbStreamEntry(entry: Buffer, name: Buffer): boolean {
  const nameLength = entry.readUInt16LE(64);
  return (
    nameLength === name.length + 2 &&
    entry.subarray(0, name.length).equals(name) &&
    entry.readUInt16LE(name.length) === 0 &&
    entry[66] === CFB_STREAM_OBJECT
  );
}

/**
 * Passes a file's bytes through unchanged while deciding what the file is from its content, never
 * from its name or the browser's type. Magic bytes by `file-type`; a CFB container counts as DOC
 * or XLS only with a Word or Excel stream in its directory (an MSI installer is CFB too); a file
 * without magic counts as TXT only when all of it is valid UTF-8 without NUL bytes and it does not
 * start like a script (`#!`). `type()` answers once the stream has ended.
 */
export class ContentInspector extends Transform {
  bytes = 0;
  private sample: Buffer[] = [];
  private sampleBytes = 0;
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  private text = true;
  private cfbCarry = Buffer.alloc(0);
  private cfbOffset = 0;
  private cfbFound: AcceptedFileType | null = null;

  constructor(private readonly onBytes: (n: number) => Error | null = () => null) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    const refused = this.onBytes(chunk.length);
    if (refused) {
      callback(refused);
      return;
    }
    if (this.sampleBytes < SAMPLE_BYTES) {
      const part = chunk.subarray(0, SAMPLE_BYTES - this.sampleBytes);
      this.sample.push(part);
      this.sampleBytes += part.length;
    }
    if (this.text) {
      try {
        this.utf8.decode(chunk, { stream: true });
        this.text = !chunk.includes(0);
      } catch {
        this.text = false;
      }
    }
    this.scanCfb(chunk);
    callback(null, chunk);
  }

  /** Looks at each 128-byte-aligned block for a directory entry naming a Word or Excel stream. */
  private scanCfb(chunk: Buffer): void {
    // Only a file that starts as a CFB container is walked (and only until the name is found).
    if (this.cfbFound || !this.startsAsCfb()) {
      return;
    }
    let data = this.cfbCarry.length ? Buffer.concat([this.cfbCarry, chunk]) : chunk;
    while (data.length >= CFB_ENTRY) {
      const entry = data.subarray(0, CFB_ENTRY);
      // The 512-byte header is not a directory.
      if (this.cfbOffset >= 512) {
        for (const [name, type] of CFB_STREAMS) {
          if (isCfbStreamEntry(entry, name)) {
            this.cfbFound = type;
            break;
          }
        }
      }
      this.cfbOffset += CFB_ENTRY;
      data = data.subarray(CFB_ENTRY);
    }
    this.cfbCarry = Buffer.from(data);
  }

  private startsAsCfb(): boolean {
    const first = this.sample[0];
    if (this.sampleBytes < CFB_MAGIC.length || first === undefined) {
      // Undecided until 8 bytes have come; a carry keeps the scan aligned meanwhile.
      return this.sampleBytes < CFB_MAGIC.length;
    }
    const head = first.length >= CFB_MAGIC.length ? first : Buffer.concat(this.sample);
    return head.subarray(0, CFB_MAGIC.length).equals(CFB_MAGIC);
  }

  /** The accepted type of the whole file, or null when it is not one of them. */
  async type(): Promise<AcceptedFileType | null> {
    const sample = Buffer.concat(this.sample);
    if (sample.length === 0) {
      return null;
    }
    const detected = await fileTypeFromBuffer(sample).catch(() => undefined);
    if (detected === undefined) {
      try {
        this.utf8.decode();
      } catch {
        return null;
      }
      const script = sample.subarray(0, 2).toString('latin1') === '#!';
      return this.text && !script ? 'txt' : null;
    }
    switch (detected.ext) {
      case 'pdf':
      case 'png':
      case 'jpg':
      case 'docx':
      case 'xlsx':
        return detected.ext;
      case 'cfb':
        return this.cfbFound;
      default:
        return null;
    }
  }
}
