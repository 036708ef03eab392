/** Lane keys, as the filters, the CLI's `--lane POL-POD` and the figures name a lane. */
import type { LaneRef, PortRef } from './types.js';

/** `NLRTM-GBFXT`: the ports' keys (UN/LOCODE, or the location id as text). */
function laneKey(portOfLoading: Pick<PortRef, 'key'>, portOfDischarge: Pick<PortRef, 'key'>): string {
  return `${portOfLoading.key}-${portOfDischarge.key}`;
}

export function laneOf(portOfLoading: PortRef, portOfDischarge: PortRef): LaneRef {
  return { key: laneKey(portOfLoading, portOfDischarge), portOfLoading, portOfDischarge };
}
