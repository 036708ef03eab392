/** The watchlists feature's public face: lists of chosen shipments, lists per customer from an import, saved filters. */
import type { Core } from '../../context.js';
import type { FeatureParts } from '../../handlers.js';
import { createWatchlistHandlers } from './handlers.js';

export { createSavedFilter, deleteWatchlist, listsFromImport, watchlistNamed, watchlistView } from './watchlists.js';

export function watchlistsFeature(core: Core): FeatureParts<'watchlists'> {
  return { handlers: createWatchlistHandlers(core) };
}
