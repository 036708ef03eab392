import { createInterface } from 'node:readline/promises';
import { NetworkError } from '../../core/platform/api/errors.js';
import { toAppError } from '../../core/platform/failure.js';
import { SecretStoreError } from '../../core/platform/secrets/index.js';
import { saveNote, sendWaitingNotes } from '../../core/features/notes/index.js';
import type { Command, Context, Values } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { MAX_RECORD_KEYS } from '../../shared/contract/base.js';
import { counted } from '../../shared/plural.js';
import { SHIPMENT_COLUMNS, SHIPMENT_COLUMNS_WITH_CUSTOMER, shipmentDetail, shipmentRow } from '../format.js';
import { findShipment, planRemoval, removeShipments, type RemovalPlanItem } from '../../core/features/shipments/index.js';
import { customerColumn } from '../../core/features/attention/index.js';
import type { Shipment } from '../../shared/domain.js';

/** `--field name=value…`: filters on imported columns (customer, PO…). */
export function fieldOptions(values: Values): Record<string, string> {
  const fields: Record<string, string> = {};
  const pairs = (values.field as string[] | undefined) ?? [];
  // The same cap as the window's filter (src/shared/contract/base.ts).
  if (pairs.length > MAX_RECORD_KEYS) throw new UsageError(`At most ${MAX_RECORD_KEYS} --field filters, not ${pairs.length}.`);
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--field takes name=value (for example --field "customer=ACME GmbH"), not "${pair}".`);
    fields[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return fields;
}

/** A shipment's value of an imported column, the column's name matched case aside. */
function fieldOf(shipment: Shipment, column: string): string | null {
  const wanted = column.toLowerCase();
  const name = Object.keys(shipment.fields).find((n) => n.toLowerCase() === wanted);
  const value = name === undefined ? undefined : shipment.fields[name]?.trim();
  return value ? value : null;
}

export const listCommand: Command = {
  name: 'list',
  usage: 'list [--status ACTIVE|ARCHIVED] [--search TEXT] [--field name=value…] [--limit N] [--json]',
  summary: 'the shipments in the cache (no network); --field filters on imported columns such as customer',
  options: { status: { type: 'string' }, search: { type: 'string' }, field: { type: 'string', multiple: true }, limit: { type: 'string' } },
  async run(ctx, args, values) {
    if (args.length > 0) throw new UsageError(`Unexpected "${args[0]}"; use --search to look for a reference.`);
    const status = (values.status as string | undefined)?.toUpperCase();
    if (status !== undefined && status !== 'ACTIVE' && status !== 'ARCHIVED') {
      throw new UsageError(`--status must be ACTIVE or ARCHIVED, not "${values.status}".`);
    }
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new UsageError('--limit must be a positive whole number.');
    const fields = fieldOptions(values);
    const core = await ctx.teamCore();
    const shipments = core.read.listShipments({ status, search: values.search as string | undefined, fields, limit });
    ctx.out.data(shipments);
    if (shipments.length === 0) {
      const filtered = status !== undefined || values.search !== undefined || Object.keys(fields).length > 0;
      ctx.out.line(filtered ? 'No shipment in the cache matches.' : 'No shipments in the cache yet; "quayside track REF" or "quayside import FILE" adds some.');
      return;
    }
    // The customer's column, where the cache has one (the column the Attention view reads customers from).
    const customer = customerColumn(core);
    const named = shipments.some((s) => fieldOf(s, customer) !== null) ? customer : null;
    ctx.out.table(
      shipments.map((s) => ({ ...shipmentRow(s), customer: named === null ? '' : (fieldOf(s, named) ?? '—') })),
      named === null ? SHIPMENT_COLUMNS : SHIPMENT_COLUMNS_WITH_CUSTOMER,
    );
    ctx.out.line(`${counted(shipments.length, 'shipment')}.`);
  },
};

export const showCommand: Command = {
  name: 'show',
  usage: 'show <reference|id> [--json]',
  summary: 'one shipment with its containers, events and the changes seen (no network)',
  async run(ctx, args) {
    if (args.length !== 1) throw new UsageError('Give exactly one reference or id.');
    const shipment = findShipment(ctx.service(), args[0]!);
    ctx.out.data(shipment);
    ctx.out.line(shipmentDetail(shipment));
  },
};

export const noteCommand: Command = {
  name: 'note',
  usage: 'note <reference|id> <text>',
  summary: 'set the note of a shipment (at most 40 characters; "" deletes it)',
  async run(ctx, args) {
    if (args.length !== 2) throw new UsageError('Give the shipment and the note text (quote it; "" deletes the note).');
    // In a team, the colleagues' notes first: a note is sent only over one this desk has seen.
    const service = await ctx.teamCore();
    const { id } = findShipment(service, args[0]!);
    // The same outbox as the window's: this edit replaces one still waiting there, and goes out now.
    saveNote(service, id, args[1]!);
    // Saved and queued: without the key here (no keychain, no key), the note waits for whoever has it.
    let withoutKey: string | null = null;
    try {
      await sendWaitingNotes(service, { only: id });
    } catch (err) {
      if (err instanceof NetworkError) {
        throw new UserError(`The tracking service cannot be reached (${err.message}); the note is saved here and waits: the desktop app sends it when the service answers, or run this command again.`);
      }
      if (err instanceof SecretStoreError) withoutKey = 'the system keychain is not available';
      else if (toAppError(err).code === 'no-key') withoutKey = 'no API key is set for this terminal';
      else throw err;
    }
    const shipment = findShipment(service, String(id));
    ctx.out.data(shipment);
    if (withoutKey) {
      ctx.out.line(
        `Note of ${shipment.reference} saved and queued; it was not sent from here because ${withoutKey}, so the running Quayside app sends it within seconds (or run this command again with QUAYSIDE_API_KEY set).`,
      );
      return;
    }
    ctx.out.line(shipment.note ? `Note of ${shipment.reference} set to "${shipment.note}".` : `Note of ${shipment.reference} deleted.`);
  },
};

async function confirm(ctx: Context, question: string): Promise<boolean> {
  const rl = createInterface({ input: ctx.stdin, output: process.stderr });
  const answer = await rl.question(`${question} [y/N] `);
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}

export const removeCommand: Command = {
  name: 'remove',
  usage: 'remove <reference|id>… [--yes] [--json]',
  summary: 'delete or archive tracked shipments, saying first which get a credit refunded',
  options: { yes: { type: 'boolean', short: 'y' } },
  async run(ctx, args, values) {
    if (args.length === 0) throw new UsageError('Give at least one reference or id.');
    const service = ctx.service();
    const plan = planRemoval(service, args);
    ctx.out.line('What the service will do:');
    for (const item of plan) ctx.out.line(`  ${item.shipment.reference.padEnd(16)} ${item.description}`);
    const refunds = plan.filter((p) => p.outcome === 'deleted-refund').length;
    ctx.out.line(`${counted(plan.length, 'record')}, ${counted(refunds, 'credit')} back.`);
    if (!values.yes) {
      if (!ctx.interactive) throw new UserError('Nothing was removed; add --yes to confirm (there is no undo: a new tracking request would spend a credit).');
      if (!(await confirm(ctx, 'Go ahead?'))) {
        ctx.out.line('Nothing was removed.');
        ctx.out.data({ plan: plan.map(planJson), deleted: [], archived: [], confirmed: false });
        return;
      }
    }
    const result = await removeShipments(service, plan);
    const did = (trackingId: string | null, id: number) =>
      trackingId === null
        ? result.localOnly.includes(id) ? 'removed from this computer' : 'not removed'
        : result.deleted.includes(trackingId) ? 'deleted' : result.archived.includes(trackingId) ? 'archived' : 'not changed by the service';
    ctx.out.line('What the service did:');
    for (const item of plan) ctx.out.line(`  ${item.shipment.reference.padEnd(16)} ${did(item.shipment.trackingId, item.shipment.id)}`);
    ctx.out.data({
      plan: plan.map((p) => ({ ...planJson(p), result: did(p.shipment.trackingId, p.shipment.id) })),
      deleted: result.deleted,
      archived: result.archived,
      confirmed: true,
    });
  },
};

function planJson(p: RemovalPlanItem) {
  return { id: p.shipment.id, trackingId: p.shipment.trackingId, reference: p.shipment.reference, expected: p.outcome, description: p.description };
}
