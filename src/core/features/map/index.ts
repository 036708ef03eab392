/** The map feature's public face: positions, ports of discharge and one shipment's route, offline. */
import type { Core } from '../../context.js';
import type { FeatureParts } from '../../handlers.js';
import { createMapHandlers } from './handlers.js';


export function mapFeature(core: Core): FeatureParts<'map'> {
  return { handlers: createMapHandlers(core) };
}
