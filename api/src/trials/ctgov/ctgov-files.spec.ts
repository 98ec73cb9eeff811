import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expandPaths, parseStudyFile, readStudyFile } from './ctgov-files';

const a = { protocolSection: { identificationModule: { nctId: 'NCT00000001' } } };
const b = { protocolSection: { identificationModule: { nctId: 'NCT00000002' } } };

describe('ctgov-files', () => {
  describe(parseStudyFile.name, () => {
    it('should read an array, a studies page and a single study', () => {
      expect(parseStudyFile(JSON.stringify([a, b]))).toEqual([{ record: a }, { record: b }]);
      expect(parseStudyFile(JSON.stringify({ studies: [a], nextPageToken: 'x' }))).toEqual([
        { record: a },
      ]);
      expect(parseStudyFile(JSON.stringify(a))).toEqual([{ record: a }]);
    });

    it('should read NDJSON and report unparsable lines', () => {
      const text = `${JSON.stringify(a)}\n\n{"oops": \n${JSON.stringify(b)}\n`;
      expect(parseStudyFile(text)).toEqual([
        { record: a },
        { skip: 'unparsable line' },
        { record: b },
      ]);
    });

    it('should report a broken JSON array once', () => {
      expect(parseStudyFile('[{"a": 1},\n{"b":')).toEqual([{ skip: 'unparsable file' }]);
      expect(parseStudyFile('  ')).toEqual([]);
    });
  });

  describe('files on disk', () => {
    let dir: string;

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'ctgov-files-'));
      mkdirSync(join(dir, 'extra'));
      writeFileSync(join(dir, 'b.json.gz'), gzipSync(JSON.stringify([a, b])));
      writeFileSync(join(dir, 'a.json'), JSON.stringify([a]));
      writeFileSync(join(dir, 'index.json'), JSON.stringify([{ nctId: 'NCT00000001' }]));
      writeFileSync(join(dir, 'README.md'), '# not studies');
      writeFileSync(join(dir, 'extra', 'c.jsonl.gz'), gzipSync(`${JSON.stringify(b)}\n`));
      writeFileSync(join(dir, 'extra', 'index.json.gz'), gzipSync('[]'));
    });

    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('should walk folders for plain and gzipped study files, leaving index files out', () => {
      expect(expandPaths([dir]).map((f) => f.slice(dir.length + 1))).toEqual([
        'a.json',
        'b.json.gz',
        join('extra', 'c.jsonl.gz'),
      ]);
    });

    it('should read a gzipped file as its uncompressed text', async () => {
      await expect(readStudyFile(join(dir, 'b.json.gz'))).resolves.toEqual([
        { record: a },
        { record: b },
      ]);
      await expect(readStudyFile(join(dir, 'extra', 'c.jsonl.gz'))).resolves.toEqual([
        { record: b },
      ]);
    });
  });
});
