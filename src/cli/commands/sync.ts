import type { Command } from '../context.js';
import { bar } from '../output.js';
import { syncShipments } from '../../core/features/sync/index.js';
import { sendWaitingNotes } from '../../core/features/notes/index.js';
import { toAppError } from '../../core/platform/failure.js';
import { counted } from '../../shared/plural.js';

export const syncCommand: Command = {
  name: 'sync',
  usage: 'sync [--json]',
  summary: 'refresh the cache from the service\'s list of tracked shipments (spends no credits)',
  async run(ctx) {
    const core = await ctx.teamCore();
    const result = await syncShipments(core, (p) => {
      ctx.out.progress(`Refreshing ${p.status.toLowerCase()} shipments ${bar(p.page, p.totalPages)} page ${p.page}/${p.totalPages}, ${counted(p.shipments, 'shipment')}`);
    });
    ctx.out.endProgress();
    // Notes saved while the service could not be reached go now, unless a newer note took their place.
    const waiting = core.read.waitingNotes().length;
    let notesProblem: string | null = null;
    if (waiting > 0) await sendWaitingNotes(core).catch((err: unknown) => (notesProblem = toAppError(err).message));
    const notesLeft = core.read.waitingNotes().length;
    ctx.out.data({ ...result, notesSent: waiting - notesLeft, notesWaiting: notesLeft });
    ctx.out.line(
      result.shipments === 0
        ? 'The service tracks no shipment on this key yet: nothing to refresh, no credits spent.'
        : `${counted(result.shipments, 'shipment')} refreshed from ${counted(result.pages, 'page')}, ${counted(result.changes, 'change')} recorded, no credits spent.`,
    );
    if (result.removed > 0) {
      ctx.out.line(`${result.removed} shipment${result.removed === 1 ? ' is' : 's are'} no longer at the service (deleted outside Quayside): kept here as removed; track ${result.removed === 1 ? 'it' : 'them'} again to follow ${result.removed === 1 ? 'it' : 'them'}.`);
    }
    if (waiting > 0) {
      const gone = waiting - notesLeft;
      ctx.out.line(`${gone} of ${waiting} waiting note${waiting === 1 ? '' : 's'} left the queue (sent, or not sent because a newer note took its place: see "quayside show"); ${notesLeft} still wait${notesLeft === 1 ? 's' : ''}${notesProblem ? ` (${notesProblem})` : ''}.`);
    }
  },
};
