/**
 * A small graph of sea waypoints (straits, capes, open-sea turning points) so that
 * generated routes follow plausible shipping lanes instead of crossing continents.
 * Coordinates are [latitude, longitude], as the tracking service gives them.
 */
import type { LatLng } from '../core/platform/api/types.js';

export const SEA_NODES: Record<string, LatLng> = {
  bohai: [38.5, 119.6],
  ysea: [35.5, 123.5],
  ecs: [30.5, 124.0],
  korea: [34.3, 128.8],
  japanS: [32.5, 134.0],
  uraga: [34.7, 139.9],
  taiwan: [24.0, 119.6],
  hk: [21.8, 114.6],
  scs: [12.0, 110.5],
  vn: [8.5, 106.3],
  gthai: [9.0, 102.5],
  sing: [1.2, 104.1],
  malacca: [3.4, 100.3],
  sumatraN: [6.2, 94.5],
  dondra: [5.5, 80.6],
  lak: [8.0, 75.5],
  arabian: [13.0, 62.0],
  oman: [24.6, 58.8],
  hormuz: [26.4, 56.5],
  aden: [12.3, 47.0],
  bab: [12.6, 43.3],
  redsea: [20.5, 38.3],
  suezS: [28.0, 33.5],
  suezN: [31.5, 32.35],
  crete: [34.3, 25.0],
  sicily: [37.3, 11.5],
  wmed: [38.0, 5.0],
  palos: [37.5, -0.3],
  alboran: [36.2, -2.5],
  gib: [35.95, -5.6],
  stVincent: [36.8, -9.6],
  finisterre: [43.3, -9.9],
  ushant: [48.6, -5.8],
  channel: [50.2, -1.0],
  dover: [51.05, 1.6],
  northSea: [53.3, 4.0],
  helgoland: [54.0, 7.8],
  natlE: [46.0, -30.0],
  natlW: [42.0, -55.0],
  natlS: [36.5, -30.0],
  natlSW: [34.5, -60.0],
  nyApp: [40.3, -73.5],
  chesapeake: [36.9, -75.5],
  hatteras: [34.5, -75.0],
  savApp: [31.8, -80.5],
  florida: [24.3, -81.5],
  gulf: [25.5, -88.0],
  houApp: [29.0, -94.5],
  yucatan: [21.6, -85.9],
  bahamasE: [26.0, -72.0],
  windward: [20.0, -73.8],
  carib: [15.0, -76.5],
  anegada: [18.8, -64.0],
  panamaN: [9.5, -79.9],
  panamaS: [8.7, -79.5],
  epac: [12.0, -95.0],
  baja: [23.0, -112.0],
  socal: [33.4, -118.6],
  norcal: [37.6, -123.2],
  npacW: [38.0, 150.0],
  npacM: [45.0, 175.0],
  npacE: [45.0, -150.0],
  cpac: [28.0, -140.0],
  ioE: [-8.0, 90.0],
  ioS: [-28.0, 45.0],
  natal: [-32.5, 31.5],
  agulhas: [-35.8, 21.0],
  capeTown: [-34.8, 17.0],
  canaries: [29.5, -19.5],
  capeVerde: [14.0, -27.0],
  brazilNE: [-6.0, -34.0],
  abrolhos: [-18.0, -37.5],
  caboFrio: [-23.5, -41.5],
};

