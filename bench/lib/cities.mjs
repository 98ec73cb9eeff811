// Real city coordinates across Europe and the US: where the synthetic facilities are placed
// (jittered) and where the synthetic patients search from. Country names are spelled as
// ClinicalTrials.gov spells them (site.country), iso is what a search request carries.

/** @typedef {{ name: string, state: string, country: string, iso: string, lat: number, lon: number }} City */

/** @type {City[]} */
export const EUROPE = [
  { name: 'Berlin', state: '', country: 'Germany', iso: 'DE', lat: 52.52, lon: 13.405 },
  { name: 'Munich', state: '', country: 'Germany', iso: 'DE', lat: 48.137, lon: 11.575 },
  { name: 'Hamburg', state: '', country: 'Germany', iso: 'DE', lat: 53.551, lon: 9.993 },
  { name: 'Frankfurt', state: '', country: 'Germany', iso: 'DE', lat: 50.11, lon: 8.682 },
  { name: 'Cologne', state: '', country: 'Germany', iso: 'DE', lat: 50.938, lon: 6.96 },
  { name: 'Heidelberg', state: '', country: 'Germany', iso: 'DE', lat: 49.398, lon: 8.672 },
  { name: 'Dresden', state: '', country: 'Germany', iso: 'DE', lat: 51.05, lon: 13.737 },
  { name: 'Paris', state: '', country: 'France', iso: 'FR', lat: 48.857, lon: 2.352 },
  { name: 'Lyon', state: '', country: 'France', iso: 'FR', lat: 45.764, lon: 4.836 },
  { name: 'Marseille', state: '', country: 'France', iso: 'FR', lat: 43.296, lon: 5.37 },
  { name: 'Toulouse', state: '', country: 'France', iso: 'FR', lat: 43.605, lon: 1.444 },
  { name: 'Bordeaux', state: '', country: 'France', iso: 'FR', lat: 44.838, lon: -0.579 },
  { name: 'Lille', state: '', country: 'France', iso: 'FR', lat: 50.629, lon: 3.057 },
  { name: 'London', state: '', country: 'United Kingdom', iso: 'GB', lat: 51.507, lon: -0.128 },
  { name: 'Manchester', state: '', country: 'United Kingdom', iso: 'GB', lat: 53.481, lon: -2.243 },
  { name: 'Glasgow', state: '', country: 'United Kingdom', iso: 'GB', lat: 55.864, lon: -4.252 },
  { name: 'Madrid', state: '', country: 'Spain', iso: 'ES', lat: 40.417, lon: -3.704 },
  { name: 'Barcelona', state: '', country: 'Spain', iso: 'ES', lat: 41.385, lon: 2.173 },
  { name: 'Valencia', state: '', country: 'Spain', iso: 'ES', lat: 39.47, lon: -0.376 },
  { name: 'Milan', state: '', country: 'Italy', iso: 'IT', lat: 45.464, lon: 9.19 },
  { name: 'Rome', state: '', country: 'Italy', iso: 'IT', lat: 41.903, lon: 12.496 },
  { name: 'Naples', state: '', country: 'Italy', iso: 'IT', lat: 40.852, lon: 14.268 },
  { name: 'Turin', state: '', country: 'Italy', iso: 'IT', lat: 45.07, lon: 7.687 },
  { name: 'Amsterdam', state: '', country: 'Netherlands', iso: 'NL', lat: 52.368, lon: 4.904 },
  { name: 'Rotterdam', state: '', country: 'Netherlands', iso: 'NL', lat: 51.924, lon: 4.478 },
  { name: 'Brussels', state: '', country: 'Belgium', iso: 'BE', lat: 50.85, lon: 4.352 },
  { name: 'Leuven', state: '', country: 'Belgium', iso: 'BE', lat: 50.88, lon: 4.7 },
  { name: 'Vienna', state: '', country: 'Austria', iso: 'AT', lat: 48.208, lon: 16.373 },
  { name: 'Zurich', state: '', country: 'Switzerland', iso: 'CH', lat: 47.377, lon: 8.541 },
  { name: 'Copenhagen', state: '', country: 'Denmark', iso: 'DK', lat: 55.676, lon: 12.568 },
  { name: 'Stockholm', state: '', country: 'Sweden', iso: 'SE', lat: 59.329, lon: 18.069 },
  { name: 'Oslo', state: '', country: 'Norway', iso: 'NO', lat: 59.914, lon: 10.752 },
  { name: 'Helsinki', state: '', country: 'Finland', iso: 'FI', lat: 60.17, lon: 24.938 },
  { name: 'Warsaw', state: '', country: 'Poland', iso: 'PL', lat: 52.23, lon: 21.012 },
  { name: 'Prague', state: '', country: 'Czechia', iso: 'CZ', lat: 50.076, lon: 14.438 },
  { name: 'Athens', state: '', country: 'Greece', iso: 'GR', lat: 37.984, lon: 23.728 },
  { name: 'Lisbon', state: '', country: 'Portugal', iso: 'PT', lat: 38.722, lon: -9.139 },
  { name: 'Dublin', state: '', country: 'Ireland', iso: 'IE', lat: 53.35, lon: -6.26 },
  { name: 'Budapest', state: '', country: 'Hungary', iso: 'HU', lat: 47.498, lon: 19.04 },
];

