/**
 * Shared Intl formatters. Making an Intl object costs far more than using it (in Chromium the
 * first of a kind and language loads its locale data): a results page made one per card and per
 * select, which showed as milliseconds per card in the profiles. One per language and options.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>(
  kind: string,
  language: string,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind}|${language}|${options ? JSON.stringify(options) : ''}`;
  let value = cache.get(key) as T | undefined;
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

export function numberFormat(
  language: string,
  options?: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  return cached('number', language, options, () => new Intl.NumberFormat(language, options));
}

export function dateTimeFormat(
  language: string,
  options?: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return cached('date', language, options, () => new Intl.DateTimeFormat(language, options));
}

export function collator(language: string, options?: Intl.CollatorOptions): Intl.Collator {
  return cached('collator', language, options, () => new Intl.Collator(language, options));
}

/**
 * Makes the formatters the first screens use (radius select, distances, the sorted condition
 * list) one per task, while the page waits for its texts: the first Intl object of a kind loads
 * its locale data (10-25 ms on a laptop, four times that on a phone), which was otherwise part
 * of the first render's long task.
 */
export function warmFormatters(language: string): void {
  const makers = [
    () => numberFormat(language),
    () => numberFormat(language, { maximumFractionDigits: 1 }),
    () => collator(language, { sensitivity: 'base' }),
  ];
  for (const make of makers) {
    setTimeout(make, 0);
  }
}
