import type { i18n as I18n, TFunction } from 'i18next';
import { useContext, useEffect, useReducer } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();

/** One `t` per instance and language, shared by every component. */
function fixedT(i18n: I18n, language: string): TFunction {
  let byLanguage = fixedTs.get(i18n);
  if (!byLanguage) {
    byLanguage = new Map();
    fixedTs.set(i18n, byLanguage);
  }
  let t = byLanguage.get(language);
  if (!t) {
    t = remembering(i18n, i18n.getFixedT(language));
    byLanguage.set(language, t);
  }
  return t;
}

/** Options whose values are all strings, numbers or booleans: their text can be remembered. */
function plainOptions(options: unknown): options is Record<string, string | number | boolean> {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    return false;
  }
  for (const value of Object.values(options)) {
    const kind = typeof value;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean') {
      return false;
    }
  }
  return true;
}

/** Remembered texts per language: enough for several screens, bounded for a long session. */
const MAX_REMEMBERED = 4000;

/**
 * Remembers the texts asked for by key alone (most calls) or with plain values (a count, a name),
 * which i18next otherwise resolves and interpolates again on every render: on a results page
 * each card asked for its counts and labels, and i18next's lookup was a tenth of the page's CPU
 * time. Forgets them when texts are added (a language's or a deferred namespace's bundle); a key
 * without a text is never remembered, nor a call with any other argument (an object value, a
 * default text, a namespace list).
 */
function remembering(i18n: I18n, t: TFunction): TFunction {
  const texts = new Map<string, string>();
  i18n.store.on('added', () => texts.clear());
  const remembered = (key: unknown, ...rest: unknown[]): unknown => {
    const plainKey =
      typeof key === 'string' &&
      (rest.length === 0 || (rest.length === 1 && plainOptions(rest[0])));
    if (!plainKey) {
      return (t as unknown as (...args: unknown[]) => unknown)(key, ...rest);
    }
    const id = rest.length === 0 ? key : `${key}\u0000${JSON.stringify(rest[0])}`;
    let text = texts.get(id);
    if (text === undefined) {
      const value: unknown = (t as unknown as (...args: unknown[]) => unknown)(key, ...rest);
      if (typeof value !== 'string' || value === key) {
        return value;
      }
      if (texts.size >= MAX_REMEMBERED) {
        texts.clear();
      }
      text = value;
      texts.set(id, text);
    }
    return text;
  };
  return remembered as unknown as TFunction;
}

/**
 * react-i18next's `useTranslation()` for the app's one namespace, without its cost per component:
 * react-i18next copies the i18next instance's property descriptors into a wrapper on every mount
 * and builds a new `t` on every render, which was the largest single item of the first render's
 * profile (each screen mounts 50–150 components that translate). Here every component shares one
 * `t` per language, and re-renders when the language changes, as with react-i18next. Works under
 * `I18nextProvider` (the app, the tests) or with the instance `initReactI18next` registered.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const language = i18n.language;

  useEffect(() => {
    const onLanguageChanged = () => rerender();
    i18n.on('languageChanged', onLanguageChanged);
    // A change between this render and the subscription.
    if (i18n.language !== language) {
      rerender();
    }
    return () => i18n.off('languageChanged', onLanguageChanged);
  }, [i18n, language]);

  return { t: fixedT(i18n, language), i18n };
}
