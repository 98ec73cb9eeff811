import { COUNTRY_CODES } from '../common/country-codes';
import { countryName } from './gazetteer';
import { normalizePlaceText } from './search-text';

/**
 * Names ClinicalTrials.gov (and other registries) give countries where they differ from the
 * runtime's English names (Intl.DisplayNames), normalised as normalizePlaceText() does.
 */
const ALIASES: Record<string, string> = {
  'korea, republic of': 'KR',
  'south korea': 'KR',
  'korea, democratic peoples republic of': 'KP',
  'russian federation': 'RU',
  turkey: 'TR',
  'turkey turkiye': 'TR',
  'hong kong': 'HK',
  macau: 'MO',
  macao: 'MO',
  'brunei darussalam': 'BN',
  'iran, islamic republic of': 'IR',
  'viet nam': 'VN',
  'czech republic': 'CZ',
  'moldova, republic of': 'MD',
  'syrian arab republic': 'SY',
  'lao peoples democratic republic': 'LA',
  'libyan arab jamahiriya': 'LY',
  'macedonia, the former yugoslav republic of': 'MK',
  'tanzania, united republic of': 'TZ',
  'congo, the democratic republic of the': 'CD',
  'cote divoire': 'CI',
  'palestinian territory, occupied': 'PS',
  'taiwan, province of china': 'TW',
  'united states of america': 'US',
  'united kingdom of great britain and northern ireland': 'GB',
  'holy see (vatican city state)': 'VA',
};

const key = (name: string): string => normalizePlaceText(name.replace(/&/g, ' and '));

let byName: Map<string, string> | null = null;

/**
 * The ISO code of a country named in English ("Germany", "Korea, Republic of", "Turkey
 * (Türkiye)"); null when the name is unknown. Accents, case and punctuation do not matter.
 */
export function countryCodeOf(name: string): string | null {
  if (!byName) {
    byName = new Map();
    for (const code of COUNTRY_CODES) {
      byName.set(key(countryName(code)), code);
    }
    for (const [alias, code] of Object.entries(ALIASES)) {
      byName.set(key(alias), code);
    }
  }
  return byName.get(key(name)) ?? null;
}
