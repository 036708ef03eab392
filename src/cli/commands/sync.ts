import type { Command } from '../context.js';
import { bar } from '../output.js';
import { syncShipments } from '../../core/features/sync/index.js';
import { counted } from '../../shared/plural.js';

export const syncCommand: Command = {
  name: 'sync',
  usage: 'sync [--json]',
  summary: 'refresh the cache from the service\'s list of tracked shipments (spends no credits)',
  async run(ctx) {
    const result = await syncShipments(await ctx.teamCore(), (p) => {
      ctx.out.progress(`Refreshing ${p.status.toLowerCase()} shipments ${bar(p.page, p.totalPages)} page ${p.page}/${p.totalPages}, ${counted(p.shipments, 'shipment')}`);
    });
    ctx.out.endProgress();
    ctx.out.data(result);
    ctx.out.line(
      result.shipments === 0
        ? 'The service tracks no shipment on this key yet: nothing to refresh, no credits spent.'
        : `${counted(result.shipments, 'shipment')} refreshed from ${counted(result.pages, 'page')}, ${counted(result.changes, 'change')} recorded, no credits spent.`,
    );
    if (result.removed > 0) {
      ctx.out.line(`${result.removed} shipment${result.removed === 1 ? ' is' : 's are'} no longer at the service (deleted outside Quayside): kept here as removed; track ${result.removed === 1 ? 'it' : 'them'} again to follow ${result.removed === 1 ? 'it' : 'them'}.`);
    }
  },
};
