import { Readable } from 'node:stream';
import { attachmentHeader, displayName, fileNameProblem, zipName } from './file-names';
import { Base64Encoder } from './file-streams';

describe(fileNameProblem.name, () => {
  it.each([
    ['report.pdf', null],
    ['Befund Müller 2026.pdf', null],
    ['', 'required'],
    ['   ', 'required'],
    ['../x.pdf', 'path'],
    ['a/b.pdf', 'path'],
    ['a\\b.pdf', 'path'],
    ['..', 'path'],
    ['a\u0000.pdf', 'controlCharacter'],
    ['a\u001b[31m.pdf', 'controlCharacter'],
    [`${'a'.repeat(251)}.pdf`, null],
    [`${'a'.repeat(252)}.pdf`, 'tooLong'],
  ])('should judge %j as %s', (name, problem) => {
    expect(fileNameProblem(name)).toBe(problem);
  });
});

describe(displayName.name, () => {
  it('should drop direction overrides and zero-width characters and collapse spaces', () => {
    expect(displayName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(displayName('  scan\u200B  1 .png ')).toBe('scan 1 .png');
    expect(displayName('u\u0308ber.txt')).toBe('über.txt');
  });
});

describe(attachmentHeader.name, () => {
  it('should quote or encode the name, never pass it raw', () => {
    expect(attachmentHeader('report.pdf')).toBe('attachment; filename=report.pdf');
    expect(attachmentHeader('a"; evil=1.pdf')).toBe('attachment; filename="a\\"; evil=1.pdf"');
    expect(attachmentHeader('Müller.pdf')).toBe(
      'attachment; filename="M?ller.pdf"; filename*=UTF-8\'\'M%C3%BCller.pdf',
    );
  });

  it('should name the zip with a prefix and an ISO timestamp', () => {
    expect(zipName(new Date('2026-11-23T18:04:11.512Z'))).toBe(
      'medical-files-2026-11-23T18-04-11-512Z.zip',
    );
  });
});

describe(Base64Encoder.name, () => {
  it('should encode a stream split anywhere exactly as the whole buffer', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));
    const parts = [1, 2, 3, 4, 5, 100, 885].reduce<Buffer[]>((acc, n) => {
      const used = acc.reduce((s, b) => s + b.length, 0);
      return [...acc, bytes.subarray(used, used + n)];
    }, []);
    let text = '';
    for await (const chunk of Readable.from(parts).pipe(new Base64Encoder())) {
      text += String(chunk);
    }
    expect(text).toBe(bytes.toString('base64'));
  });
});
