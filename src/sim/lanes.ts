/**
 * Trade lanes and port-to-port sea paths: which ports ship to which, and the
 * waypoint polyline a vessel follows between two ports.
 */
import type { LatLng } from '../core/platform/api/types.js';
import { PORTS, portsIn, position, type Port, type Region } from './places.js';
import { Rng } from './random.js';
import { SEA_NODES, distanceNm, seaPath } from './sea-graph.js';

const LANES: [Region, Region, number][] = [
  ['EA', 'NEU', 20], ['EA', 'MED', 8], ['EA', 'NAW', 18], ['EA', 'NAE', 8], ['SEA', 'NEU', 5],
  ['SEA', 'NAW', 4], ['SA', 'NEU', 4], ['SA', 'NAE', 3], ['EA', 'ME', 5], ['EA', 'SA', 4],
  ['EA', 'LATAM', 4], ['NEU', 'NAE', 5], ['NEU', 'EA', 5], ['NAW', 'EA', 4], ['MED', 'NAE', 2],
  ['EA', 'SEA', 4], ['EA', 'AF', 1], ['SEA', 'ME', 2], ['NEU', 'ME', 2], ['NEU', 'LATAM', 2],
  ['NAE', 'NEU', 2], ['MED', 'EA', 2], ['LATAM', 'NEU', 2], ['SEA', 'EA', 2],
];

function pickPort(region: Region, rng: Rng, not?: Port): Port {
  const ports = portsIn(region).filter((p) => p !== not);
  return rng.weighted(ports, ports.map((p) => p.weight));
}

export function pickLane(rng: Rng): { pol: Port; pod: Port } {
  const lane = rng.weighted(LANES, LANES.map((l) => l[2]));
  const pol = pickPort(lane[0], rng);
  const pod = pickPort(lane[1], rng, pol);
  return { pol, pod };
}

interface SeaLeg {
  nodes: string[];
  path: LatLng[];
  nm: number;
}

const legCache = new Map<string, SeaLeg>();

/** The shortest waypoint path between two ports over their attachment nodes. */
export function seaLeg(from: Port, to: Port): SeaLeg {
  const key = `${from.code}>${to.code}`;
  const cached = legCache.get(key);
  if (cached) return cached;
  let best: SeaLeg | undefined;
  for (const a of from.attach) {
    for (const b of to.attach) {
      const nodes = seaPath(a, b);
      const path: LatLng[] = [position(from), ...nodes.map((n) => SEA_NODES[n]!), position(to)];
      let nm = 0;
      for (let i = 1; i < path.length; i++) nm += distanceNm(path[i - 1]!, path[i]!);
      if (!best || nm < best.nm) best = { nodes, path, nm };
    }
  }
  legCache.set(key, best!);
  return best!;
}

/** Hubs on the way between two ports, where a transshipment is plausible. */
export function hubsBetween(pol: Port, pod: Port): Port[] {
  const nodes = new Set(seaLeg(pol, pod).nodes);
  return PORTS.filter(
    (p) => p.hub && p !== pol && p !== pod && p.region !== pod.region && p.attach.some((a) => nodes.has(a)),
  );
}
