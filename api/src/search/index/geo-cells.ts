import type { CellIndex } from './index-types';

/**
 * Geometry of the search index: sites as unit vectors, chord lengths as great-circle distances,
 * and the 1°×1° cells that let a search with a small radius skip far-away trials.
 */

/** The earth radius of Postgres earthdistance (earth() = 6378168 m), so both agree on distances. */
export const EARTH_RADIUS_KM = 6378.168;

export function unitVector(lat: number, lon: number): [number, number, number] {
  const φ = (lat * Math.PI) / 180;
  const λ = (lon * Math.PI) / 180;
  // Rounded through float32 like the stored sites, so a site at the centre is at distance 0.
  return [
    Math.fround(Math.cos(φ) * Math.cos(λ)),
    Math.fround(Math.cos(φ) * Math.sin(λ)),
    Math.fround(Math.sin(φ)),
  ];
}

/** Great-circle distance from the chord between two unit vectors. */
export function chordToKm(chord: number): number {
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(chord / 2, 1));
}

export const CELLS_LON = 360;
const CELLS = 180 * CELLS_LON;

function cellOf(x: number, y: number, z: number): number {
  const lat = (Math.asin(Math.max(-1, Math.min(1, z))) * 180) / Math.PI;
  const lon = (Math.atan2(y, x) * 180) / Math.PI;
  const row = Math.min(179, Math.max(0, Math.floor(lat + 90)));
  const col = Math.min(CELLS_LON - 1, Math.max(0, Math.floor(lon + 180)));
  return row * CELLS_LON + col;
}

export function buildConditionCells(
  lists: Int32Array[],
  siteStart: Int32Array,
  siteX: Float32Array,
  siteY: Float32Array,
  siteZ: Float32Array,
): CellIndex[] {
  const siteCell = new Int32Array(siteX.length);
  for (let s = 0; s < siteX.length; s++) {
    siteCell[s] = cellOf(siteX[s], siteY[s], siteZ[s]);
  }
  const lastTrial = new Int32Array(CELLS);
  return lists.map((list) => {
    const start = new Int32Array(CELLS + 1);
    // Counting pass, then filling pass; lastTrial keeps a trial from entering a cell twice.
    for (const pass of [0, 1]) {
      lastTrial.fill(-1);
      const fill = pass === 1 ? start.slice() : null;
      const trials = pass === 1 ? new Int32Array(start[CELLS]) : null;
      for (let li = 0; li < list.length; li++) {
        const i = list[li];
        for (let st = siteStart[i], end = siteStart[i + 1]; st < end; st++) {
          const cell = siteCell[st];
          if (lastTrial[cell] === i) {
            continue;
          }
          lastTrial[cell] = i;
          if (fill === null) {
            start[cell + 1]++;
          } else {
            trials![fill[cell]++] = i;
          }
        }
      }
      if (pass === 0) {
        for (let k = 0; k < CELLS; k++) {
          start[k + 1] += start[k];
        }
      } else {
        return { start, trials: trials! };
      }
    }
    throw new Error('unreachable');
  });
}

/**
 * Finds the candidate trials of a search in the cells its circle touches. Keeps, between
 * searches, the query that last saw each trial, so a trial listed in several cells comes once.
 */
export class CellScan {
  private seen: Int32Array | null = null;
  private query = 0;

  constructor(private readonly size: number) {}

  /**
   * The trials of a condition that may have a site in the radius: those listed in the cells the
   * circle's bounding box covers, when that is well under the whole list (else the list).
   */
  candidatesNear(
    list: Int32Array,
    cells: CellIndex,
    lat: number,
    lon: number,
    radiusKm: number,
  ): Int32Array {
    if (list.length < 2048) {
      return list;
    }
    const angle = radiusKm / EARTH_RADIUS_KM;
    if (angle >= Math.PI / 4) {
      return list;
    }
    const dLat = (angle * 180) / Math.PI;
    const south = Math.max(-90, lat - dLat);
    const north = Math.min(90, lat + dLat);
    const rowFrom = Math.max(0, Math.floor(south + 90));
    const rowTo = Math.min(179, Math.floor(north + 90));
    // Longitudes within the angle at the band's widest latitude (all of them near a pole).
    const widest = Math.max(Math.abs(south), Math.abs(north));
    const ratio = Math.sin(angle) / Math.cos((widest * Math.PI) / 180);
    const cols: [number, number][] = [];
    if (north >= 89 || south <= -89 || ratio >= 1) {
      cols.push([0, CELLS_LON - 1]);
    } else {
      const dLon = (Math.asin(ratio) * 180) / Math.PI;
      const west = Math.floor(lon - dLon + 180);
      const east = Math.floor(lon + dLon + 180);
      if (west < 0) {
        cols.push([west + CELLS_LON, CELLS_LON - 1], [0, east]);
      } else if (east >= CELLS_LON) {
        cols.push([west, CELLS_LON - 1], [0, east - CELLS_LON]);
      } else {
        cols.push([west, east]);
      }
    }
    let entries = 0;
    for (let row = rowFrom; row <= rowTo; row++) {
      for (const [from, to] of cols) {
        entries += cells.start[row * CELLS_LON + to + 1] - cells.start[row * CELLS_LON + from];
      }
    }
    if (entries > list.length / 2) {
      return list;
    }
    this.seen ??= new Int32Array(this.size);
    const seen = this.seen;
    const query = ++this.query;
    const out = new Int32Array(entries);
    let n = 0;
    for (let row = rowFrom; row <= rowTo; row++) {
      for (const [from, to] of cols) {
        for (
          let e = cells.start[row * CELLS_LON + from], end = cells.start[row * CELLS_LON + to + 1];
          e < end;
          e++
        ) {
          const i = cells.trials[e];
          if (seen[i] !== query) {
            seen[i] = query;
            out[n++] = i;
          }
        }
      }
    }
    return out.subarray(0, n);
  }
}
