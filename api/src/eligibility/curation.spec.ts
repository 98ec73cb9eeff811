import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type EligibilityRule, ruleExcludes } from '@trialflow/contract';
import { repoRoot } from '../common/repo-root';
import { applyCuration, parseCurationFile } from './curation';

const FILE = 'eligibility-curation.json';

function parse(value: unknown): ReturnType<typeof parseCurationFile> {
  return parseCurationFile(JSON.stringify(value), FILE);
}

const extracted: EligibilityRule[] = [
  {
    key: 'age',
    kind: 'range',
    min: 18,
    section: 'structured',
    source: 'structured',
    text: 'Age 18 years or older',
  },
  { key: 'ecog', kind: 'range', max: 2, section: 'inclusion', source: 'text', text: 'ECOG 0-2' },
  {
    key: 'metastatic',
    kind: 'required',
    section: 'inclusion',
    source: 'text',
    text: 'Metastatic NSCLC',
  },
  {
    key: 'metastatic',
    kind: 'excluded',
    section: 'exclusion',
    source: 'text',
    text: 'Distant metastases',
  },
];

describe('eligibility curation', () => {
  describe(parseCurationFile.name, () => {
    it('should accept the shipped example file', () => {
      const path = join(repoRoot(), 'api', 'curation', 'eligibility-curation.example.json');
      const curation = parseCurationFile(readFileSync(path, 'utf8'), path);
      expect(Object.keys(curation).sort()).toEqual(['NCT05756972', 'NCT06331169']);
      expect(curation.NCT06331169.add?.[0].key).toBe('hormonal_therapy');
    });

    it('should name the file, the NCT id and the problem', () => {
      expect(() => parse({ NCT01234567: { add: [{ key: 'egfrr', kind: 'required' }] } })).toThrow(
        `${FILE}: NCT01234567: add[0]: unknown criterion key "egfrr"`,
      );
      expect(() => parse({ NCT01234567: { add: [{ key: 'egfr', kind: 'maybe' }] } })).toThrow(
        `${FILE}: NCT01234567: add[0]: bad kind "maybe"`,
      );
      expect(() =>
        parse({ NCT01234567: { add: [{ key: 'ecog', kind: 'range', max: '2' }] } }),
      ).toThrow(`${FILE}: NCT01234567: add[0]: max must be a number, got "2"`);
      expect(() =>
        parse({ NCT01234567: { change: [{ match: { key: 'ecog' }, set: { min: 3, max: 1 } }] } }),
      ).toThrow(`${FILE}: NCT01234567: change[0].set: min 3 is above max 1`);
      expect(() => parse({ NCT01234567: { drop: [{ key: 'ecog', kind: 'between' }] } })).toThrow(
        `${FILE}: NCT01234567: drop[0]: bad kind "between"`,
      );
      expect(() =>
        parse({
          NCT01234567: { change: [{ match: { key: 'ecog' }, set: { confidence: 'sure' } }] },
        }),
      ).toThrow(`${FILE}: NCT01234567: change[0].set: bad confidence "sure" (high, low)`);
      expect(() => parse({ NCT01234567: { remove: [] } })).toThrow(
        `${FILE}: NCT01234567: unknown field 'remove'`,
      );
    });

    it('should reject malformed NCT ids and invalid JSON', () => {
      expect(() => parse({ NCT123: {} })).toThrow(`${FILE}: NCT123: malformed NCT id`);
      expect(() => parseCurationFile('{ nope', FILE)).toThrow(`${FILE}: not valid JSON`);
      expect(() => parseCurationFile('[]', FILE)).toThrow(
        `${FILE}: expected a JSON object keyed by NCT id`,
      );
    });

    it('should ignore comment keys', () => {
      expect(parse({ _comment: 'x', NCT01234567: { note: 'n' } })).toEqual({
        NCT01234567: { note: 'n' },
      });
    });
  });

  describe(applyCuration.name, () => {
    const curation = parse({
      NCT01234567: {
        note: 'Checked 2026-11-22',
        drop: [{ key: 'metastatic', section: 'exclusion' }],
        change: [{ match: { key: 'ecog', kind: 'range' }, set: { max: 1 } }],
        add: [
          { key: 'egfr', kind: 'excluded', section: 'exclusion', text: 'Known EGFR mutation' },
          { key: 'alk', kind: 'excluded' },
        ],
      },
    });

    it('should drop, change and add, marking touched rules as curation', () => {
      const out = applyCuration('NCT01234567', extracted, curation);
      expect(out.map((r) => `${r.key}/${r.kind}/${r.section}/${r.source}`)).toEqual([
        'age/range/structured/structured',
        'ecog/range/inclusion/curation',
        'metastatic/required/inclusion/text',
        'egfr/excluded/exclusion/curation',
        'alk/excluded/inclusion/curation',
      ]);
      expect(out[1].max).toBe(1);
      expect(out[1].text).toBe('ECOG 0-2');
    });

    it('should let a site make a low-confidence rule confident, so that it excludes', () => {
      const low: EligibilityRule[] = [
        {
          key: 'ecog',
          kind: 'range',
          max: 1,
          confidence: 'low',
          reading: 'exception',
          section: 'inclusion',
          source: 'text',
          text: 'ECOG 0-1; however, older participants may be included',
        },
      ];
      const sure = parse({
        NCT01234567: { change: [{ match: { key: 'ecog' }, set: { confidence: 'high' } }] },
      });
      const [rule] = applyCuration('NCT01234567', low, sure);
      expect(ruleExcludes(rule)).toBe(true);
      expect(ruleExcludes(low[0])).toBe(false);
    });

    it('should give added rules without text "Added by curation" and the note', () => {
      const out = applyCuration('NCT01234567', extracted, curation);
      expect(out[3].text).toBe('Known EGFR mutation');
      expect(out[4].text).toBe('Added by curation: Checked 2026-11-22');
    });

    it('should leave other trials untouched', () => {
      expect(applyCuration('NCT07654321', extracted, curation)).toBe(extracted);
    });
  });
});
