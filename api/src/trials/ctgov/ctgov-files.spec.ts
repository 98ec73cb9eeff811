import { parseStudyFile } from './ctgov-files';

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
});
