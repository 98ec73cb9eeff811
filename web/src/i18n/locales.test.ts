import { CONDITION_KEYS } from '@trialflow/contract';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>(
  '../../../api/src/translations/locales/*/*.json',
  { eager: true, import: 'default' },
);

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) {
        out.set(path, leaf);
      }
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function namespace(lang: string, name: string): Map<string, unknown> {
  const entry = Object.entries(files).find(([path]) => path.endsWith(`/${lang}/${name}.json`));
  expect(entry, `${lang}/${name}.json`).toBeDefined();
  return leaves(entry?.[1]);
}

/** The namespaces the web app shows: shared texts, the accounts screens and the trial search. */
const NAMESPACES = [
  'common',
  'auth',
  'validation',
  'form',
  'profile',
  'home',
  'questionnaire',
  'search',
  'requests',
];

/** The 17 conditions of spec 02 §1. */
const CONDITIONS = CONDITION_KEYS;

describe('translations of the web app', () => {
  it.each(NAMESPACES)('should have the same keys in en, es and de (%s)', (name) => {
    const en = [...namespace('en', name).keys()].sort();
    expect(en.length).toBeGreaterThan(0);
    expect([...namespace('es', name).keys()].sort()).toEqual(en);
    expect([...namespace('de', name).keys()].sort()).toEqual(en);
  });

  it.each(['es', 'de'])('should have real texts in %s, not copies of the English ones', (lang) => {
    let same = 0;
    let total = 0;
    for (const name of NAMESPACES) {
      const en = namespace('en', name);
      for (const [key, text] of namespace(lang, name)) {
        expect(typeof text === 'string' && text.trim().length > 0, `${lang} ${key}`).toBe(true);
        total += 1;
        if (text === en.get(key)) {
          same += 1;
        }
      }
    }
    // A few words are the same in both (OK, Name, Newsletter, optional…); most are not.
    expect(same / total, `${lang}: share of English texts`).toBeLessThan(0.1);
  });

  it.each(['en', 'es', 'de'])('should name every condition once, in common (%s)', (lang) => {
    const common = namespace(lang, 'common');
    const named = [...common.keys()]
      .filter((key) => key.startsWith('conditions.'))
      .map((key) => key.slice('conditions.'.length))
      .sort();
    expect(named).toEqual(CONDITIONS);
    for (const name of NAMESPACES.filter((n) => n !== 'common')) {
      const duplicates = [...namespace(lang, name).keys()].filter((key) =>
        key.startsWith('conditions.'),
      );
      expect(duplicates, `${lang}/${name}.json`).toEqual([]);
    }
  });

  it('should keep the placeholders of each text', () => {
    for (const name of NAMESPACES) {
      const en = namespace('en', name);
      for (const lang of ['es', 'de']) {
        for (const [key, text] of namespace(lang, name)) {
          const wanted =
            String(en.get(key))
              .match(/\{\{\w+\}\}|<\/?\w+>/g)
              ?.sort() ?? [];
          const found =
            String(text)
              .match(/\{\{\w+\}\}|<\/?\w+>/g)
              ?.sort() ?? [];
          expect(found, `${lang} ${name}.${key}`).toEqual(wanted);
        }
      }
    }
  });
});
