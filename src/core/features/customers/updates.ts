/**
 * A customer's update from the cache: previewed (nothing stored), or composed and kept in the
 * outbox: the message's bytes (the same on every attempt, with a Message-ID fixed now), what it
 * told of each shipment (the next update's baseline, and the shipment's history), and the slot
 * handled, all in one write. In a team the update is offered to the team database first: the
 * first desk's update of a slot is the one; another desk's is dropped before anything is stored.
 */
import { randomUUID } from 'node:crypto';
import type { CustomerRule } from '../../../shared/customer-rules.js';
import type { UpdatePreviewView } from '../../../shared/contract/index.js';
import { deskDay } from '../../../shared/free-time.js';
import type { Core } from '../../context.js';
import type { NewUpdate, NewUpdateLine, UpdateRecord } from '../../data/index.js';
import { EXPORT_COLUMNS, exportSheetName, exportShipments } from '../export/index.js';
import { composeUpdate, type ComposedUpdate } from './compose.js';
import { gatherShipments, pacer, type Customer } from './gather.js';
import { mailSettings, senderOf } from './mail-config.js';
import { buildMessage, newMessageId, outgoingUpdate, type MakeXlsx } from './message.js';
import { replaceDrafts } from './outbox-work.js';
import type { CustomerShipment } from './news.js';

export type Composed = { customer: Customer; update: ComposedUpdate; shipments: readonly CustomerShipment[] };

/** The XLSX of a customer's open shipments: the export's writer, its columns and refusals, their own reference first. */
function xlsxMaker(core: Core, today: string): MakeXlsx {
  return async ({ customer, shipmentIds }) => {
    const referenceColumn = core.read.shipmentFacets().fieldNames.find((name) => name.toLowerCase() === 'po');
    const own = ['reference', 'carrier', 'shipmentStatus', 'pol', 'pod', 'eta', 'etaMoved', 'vessel', 'voyage', 'lastFreeDay', 'daysLeft'].filter((id) => EXPORT_COLUMNS.some((c) => c.id === id));
    const columns = referenceColumn ? [`field:${referenceColumn}`, ...own] : own;
    const result = await exportShipments(core.read, { format: 'xlsx', columns, ids: shipmentIds, sheetName: exportSheetName(customer), today });
    return result.bytes;
  };
}

function signature(core: Core): string {
  return mailSettings(core)?.fromName ?? '';
}

/** Composes these customers' next updates as they would go now (nothing is stored). */
export async function composeFor(core: Core, customers: readonly Customer[], turn?: () => Promise<void>): Promise<Composed[]> {
  const now = core.now();
  const today = deskDay(now);
  const pace = pacer(turn);
  const composed: Composed[] = [];
  // Composed as each customer's shipments are read (gather takes the turns of the event loop between customers).
  await gatherShipments(core.read, customers, { now, today, pace }, (customer, own) => {
    // "Since our update of …" names only a message that went: never a draft, nor one thrown away.
    const sent = core.read.customers.latestSentUpdate(customer.record.id);
    const update = composeUpdate({
      rule: customer.rule,
      shipments: own,
      today,
      previousUpdateDay: sent === null ? null : deskDay(new Date(sent.createdAt)),
      signature: signature(core),
    });
    composed.push({ customer, update, shipments: own });
  });
  return composed;
}

/** The next update as the window and `updates --preview` show it. */
export function previewView(composed: Composed): UpdatePreviewView {
  const { update, customer } = composed;
  if (update.state === 'nothing-new') return { state: 'nothing-new', customer: customer.rule.name };
  return {
    state: 'update',
    customer: customer.rule.name,
    to: [...customer.rule.to],
    cc: [...customer.rule.cc],
    subject: update.subject,
    text: update.text,
    html: update.html,
    changes: update.changes,
    shipments: update.told.length,
    attachment: update.attachment === null ? null : { filename: update.attachment.filename },
  };
}

