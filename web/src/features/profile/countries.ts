/**
 * Countries (ISO 3166-1 alpha-2) with their international dialling codes (ITU-T E.164). The
 * names come from the browser's Intl.DisplayNames in the user's language, so no list of names
 * needs translating.
 */
const DIAL_CODES =
  'AD376 AE971 AF93 AG1 AI1 AL355 AM374 AO244 AR54 AS1 AT43 AU61 AW297 AX358 AZ994 BA387 BB1 ' +
  'BD880 BE32 BF226 BG359 BH973 BI257 BJ229 BL590 BM1 BN673 BO591 BQ599 BR55 BS1 BT975 BW267 ' +
  'BY375 BZ501 CA1 CC61 CD243 CF236 CG242 CH41 CI225 CK682 CL56 CM237 CN86 CO57 CR506 CU53 ' +
  'CV238 CW599 CX61 CY357 CZ420 DE49 DJ253 DK45 DM1 DO1 DZ213 EC593 EE372 EG20 EH212 ER291 ' +
  'ES34 ET251 FI358 FJ679 FK500 FM691 FO298 FR33 GA241 GB44 GD1 GE995 GF594 GG44 GH233 GI350 ' +
  'GL299 GM220 GN224 GP590 GQ240 GR30 GT502 GU1 GW245 GY592 HK852 HN504 HR385 HT509 HU36 ID62 ' +
  'IE353 IL972 IM44 IN91 IO246 IQ964 IR98 IS354 IT39 JE44 JM1 JO962 JP81 KE254 KG996 KH855 ' +
  'KI686 KM269 KN1 KP850 KR82 KW965 KY1 KZ7 LA856 LB961 LC1 LI423 LK94 LR231 LS266 LT370 ' +
  'LU352 LV371 LY218 MA212 MC377 MD373 ME382 MF590 MG261 MH692 MK389 ML223 MM95 MN976 MO853 ' +
  'MP1 MQ596 MR222 MS1 MT356 MU230 MV960 MW265 MX52 MY60 MZ258 NA264 NC687 NE227 NF672 NG234 ' +
  'NI505 NL31 NO47 NP977 NR674 NU683 NZ64 OM968 PA507 PE51 PF689 PG675 PH63 PK92 PL48 PM508 ' +
  'PR1 PS970 PT351 PW680 PY595 QA974 RE262 RO40 RS381 RU7 RW250 SA966 SB677 SC248 SD249 SE46 ' +
  'SG65 SH290 SI386 SJ47 SK421 SL232 SM378 SN221 SO252 SR597 SS211 ST239 SV503 SX1 SY963 ' +
  'SZ268 TC1 TD235 TG228 TH66 TJ992 TK690 TL670 TM993 TN216 TO676 TR90 TT1 TV688 TW886 TZ255 ' +
  'UA380 UG256 US1 UY598 UZ998 VA39 VC1 VG1 VI1 VN84 VU678 WF681 WS685 XK383 YE967 YT262 ' +
  'ZA27 ZM260 ZW263';

export const COUNTRY_DIAL_CODES: ReadonlyMap<string, string> = new Map(
  DIAL_CODES.split(' ').map((entry) => [entry.slice(0, 2), entry.slice(2)]),
);

export interface Country {
  code: string;
  name: string;
  dialCode: string;
}

/** Every country, named in `language` and sorted by that name. */
export function listCountries(language: string): Country[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(language);
  return Array.from(COUNTRY_DIAL_CODES, ([code, dialCode]) => ({
    code,
    dialCode,
    name: names?.of(code) ?? code,
  })).sort((a, b) => collator.compare(a.name, b.name));
}

export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** For a code shared by several countries, the one a bare number most likely belongs to. */
const MAIN_COUNTRY: Record<string, string> = {
  '1': 'US',
  '7': 'RU',
  '39': 'IT',
  '44': 'GB',
  '47': 'NO',
  '61': 'AU',
  '212': 'MA',
  '262': 'RE',
  '358': 'FI',
  '590': 'GP',
  '599': 'CW',
};

export interface SplitPhone {
  /** The country whose dialling code the number starts with ('' when none matched). */
  country: string;
  /** The digits after the dialling code. */
  national: string;
}

/**
 * Splits '+4930123456' into its country and national part. Several countries share a code
 * (+1, +44, +7…): the preferred one wins when it matches.
 */
export function splitPhone(phone: string, preferredCountry?: string): SplitPhone {
  const digits = phone.replace(/\D/g, '');
  if (!digits) {
    return { country: preferredCountry ?? '', national: '' };
  }
  const preferredDial = preferredCountry ? COUNTRY_DIAL_CODES.get(preferredCountry) : undefined;
  if (preferredDial && digits.startsWith(preferredDial)) {
    return { country: preferredCountry!, national: digits.slice(preferredDial.length) };
  }
  let best: SplitPhone | null = null;
  let bestLength = 0;
  for (const [code, dial] of COUNTRY_DIAL_CODES) {
    const longer = dial.length > bestLength;
    const main = dial.length === bestLength && MAIN_COUNTRY[dial] === code;
    if (digits.startsWith(dial) && (longer || main)) {
      best = { country: code, national: digits.slice(dial.length) };
      bestLength = dial.length;
    }
  }
  return best ?? { country: preferredCountry ?? '', national: digits };
}

/** '+' + dialling code + national digits; '' when there is no national number. */
export function joinPhone(country: string, national: string): string {
  const digits = national.replace(/\D/g, '');
  const dial = COUNTRY_DIAL_CODES.get(country);
  return digits && dial ? `+${dial}${digits}` : '';
}
