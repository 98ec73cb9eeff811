import { describe, expect, it } from 'vitest';
import de from '../../../../api/src/translations/locales/de/search.json';
import en from '../../../../api/src/translations/locales/en/search.json';
import es from '../../../../api/src/translations/locales/es/search.json';

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) {
        out.set(path, leaf);
      }
    }
  } else {
    out.set(prefix, String(value));
  }
  return out;
}

const placeholders = (text: string): string[] => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('search translations (namespace search)', () => {
  const english = leaves(en);

  it.each([
    ['es', es],
    ['de', de],
  ])('should have the same keys and placeholders in %s, in that language', (_lang, texts) => {
    const other = leaves(texts);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    let same = 0;
    for (const [key, text] of other) {
      expect(text.trim().length, key).toBeGreaterThan(0);
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
      if (text === english.get(key)) {
        same += 1;
      }
    }
    // Phase 1, Melanoma, Sponsor… are the same words; most texts are not.
    expect(same / other.size).toBeLessThan(0.1);
  });
});
