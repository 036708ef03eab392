/** The tracking feature's public face: one lookup (quick track, `quayside track`), planned before anything is sent. */
import type { Core } from '../../context.js';
import type { FeatureParts } from '../../handlers.js';
import { createTrackingHandlers } from './handlers.js';

export { LookupError } from './reference.js';
export { trackReference } from './track.js';

export function trackingFeature(core: Core): FeatureParts<'tracking'> {
  return { handlers: createTrackingHandlers(core) };
}
