import { describe, expect, it } from 'vitest';
import de from '../../../../api/src/translations/locales/de/home.json';
import en from '../../../../api/src/translations/locales/en/home.json';
import es from '../../../../api/src/translations/locales/es/home.json';

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object') {
      for (const [p, v] of leaves(child, path)) {
        out.set(p, v);
      }
    } else {
      out.set(path, String(child));
    }
  }
  return out;
}

const placeholders = (text: string) => text.match(/\{\{\w+\}\}/g)?.sort() ?? [];

describe('home translations (namespace home)', () => {
  const english = leaves(en);

  it.each([
    ['es', es],
    ['de', de],
  ])('should have the same keys and placeholders in %s, with its own texts', (_lang, texts) => {
    const other = leaves(texts);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    let same = 0;
    for (const [key, text] of other) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
      if (text === english.get(key)) {
        same += 1;
      }
    }
    // Melanoma, Region… are the same words; nearly everything else is not.
    expect(same / other.size).toBeLessThan(0.1);
  });
});
