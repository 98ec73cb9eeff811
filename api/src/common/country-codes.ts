/**
 * The ISO 3166-1 alpha-2 country codes (the 249 assigned ones) plus XK, Kosovo, which GeoNames
 * and the IP-geolocation services use. Reserved and placeholder codes (EU, UN, XX, ZZ, T1 …)
 * are not countries and are not in the list.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE ' +
  'BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD ' +
  'CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
  'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF ' +
  'GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
  'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
  'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI ' +
  'SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK ' +
  'TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS XK YE YT ZA ZM ZW';

export const COUNTRY_CODES: ReadonlySet<string> = new Set(CODES.split(' '));

/** Whether this is a country code, exactly as written (upper case). */
export function isCountryCode(value: string): boolean {
  return COUNTRY_CODES.has(value);
}

/** Spec 02 §9: the country assumed when the visitor's country cannot be had. */
export const DEFAULT_VISITOR_COUNTRY = 'HR';

/**
 * The visitor's country from a geolocation header value (e.g. Cloudflare's CF-IPCountry "de"),
 * or HR when the header is missing or holds no country (Cloudflare sends XX for unknown and T1
 * for Tor).
 */
export function visitorCountry(headerValue: string | string[] | undefined): string {
  const raw = Array.isArray(headerValue) ? headerValue[0] : headerValue;
  const code = raw?.trim().toUpperCase() ?? '';
  return isCountryCode(code) ? code : DEFAULT_VISITOR_COUNTRY;
}
