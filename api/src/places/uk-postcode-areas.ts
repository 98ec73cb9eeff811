/**
 * The United Kingdom's postcode areas (the letters an outward code starts with: M of "M1", SW of
 * "SW1A") and the post town each is named after, as Royal Mail lists them (by the gazetteer's
 * name where it differs: Enfield Town, Kingston upon Hull). No maintained npm package has UK
 * postcodes (see the README's Places), so an outward code finds the town of its area in the
 * gazetteer: "M1" is Manchester, "SW1A" London, at the town's coordinates (the area's centre,
 * not the district's). London's eight areas all name London.
 */
export const UK_POSTCODE_AREAS: Readonly<Record<string, string>> = {
  AB: 'Aberdeen',
  AL: 'St Albans',
  B: 'Birmingham',
  BA: 'Bath',
  BB: 'Blackburn',
  BD: 'Bradford',
  BH: 'Bournemouth',
  BL: 'Bolton',
  BN: 'Brighton',
  BR: 'Bromley',
  BS: 'Bristol',
  BT: 'Belfast',
  CA: 'Carlisle',
  CB: 'Cambridge',
  CF: 'Cardiff',
  CH: 'Chester',
  CM: 'Chelmsford',
  CO: 'Colchester',
  CR: 'Croydon',
  CT: 'Canterbury',
  CV: 'Coventry',
  CW: 'Crewe',
  DA: 'Dartford',
  DD: 'Dundee',
  DE: 'Derby',
  DG: 'Dumfries',
  DH: 'Durham',
  DL: 'Darlington',
  DN: 'Doncaster',
  DT: 'Dorchester',
  DY: 'Dudley',
  E: 'London',
  EC: 'London',
  EH: 'Edinburgh',
  EN: 'Enfield Town',
  EX: 'Exeter',
  FK: 'Falkirk',
  FY: 'Blackpool',
  G: 'Glasgow',
  GL: 'Gloucester',
  GU: 'Guildford',
  HA: 'Harrow',
  HD: 'Huddersfield',
  HG: 'Harrogate',
  HP: 'Hemel Hempstead',
  HR: 'Hereford',
  HS: 'Stornoway',
  HU: 'Kingston upon Hull',
  HX: 'Halifax',
  IG: 'Ilford',
  IP: 'Ipswich',
  IV: 'Inverness',
  KA: 'Kilmarnock',
  KT: 'Kingston upon Thames',
  KW: 'Kirkwall',
  KY: 'Kirkcaldy',
  L: 'Liverpool',
  LA: 'Lancaster',
  LD: 'Llandrindod Wells',
  LE: 'Leicester',
  LL: 'Llandudno',
  LN: 'Lincoln',
  LS: 'Leeds',
  LU: 'Luton',
  M: 'Manchester',
  ME: 'Rochester',
  MK: 'Milton Keynes',
  ML: 'Motherwell',
  N: 'London',
  NE: 'Newcastle upon Tyne',
  NG: 'Nottingham',
  NN: 'Northampton',
  NP: 'Newport',
  NR: 'Norwich',
  NW: 'London',
  OL: 'Oldham',
  OX: 'Oxford',
  PA: 'Paisley',
  PE: 'Peterborough',
  PH: 'Perth',
  PL: 'Plymouth',
  PO: 'Portsmouth',
  PR: 'Preston',
  RG: 'Reading',
  RH: 'Redhill',
  RM: 'Romford',
  S: 'Sheffield',
  SA: 'Swansea',
  SE: 'London',
  SG: 'Stevenage',
  SK: 'Stockport',
  SL: 'Slough',
  SM: 'Sutton',
  SN: 'Swindon',
  SO: 'Southampton',
  SP: 'Salisbury',
  SR: 'Sunderland',
  SS: 'Southend-on-Sea',
  ST: 'Stoke-on-Trent',
  SW: 'London',
  SY: 'Shrewsbury',
  TA: 'Taunton',
  TD: 'Galashiels',
  TF: 'Telford',
  TN: 'Tonbridge',
  TQ: 'Torquay',
  TR: 'Truro',
  TS: 'Middlesbrough',
  TW: 'Twickenham',
  UB: 'Southall',
  W: 'London',
  WA: 'Warrington',
  WC: 'London',
  WD: 'Watford',
  WF: 'Wakefield',
  WN: 'Wigan',
  WR: 'Worcester',
  WS: 'Walsall',
  WV: 'Wolverhampton',
  YO: 'York',
  ZE: 'Lerwick',
};

/** A UK outward code, optionally followed by the inward code ("M1", "SW1A", "SW1A1AA"). */
const UK_POSTCODE = /^([A-Z]{1,2})(\d[A-Z\d]?)(\d[A-Z]{2})?$/;

export interface UkOutwardCode {
  /** The area letters ("SW"). */
  area: string;
  /** The code as shown: outward, and the inward part after a space when typed ("SW1A 1AA"). */
  shown: string;
  /** Letter-digit-letter, the shape of a Canadian forward sortation area too ("M1B"). */
  canadianShape: boolean;
}

/**
 * The UK outward code of a normalised postcode (normalizePostcode: upper case, no spaces) whose
 * area is known; null otherwise.
 */
export function ukOutwardCode(postcode: string): UkOutwardCode | null {
  const match = UK_POSTCODE.exec(postcode);
  if (!match || !(match[1] in UK_POSTCODE_AREAS)) {
    return null;
  }
  const outward = match[1] + match[2];
  return {
    area: match[1],
    shown: match[3] ? `${outward} ${match[3]}` : outward,
    canadianShape: /^[A-Z]\d[A-Z]$/.test(outward),
  };
}