function linesOf(composed: Composed & { update: { state: 'update' } }): NewUpdateLine[] {
  const byId = new Map(composed.shipments.map((s) => [s.shipmentId, s]));
  return composed.update.told.map(({ shipmentId, news }) => {
    const s = byId.get(shipmentId);
    const freeTime = news.find((n) => n.kind === 'free_time');
    return {
      shipmentId,
      newsJson: JSON.stringify(news),
      etaTold: s?.eta.now ?? null,
      freeDaysTold: freeTime?.kind === 'free_time' ? freeTime.daysLeft : (s?.freeTimeTold ?? null),
      noDataTold: news.some((n) => n.kind === 'no_data') || (s?.noDataTold === true && s.daysWithoutData !== null),
    };
  });
}

export type Kept =
  | { kept: 'update'; update: UpdateRecord }
  | { kept: 'nothing-new' }
  /** Another desk's update of this slot (or another process's) came first: nothing was stored here. */
  | { kept: 'taken' }
  /** The team database could not be reached: nothing was decided; composed again later. */
  | { kept: 'unreachable' };

/**
 * Keeps a composed update in the outbox as `state` (`due` to be sent, `draft` for the person's
 * mail program) and marks the customer's slot handled; nothing new only marks the slot.
 */
export async function keepComposed(core: Core, composed: Composed, state: 'due' | 'draft'): Promise<Kept> {
  const now = core.now();
  const at = now.toISOString();
  const customerId = composed.customer.record.id;
  const { update } = composed;
  if (update.state === 'nothing-new') {
    core.write((tx) => tx.customers.setCustomerHandled(customerId, at, 'nothing-new'));
    return { kept: 'nothing-new' };
  }
  const rule: CustomerRule = composed.customer.rule;
  const outgoing = await outgoingUpdate(rule, update, xlsxMaker(core, deskDay(now)));
  const sender = senderOf(core);
  const messageId = newMessageId(sender);
  const message = await buildMessage(outgoing, sender, { messageId, date: now, draft: false });
  const desk = core.ports.customerUpdates.desk();
  const row: NewUpdate = {
    id: randomUUID(),
    customerId,
    followsId: composed.customer.followsId,
    state,
    createdAt: at,
    createdBy: desk?.name ?? null,
    subject: outgoing.subject,
    toJson: JSON.stringify(outgoing.to),
    ccJson: JSON.stringify(outgoing.cc),
    messageId,
    message,
    textBody: outgoing.text,
    htmlBody: outgoing.html,
    attachmentName: outgoing.attachment?.filename ?? null,
    changes: update.changes,
    shipments: update.told.length,
    lines: linesOf({ ...composed, update }),
  };
  const offered = await core.ports.customerUpdates.offer(row);
  if (offered === 'unreachable') return { kept: 'unreachable' };
  if (offered === 'lost') {
    core.write((tx) => tx.customers.setCustomerHandled(customerId, at, 'taken'));
    return { kept: 'taken' };
  }
  const stored = core.write((tx) => {
    // Pulled from the team meanwhile (offer won and the pull already brought it), or kept by another process of this desk.
    if (offered === 'won' && tx.customers.getUpdate(row.id)) {
      tx.customers.setCustomerHandled(customerId, at, 'update');
      return true;
    }
    if (!tx.customers.insertUpdate(row)) return false;
    tx.customers.setCustomerHandled(customerId, at, 'update');
    return true;
  });
  if (!stored) {
    core.write((tx) => tx.customers.setCustomerHandled(customerId, at, 'taken'));
    return { kept: 'taken' };
  }
  // The customer's older drafts are in this one: one draft to send, never two that overlap.
  const replaced = await replaceDrafts(core, customerId, row.id, composed.customer.rule.name);
  core.events.emit('customers.outbox', { ids: [row.id, ...replaced], madeAt: 'this desk' });
  return { kept: 'update', update: core.read.customers.getUpdate(row.id)! };
}
