/** The feed feature's public face: the changes Quayside recorded (overall or a watchlist's) and which become notifications. */
import type { Core } from '../../context.js';
import type { FeatureParts } from '../../handlers.js';
import { createFeedHandlers } from './handlers.js';

export { feedNewsSince } from './feed.js';

export function feedFeature(core: Core): FeatureParts<'feed'> {
  return { handlers: createFeedHandlers(core) };
}