const SEA_EDGES: [string, string][] = [
  ['bohai', 'ysea'], ['ysea', 'ecs'], ['ysea', 'korea'], ['korea', 'ecs'], ['korea', 'japanS'],
  ['ecs', 'japanS'], ['japanS', 'uraga'], ['uraga', 'npacW'], ['japanS', 'npacW'], ['ecs', 'taiwan'],
  ['taiwan', 'hk'], ['hk', 'scs'], ['taiwan', 'scs'], ['scs', 'vn'], ['vn', 'sing'], ['vn', 'gthai'],
  ['gthai', 'sing'], ['sing', 'malacca'], ['malacca', 'sumatraN'], ['sumatraN', 'dondra'],
  ['dondra', 'lak'], ['lak', 'arabian'], ['dondra', 'arabian'], ['arabian', 'aden'], ['arabian', 'oman'],
  ['oman', 'hormuz'], ['aden', 'bab'], ['bab', 'redsea'], ['redsea', 'suezS'], ['suezS', 'suezN'],
  ['suezN', 'crete'], ['crete', 'sicily'], ['sicily', 'wmed'], ['wmed', 'palos'], ['wmed', 'alboran'],
  ['palos', 'alboran'], ['alboran', 'gib'], ['gib', 'stVincent'], ['stVincent', 'finisterre'],
  ['finisterre', 'ushant'], ['ushant', 'channel'], ['channel', 'dover'], ['dover', 'northSea'],
  ['northSea', 'helgoland'], ['ushant', 'natlE'], ['natlE', 'natlW'], ['natlW', 'nyApp'],
  ['gib', 'natlS'], ['stVincent', 'natlS'], ['natlS', 'natlSW'], ['natlSW', 'natlW'], ['natlSW', 'hatteras'],
  ['natlSW', 'savApp'], ['nyApp', 'chesapeake'], ['chesapeake', 'hatteras'], ['hatteras', 'savApp'],
  ['savApp', 'florida'], ['florida', 'gulf'], ['gulf', 'houApp'], ['yucatan', 'gulf'], ['carib', 'yucatan'],
  ['carib', 'windward'], ['windward', 'bahamasE'], ['bahamasE', 'hatteras'], ['panamaN', 'carib'],
  ['panamaN', 'panamaS'], ['panamaS', 'epac'], ['epac', 'baja'], ['baja', 'socal'], ['socal', 'norcal'],
  ['npacW', 'npacM'], ['npacM', 'npacE'], ['npacE', 'norcal'], ['npacE', 'socal'], ['npacM', 'cpac'],
  ['cpac', 'epac'], ['sumatraN', 'ioE'], ['ioE', 'ioS'], ['dondra', 'ioS'], ['ioS', 'natal'],
  ['natal', 'agulhas'], ['agulhas', 'capeTown'], ['capeTown', 'caboFrio'], ['stVincent', 'canaries'],
  ['finisterre', 'canaries'], ['canaries', 'capeVerde'], ['capeVerde', 'brazilNE'], ['brazilNE', 'abrolhos'],
  ['abrolhos', 'caboFrio'], ['carib', 'anegada'], ['anegada', 'natlE'], ['anegada', 'natlS'],
  ['anegada', 'capeVerde'], ['anegada', 'brazilNE'],
];

/** Great-circle distance in nautical miles. */
export function distanceNm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLng = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 3440.065 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b in degrees, 0..360. */
export function bearing(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const y = Math.sin((b[1] - a[1]) * rad) * Math.cos(b[0] * rad);
  const x =
    Math.cos(a[0] * rad) * Math.sin(b[0] * rad) -
    Math.sin(a[0] * rad) * Math.cos(b[0] * rad) * Math.cos((b[1] - a[1]) * rad);
  return Math.round(((Math.atan2(y, x) / rad + 360) % 360) * 10) / 10;
}

const adjacency = new Map<string, string[]>();
for (const [a, b] of SEA_EDGES) {
  adjacency.set(a, [...(adjacency.get(a) ?? []), b]);
  adjacency.set(b, [...(adjacency.get(b) ?? []), a]);
}

const pathCache = new Map<string, string[]>();

/** Shortest waypoint chain between two sea nodes (inclusive), by Dijkstra. */
export function seaPath(from: string, to: string): string[] {
  const cacheKey = `${from}>${to}`;
  const cached = pathCache.get(cacheKey);
  if (cached) return cached;
  const dist = new Map<string, number>([[from, 0]]);
  const prev = new Map<string, string>();
  const open = new Set<string>([from]);
  const done = new Set<string>();
  while (open.size > 0) {
    let current = '';
    let best = Infinity;
    for (const node of open) {
      const d = dist.get(node)!;
      if (d < best) {
        best = d;
        current = node;
      }
    }
    open.delete(current);
    done.add(current);
    if (current === to) break;
    for (const next of adjacency.get(current) ?? []) {
      if (done.has(next)) continue;
      const d = best + distanceNm(SEA_NODES[current]!, SEA_NODES[next]!);
      if (d < (dist.get(next) ?? Infinity)) {
        dist.set(next, d);
        prev.set(next, current);
        open.add(next);
      }
    }
  }
  const path = [to];
  while (path[0] !== from) {
    const p = prev.get(path[0]!);
    if (p === undefined) throw new Error(`no sea path from ${from} to ${to}`);
    path.unshift(p);
  }
  pathCache.set(cacheKey, path);
  return path;
}

