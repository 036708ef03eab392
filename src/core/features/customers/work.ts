/**
 * The customers' updates over time: which customers are due (their cadence on the desk's clock,
 * or news waiting a few minutes for an "as it happens" one), composing and keeping theirs, sending
 * what is ready; drafts and "send now" for a person. In drafts mode (no mail server, or the sample
 * data) an update is kept as a draft for the person's own mail program; nothing is sent.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Core } from '../../context.js';
import type { UpdateRecord } from '../../data/index.js';
import { AppFailure } from '../../platform/failure.js';
import { customerNamed, listCustomers } from './customers.js';
import { draftFileName, draftOfStored, writeEml } from './draft.js';
import type { Customer } from './gather.js';
import { isDue } from './next-update.js';
import { sendingReadiness, smtpAccess, type MailOptions } from './mail-config.js';
import { sendReady } from './outbox-work.js';
import { composeFor, keepComposed, type Kept } from './updates.js';

export interface WorkOptions extends MailOptions {
  /** Awaited between blocks of a large cache (the engine's setImmediate). */
  turn?: () => Promise<void>;
}

/** Composes and keeps the updates of these customers (`due` when sending is set up, else drafts; or as `state` says). */
async function composeAndKeep(core: Core, customers: readonly Customer[], options: WorkOptions, as?: 'due' | 'draft'): Promise<{ customer: Customer; kept: Kept }[]> {
  if (customers.length === 0) return [];
  const state = as ?? (sendingReadiness(core, options).ready ? 'due' : 'draft');
  const composed = await composeFor(core, customers, options.turn);
  const results: { customer: Customer; kept: Kept }[] = [];
  for (const one of composed) results.push({ customer: one.customer, kept: await keepComposed(core, one, state) });
  return results;
}

/** One round: the due customers' updates composed and kept, then whatever is ready sent. */
export async function workOutbox(core: Core, options: WorkOptions): Promise<{ kept: { customer: Customer; kept: Kept }[]; sent: UpdateRecord[] }> {
  const now = core.now();
  const due = listCustomers(core.read).filter((c) => isDue(core, c, now));
  const kept = await composeAndKeep(core, due, options);
  const access = await smtpAccess(core, options);
  const sent = access ? await sendReady(core, access) : [];
  return { kept, sent };
}

/** "Send now": the customer's update composed at once (whatever the cadence) and handed to the server. Null: nothing new. */
export async function sendNow(core: Core, name: string, options: WorkOptions): Promise<UpdateRecord | null> {
  const customer = customerNamed(core.read, name);
  const access = await smtpAccess(core, options);
  if (!access) throw new AppFailure('invalid-input', sendingReadiness(core, options).reason ?? 'Sending is not set up.');
  const [result] = await composeAndKeep(core, [customer], options);
  const kept = result!.kept;
  if (kept.kept === 'nothing-new') return null;
  if (kept.kept === 'unreachable') throw new AppFailure('offline', 'The team database cannot be reached, so this desk cannot claim the update: another desk may be sending it. Try again when the team is back.');
  if (kept.kept === 'taken') throw new AppFailure('invalid-input', 'Another desk of the team made this update a moment ago; it is in the outbox below.');
  await sendReady(core, access, new Set([kept.update.id]));
  return core.read.customers.getUpdate(kept.update.id);
}

/** Where drafts go: the host's place (main's drafts folder, the harness's downloads), or a folder given (the CLI's --draft DIR). */
export type DraftPlace = { directory: string } | { place: (fileName: string) => Promise<{ path: string; download?: string }> };

export interface DraftWrittenView {
  update: UpdateRecord;
  path: string;
  download: string | null;
}

/** Writes a kept update as a .eml with X-Unsent: 1 (its stored bytes, the same Message-ID and attachment). */
export async function writeKeptDraft(core: Core, update: UpdateRecord, where: DraftPlace): Promise<DraftWrittenView> {
  const message = core.read.customers.updateMessage(update.id);
  if (!message) throw new AppFailure('not-found', 'That update is no longer in the outbox.');
  const bytes = draftOfStored(message);
  const date = new Date(update.createdAt);
  if ('directory' in where) {
    const written = await writeEml(where.directory, update.customer, date, bytes);
    return { update, path: written.path, download: null };
  }
  const target = await where.place(draftFileName(update.customer, date));
  await writeFile(target.path, bytes, { flag: 'wx' });
  return { update, path: target.path, download: target.download ?? null };
}

/** A draft of the customer's update now: composed, kept as a draft (nothing is marked sent), and written. Null: nothing new. */
export async function draftNow(core: Core, name: string, where: DraftPlace, options: WorkOptions): Promise<DraftWrittenView | null> {
  const customer = customerNamed(core.read, name);
  const [one] = await composeFor(core, [customer], options.turn);
  const kept = await keepComposed(core, one!, 'draft');
  if (kept.kept === 'nothing-new') return null;
  if (kept.kept !== 'update') throw new AppFailure('invalid-input', 'Another desk of the team made this update a moment ago (or the team database cannot be reached); look at the outbox.');
  return writeKeptDraft(core, kept.update, where);
}

/** The drafts folder of an engine whose host names none: beside the cache. */
export function defaultDraftFolder(core: Core): string {
  return join(core.dataDir, 'drafts');
}
