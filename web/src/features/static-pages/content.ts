import { useTranslation } from '@/i18n/use-translation';

export type StaticPageKey = 'about' | 'contact' | 'privacy' | 'cookie' | 'terms' | 'impressum';

export interface StaticPageField {
  label: string;
  value: string;
}

/** One section of a static page as it sits in `pages.<page>.sections` of the translations. */
export interface StaticPageSection {
  /** Stable across languages: used for anchors and to attach links to a section. */
  id: string;
  title: string;
  paragraphs: string[];
  items: string[];
  steps: string[];
  fields: StaticPageField[];
  closing: string[];
}

export const clinicalTrialsGovUrl = 'https://clinicaltrials.gov/';
export const clinicalTrialsGovTermsUrl = 'https://clinicaltrials.gov/about-site/terms-conditions';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toStrings(value: unknown): string[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '');
}

function toFields(value: unknown): StaticPageField[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value.flatMap((entry) =>
    isRecord(entry) && typeof entry.label === 'string' && typeof entry.value === 'string'
      ? [{ label: entry.label, value: entry.value }]
      : [],
  );
}

/**
 * Turns what i18next returns for a sections key into sections. A missing key comes back as the
 * key string, and translations are editable by operators, so anything malformed is dropped
 * instead of breaking the page.
 */
export function toSections(value: unknown): StaticPageSection[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value.flatMap((entry, index) => {
    if (!isRecord(entry) || typeof entry.title !== 'string' || entry.title.trim() === '') {
      return [];
    }
    return [
      {
        id: typeof entry.id === 'string' && entry.id !== '' ? entry.id : `section-${index + 1}`,
        title: entry.title,
        paragraphs: toStrings(entry.paragraphs),
        items: toStrings(entry.items),
        steps: toStrings(entry.steps),
        fields: toFields(entry.fields),
        closing: toStrings(entry.closing),
      },
    ];
  });
}

/** The translated sections of a page, with `values` interpolated into every string. */
export function useStaticPageSections(
  page: StaticPageKey,
  values: Record<string, string> = {},
): StaticPageSection[] {
  const { t } = useTranslation();
  const raw: unknown = t(`pages.${page}.sections`, { ...values, returnObjects: true });
  return toSections(raw);
}

/**
 * The support address for interpolation into page texts; a readable phrase when none is
 * configured, so that no sentence ends in an empty placeholder.
 */
export function useSupportEmailText(supportEmail: string | undefined): string {
  const { t } = useTranslation();
  return supportEmail ? supportEmail : t('pages.common.emailFallback');
}