const us = (name, state, lat, lon) => ({
  name,
  state,
  country: 'United States',
  iso: 'US',
  lat,
  lon,
});

/** @type {City[]} */
export const UNITED_STATES = [
  us('New York', 'New York', 40.713, -74.006),
  us('Boston', 'Massachusetts', 42.36, -71.059),
  us('Philadelphia', 'Pennsylvania', 39.953, -75.165),
  us('Baltimore', 'Maryland', 39.29, -76.612),
  us('Washington', 'District of Columbia', 38.907, -77.037),
  us('Pittsburgh', 'Pennsylvania', 40.441, -79.996),
  us('Chicago', 'Illinois', 41.878, -87.63),
  us('Detroit', 'Michigan', 42.331, -83.046),
  us('Cleveland', 'Ohio', 41.499, -81.694),
  us('Columbus', 'Ohio', 39.961, -82.999),
  us('Minneapolis', 'Minnesota', 44.978, -93.265),
  us('Rochester', 'Minnesota', 44.012, -92.48),
  us('St. Louis', 'Missouri', 38.627, -90.199),
  us('Nashville', 'Tennessee', 36.163, -86.781),
  us('Atlanta', 'Georgia', 33.749, -84.388),
  us('Miami', 'Florida', 25.762, -80.192),
  us('Tampa', 'Florida', 27.951, -82.457),
  us('Houston', 'Texas', 29.76, -95.37),
  us('Dallas', 'Texas', 32.777, -96.797),
  us('Denver', 'Colorado', 39.739, -104.99),
  us('Phoenix', 'Arizona', 33.449, -112.074),
  us('Salt Lake City', 'Utah', 40.761, -111.891),
  us('Seattle', 'Washington', 47.606, -122.332),
  us('Portland', 'Oregon', 45.515, -122.679),
  us('San Francisco', 'California', 37.775, -122.419),
  us('Los Angeles', 'California', 34.052, -118.244),
  us('San Diego', 'California', 32.716, -117.161),
  us('Durham', 'North Carolina', 35.994, -78.899),
  us('Charlotte', 'North Carolina', 35.227, -80.843),
];

/** Where the synthetic facilities are: every city above. */
export const FACILITY_CITIES = [...EUROPE, ...UNITED_STATES];

/** Where the synthetic patients search from: 25 cities, 15 in Europe and 10 in the US. */
export const SEARCH_CITIES = [
  ...[
    'Berlin',
    'Munich',
    'Hamburg',
    'Paris',
    'Lyon',
    'London',
    'Manchester',
    'Madrid',
    'Barcelona',
    'Milan',
    'Rome',
    'Amsterdam',
    'Brussels',
    'Vienna',
    'Warsaw',
  ].map((n) => EUROPE.find((c) => c.name === n)),
  ...[
    'New York',
    'Boston',
    'Philadelphia',
    'Chicago',
    'Houston',
    'Atlanta',
    'Seattle',
    'San Francisco',
    'Los Angeles',
    'Denver',
  ].map((n) => UNITED_STATES.find((c) => c.name === n)),
];

/** A point up to maxKm from (lat, lon), uniform over the disc. */
export function jitter(rand, lat, lon, maxKm) {
  const r = maxKm * Math.sqrt(rand());
  const theta = 2 * Math.PI * rand();
  const dLat = (r * Math.cos(theta)) / 111.32;
  const dLon = (r * Math.sin(theta)) / (111.32 * Math.cos((lat * Math.PI) / 180));
  return { lat: round(lat + dLat, 5), lon: round(lon + dLon, 5) };
}

export function round(x, digits) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** A small seeded PRNG (mulberry32), so every run draws the same data and requests. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
