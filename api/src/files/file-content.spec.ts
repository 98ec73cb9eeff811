import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import * as files from '../../../test/factories/files';
import { AcceptedFileType, ContentInspector } from './file-content';

/** Streams bytes through an inspector in small chunks, as an upload arrives. */
async function inspect(content: Buffer, chunk = 1000): Promise<AcceptedFileType | null> {
  const inspector = new ContentInspector();
  const parts: Buffer[] = [];
  for (let i = 0; i < content.length; i += chunk) {
    parts.push(content.subarray(i, i + chunk));
  }
  let passed = 0;
  await pipeline(
    Readable.from(parts),
    inspector,
    new Writable({
      write(c: Buffer, _e, cb) {
        passed += c.length;
        cb();
      },
    }),
  );
  expect(passed).toBe(content.length);
  return inspector.type();
}

describe(ContentInspector.name, () => {
  it.each([
    ['pdf', () => files.pdf()],
    ['png', () => files.png()],
    ['jpg', () => files.jpg()],
    ['doc', () => files.doc()],
    ['xls', () => files.xls()],
    ['txt', () => files.txt()],
  ])('should recognise %s by its content', async (type, make) => {
    expect(await inspect(make())).toBe(type);
  });

  it('should recognise docx and xlsx inside their zip', async () => {
    expect(await inspect(await files.docx())).toBe('docx');
    expect(await inspect(await files.xlsx())).toBe('xlsx');
  });

  it.each([
    ['a Windows executable', () => files.mzExecutable()],
    ['an ELF executable', () => files.elfExecutable()],
    ['a shell script', () => files.shellScript()],
    ['a CFB container that is neither Word nor Excel', () => files.otherCfb()],
    ['text with a NUL byte', () => Buffer.from('harmless\0text')],
    ['invalid UTF-8', () => Buffer.from([0x68, 0x69, 0xc3, 0x28])],
    ['nothing at all', () => Buffer.alloc(0)],
  ])('should refuse %s', async (_what, make) => {
    expect(await inspect(make())).toBeNull();
  });

  it('should refuse a plain zip, and text whose NUL comes after the first 64 KiB', async () => {
    expect(await inspect(await files.plainZip())).toBeNull();
    const late = Buffer.concat([Buffer.alloc(70_000, 0x61), Buffer.from([0])]);
    expect(await inspect(late)).toBeNull();
  });

  it('should not depend on where the chunks split a UTF-8 character', async () => {
    expect(await inspect(files.txt('ü'.repeat(5000)), 3)).toBe('txt');
  });
});
