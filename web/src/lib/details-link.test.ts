import { describe, expect, it } from 'vitest';
import { decodeQuestionnaire, detailsHref, encodeQuestionnaire } from './details-link';
import { SEARCH_FORM } from '@/features/search/testing/fixtures';

/** The API's decoder (api/src/search/to-index-query.ts decodeAnswers): base64 → UTF-8 → JSON. */
function serverDecode(q: string): unknown {
  const text = Buffer.from(q.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  return JSON.parse(text);
}

describe('details link (spec 02 §7 call 6)', () => {
  it('should leave out timestamp, __v, _id, userId and sessionId and the unanswered fields', () => {
    const answers = serverDecode(encodeQuestionnaire(SEARCH_FORM)) as Record<string, unknown>;

    for (const omitted of ['timestamp', '__v', '_id', 'userId', 'sessionId']) {
      expect(answers).not.toHaveProperty(omitted);
    }
    expect(answers).not.toHaveProperty('other_disease');
    expect(answers).toEqual({
      type_of_disease: 'lung_cancer',
      zip_code: 'Berlin, Germany',
      country_name: 'DE',
      latitude: 52.52,
      longitude: 13.405,
      radius: '1000',
      radius_unit: 'KM',
      egfr: 'yes',
      ecog: '1',
      age: '64',
      userSource: 'ancora_hcp',
    });
  });

  it('should round-trip text beyond ASCII the way the API decodes it', () => {
    const form = {
      ...SEARCH_FORM,
      zip_code: 'Zürich, Schweiz — 東京 🧬',
      other_disease: 'Diabète de type 2, ñandú',
    };
    const q = encodeQuestionnaire(form);

    expect(q).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(serverDecode(q)).toMatchObject({
      zip_code: 'Zürich, Schweiz — 東京 🧬',
      other_disease: 'Diabète de type 2, ñandú',
    });
    expect(decodeQuestionnaire(q)).toEqual(serverDecode(q));
  });

  it('should build /details/{id} with requestID, q and facility, each only when given', () => {
    const href = new URL(
      detailsHref({ nctId: 'NCT04487080', form: SEARCH_FORM, requestId: 'r-1', facilityId: 17 }),
      'http://localhost',
    );
    expect(href.pathname).toBe('/details/NCT04487080');
    expect(href.searchParams.get('requestID')).toBe('r-1');
    expect(href.searchParams.get('facility')).toBe('17');
    // URLSearchParams percent-encodes + / =, so the API receives the base64 as it was.
    expect(href.searchParams.get('q')).toBe(encodeQuestionnaire(SEARCH_FORM));

    const bare = new URL(
      detailsHref({ nctId: 'NCT04487080', form: SEARCH_FORM }),
      'http://localhost',
    );
    expect([...bare.searchParams.keys()]).toEqual(['q']);
  });
});
