/**
 * `quayside watchlists`: the watchlists of this cache (a team's, pulled first on a team desk):
 * listed, a saved filter made, one list per customer made from an import, a list deleted. The same
 * use cases as the window's Watchlists view; what is made here goes to the team before the command quits.
 */
import type { ShipmentFilterInput, WatchlistView } from '../../shared/contract/index.js';
import { createSavedFilter, deleteWatchlist, listsFromImport, watchlistNamed, watchlistView } from '../../core/features/watchlists/index.js';
import type { Command, Context, Values } from '../context.js';
import { UsageError } from '../errors.js';
import { counted } from '../../shared/plural.js';
import { fieldOptions } from './shipments.js';

function filterOf(values: Values): ShipmentFilterInput {
  const status = (values.status as string | undefined)?.toUpperCase();
  if (status !== undefined && status !== 'ACTIVE' && status !== 'ARCHIVED') throw new UsageError(`--status must be ACTIVE or ARCHIVED, not "${values.status}".`);
  const fields = fieldOptions(values);
  const filter: ShipmentFilterInput = {};
  if (status) filter.status = status;
  if (values.search !== undefined) filter.search = values.search as string;
  if (Object.keys(fields).length > 0) filter.fields = fields;
  return filter;
}

function print(ctx: Context, views: WatchlistView[]): void {
  ctx.out.table(
    views.map((w) => ({
      name: w.name,
      kind: w.kind === 'list' ? 'chosen shipments' : 'saved filter',
      shipments: String(w.count),
      attention: w.needAttention.total > 0 ? `${w.needAttention.total} need attention` : '',
    })),
    [
      { key: 'name', title: 'WATCHLIST', max: 40 },
      { key: 'kind', title: 'KIND' },
      { key: 'shipments', title: 'SHIPMENTS' },
      { key: 'attention', title: 'ATTENTION' },
    ],
  );
}

export const watchlistsCommand: Command = {
  name: 'watchlists',
  usage:
    'watchlists [list] [--json] | watchlists create NAME [--search TEXT] [--field name=value…] [--status ACTIVE|ARCHIVED] | watchlists from-import JOB [--column NAME] | watchlists delete NAME',
  summary: 'the watchlists (lists of shipments per customer, saved filters): list them, save a filter, make one list per customer from an import, delete one',
  options: { search: { type: 'string' }, field: { type: 'string', multiple: true }, status: { type: 'string' }, column: { type: 'string' } },
  async run(ctx, args, values) {
    const action = args[0] ?? 'list';
    const core = await ctx.teamCore();
    if (action === 'list') {
      if (args.length > 1) throw new UsageError(`Unexpected "${args[1]}".`);
      const views = core.read.listWatchlists().map((w) => watchlistView(core, w));
      ctx.out.data(views);
      print(ctx, views);
      ctx.out.line(views.length === 0 ? 'No watchlists yet; "quayside watchlists from-import JOB" makes one per customer.' : `${counted(views.length, 'watchlist')}.`);
      return;
    }
    if (action === 'create') {
      const name = args[1]?.trim();
      if (!name || args.length > 2) throw new UsageError('Give the new watchlist a name (quote it), then its conditions.');
      const filter = filterOf(values);
      if (Object.keys(filter).length === 0) throw new UsageError('Say which shipments it keeps: --search TEXT, --field name=value or --status.');
      const view = watchlistView(core, createSavedFilter(core, name, filter));
      ctx.out.data(view);
      ctx.out.line(`Saved the filter "${view.name}": ${counted(view.count, 'shipment')} now.`);
      return;
    }
    if (action === 'from-import') {
      const jobId = Number(args[1]);
      if (!Number.isInteger(jobId) || jobId <= 0 || args.length > 2) throw new UsageError('Give the import job number ("quayside jobs" lists them).');
      const column = ((values.column as string | undefined) ?? 'customer').trim();
      const views = listsFromImport(core, jobId, column).map((w) => watchlistView(core, w));
      ctx.out.data(views);
      print(ctx, views);
      ctx.out.line(`${counted(views.length, 'list')} from import ${jobId}, one per ${column}.`);
      return;
    }
    if (action === 'delete') {
      const name = args.slice(1).join(' ').trim();
      if (!name) throw new UsageError('Give the name of the watchlist to delete.');
      const found = watchlistNamed(core, name);
      deleteWatchlist(core, found.id);
      ctx.out.data({ deleted: found.name });
      ctx.out.line(`Deleted the watchlist "${found.name}" (its shipments stay tracked).`);
      return;
    }
    throw new UsageError(`Unknown watchlists action "${action}"; use list, create, from-import or delete.`);
  },
};
