/**
 * A customer's update, composed from their rule and what Quayside recorded since their last
 * update: the subject says the most important thing ("2 containers delayed, 1 arrived: ACME,
 * week 48"), then one line per shipment with news, in the customer's language, as plain text
 * and as short HTML. Pure and synchronous: the same input gives the same mail, so a preview is
 * exactly what would go. The XLSX is added afterwards (attachment.ts), by a function the wiring
 * passes in.
 */
import type { CustomerRule } from '../../../shared/customer-rules.js';
import { etaMoveDays } from '../../../shared/eta.js';
import { isoWeek, mailDate } from './mail-dates.js';
import { renderHtml, renderText, type UpdateLine } from './mail-body.js';
import { NEWS_ORDER, newsOf, type CustomerShipment, type News } from './news.js';
import { WORDING, type Noun, type Wording } from './wording/index.js';
import type { SubjectKind } from './wording/types.js';

export interface UpdateInput {
  rule: CustomerRule;
  /** The customer's shipments (those the rule selects), each with what changed since their last update. */
  shipments: readonly CustomerShipment[];
  /** The desk's calendar day the update is made, `YYYY-MM-DD`: its ISO week goes in the subject. */
  today: string;
  /** The desk's calendar day of the customer's previous update, or null for their first. */
  previousUpdateDay: string | null;
  /** The forwarder's name under the closing (mail settings); empty for none. */
  signature: string;
}

interface ShipmentTold {
  shipmentId: number;
  /** The news told, most important first. */
  news: News[];
}

export type ComposedUpdate =
  | { state: 'nothing-new'; customer: string }
  | {
      state: 'update';
      customer: string;
      subject: string;
      text: string;
      html: string;
      /** What each mentioned shipment was told: the wiring records it as the new baseline of that shipment. */
      told: ShipmentTold[];
      /** How many news items the update carries (the CLI's `changes`). */
      changes: number;
      /** The attachment to make, when the rule asks for one. */
      attachment: { filename: string; openShipmentIds: number[] } | null;
    };

/** At most this many kinds go in a subject; the rest is in the body. */
const SUBJECT_KINDS = 3;

// eslint-disable-next-line no-control-regex -- a customer's cell may hold anything; no control character reaches a mail
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** A value from a customer's sheet or the carrier on one line, never empty. */
function oneLine(value: string, max = 200): string {
  const text = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function present(value: string | null): string | null {
  if (value === null) return null;
  const text = oneLine(value);
  return text === '' ? null : text;
}

function equipmentOf(shipment: CustomerShipment, w: Wording): string {
  const containers = shipment.containers.map((c) => oneLine(c, 20)).filter((c) => c !== '');
  const bl = present(shipment.billOfLading);
  const first = containers[0];
  if (first !== undefined && containers.length === 1) return first;
  const list = first === undefined ? null : `${first} ${w.moreContainers(containers.length - 1)}`;
  if (bl !== null) return list === null ? `${w.billOfLading} ${bl}` : `${w.billOfLading} ${bl} (${list})`;
  return list ?? oneLine(shipment.reference, 40);
}

/** The ETA column: old → new when it moved, else as given now; the note holds the delay against the first ETA. */
function etaOf(shipment: CustomerShipment, news: readonly News[], w: Wording, date: (v: string) => string): { eta: string | null; note: string | null } {
  let move: Extract<News, { kind: 'delayed' | 'earlier' }> | null = null;
  for (const n of news) {
    if (n.kind === 'eta_lost') return { eta: null, note: w.etaLost(date(n.from)) };
    if (n.kind === 'delayed' || n.kind === 'earlier') move = n;
  }
  const now = shipment.eta.now;
  if (now === null) return { eta: null, note: null };
  const eta = move === null ? date(now) : `${date(move.from)} → ${date(move.to)}`;
  const first = shipment.eta.firstSeen;
  const against = first === null ? null : etaMoveDays(first, now);
  // "As first announced" is worth saying only beside a move; otherwise no note.
  const note = first !== null && against !== null && (against !== 0 || move !== null) ? w.againstFirst(against, date(first)) : null;
  return { eta, note };
}

function newsSentences(total: number, news: readonly News[], w: Wording, date: (v: string) => string): string[] {
  const sentences: string[] = [];
  for (const n of news) {
    switch (n.kind) {
      case 'departed':
      case 'arrived':
      case 'discharged':
      case 'delivered': {
        const partly = n.containers > 0 && total > 1 && n.containers < total ? ` ${w.partly(n.containers, total)}` : '';
        sentences.push(`${w.milestone(n.kind, n.statusCode, present(n.place))}${w.on(n.date === null ? null : date(n.date))}${partly}`);
        break;
      }
      case 'free_time':
        sentences.push(w.freeTime(n.daysLeft, date(n.lastFreeDay)));
        break;
      case 'no_data':
        sentences.push(w.noData(n.days));
        break;
      case 'delayed':
      case 'earlier':
        sentences.push(w.etaNews(n.kind, n.days));
        break;
      case 'eta_lost':
      case 'eta_new':
        sentences.push(w.etaNews(n.kind, 0));
        break;
    }
  }
  return sentences;
}

/** The subject's kinds in the order of the news; a gate-out at the POD (CGO) is picked up, told after delivered. */
const SUBJECT_ORDER: readonly SubjectKind[] = NEWS_ORDER.flatMap((kind): SubjectKind[] => (kind === 'delivered' ? ['delivered', 'picked_up'] : [kind]));
const subjectKind = (n: News): SubjectKind => (n.kind === 'delivered' && n.statusCode.toUpperCase() === 'CGO' ? 'picked_up' : n.kind);

function subjectOf(lines: readonly { shipment: CustomerShipment; news: News[] }[], rule: CustomerRule, today: string, w: Wording): string {
  const counts = new Map<SubjectKind, number>();
  for (const { news } of lines) for (const kind of new Set(news.map(subjectKind))) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const noun: Noun = lines.every(({ shipment }) => shipment.containers.length === 1) ? 'container' : 'shipment';
  const phrases = SUBJECT_ORDER.filter((kind) => counts.has(kind))
    .slice(0, SUBJECT_KINDS)
    .map((kind, i) => w.subject(kind, counts.get(kind)!, i === 0 ? noun : null));
  return oneLine(`${phrases.join(', ')}${w.subjectTail(rule.name, isoWeek(today))}`, 250);
}

function importance(news: readonly News[]): number {
  return Math.min(...news.map((n) => NEWS_ORDER.indexOf(n.kind)));
}

/** The update of one customer, or `nothing-new` when nothing passes their rule. */
export function composeUpdate(input: UpdateInput): ComposedUpdate {
  const { rule } = input;
  const w = WORDING[rule.language];
  const date = (value: string) => oneLine(mailDate(value, rule.language), 40);
  const mentioned: { shipment: CustomerShipment; news: News[]; rank: number; eta: string }[] = [];
  for (const shipment of input.shipments) {
    const news = newsOf(shipment, rule.tell);
    // Naive dates of one shape sort as text; a shipment without an ETA goes last within its rank.
    if (news.length > 0) mentioned.push({ shipment, news, rank: importance(news), eta: shipment.eta.now ?? '\uffff' });
  }
  mentioned.sort((a, b) => a.rank - b.rank || (a.eta < b.eta ? -1 : a.eta > b.eta ? 1 : 0) || a.shipment.shipmentId - b.shipment.shipmentId);
  if (mentioned.length === 0) return { state: 'nothing-new', customer: rule.name };

  const lines: UpdateLine[] = mentioned.map(({ shipment, news }) => {
    const { eta, note } = etaOf(shipment, news, w, date);
    return {
      reference: present(shipment.customerReference),
      equipment: equipmentOf(shipment, w),
      vessel: present(shipment.vessel),
      eta,
      etaNote: note,
      news: newsSentences(shipment.containers.length, news, w, date),
    };
  });
  const open = input.shipments.filter((s) => s.open).map((s) => s.shipmentId);
  const attachment = rule.attachXlsx && open.length > 0 ? { filename: `${fileName(w.attachmentName(rule.name, input.today))}.xlsx`, openShipmentIds: open } : null;
  const subject = subjectOf(mentioned, rule, input.today, w);
  const body = {
    language: rule.language,
    wording: w,
    subject,
    intro: w.intro(rule.name, input.previousUpdateDay === null ? null : date(input.previousUpdateDay)),
    lines,
    attachmentNote: attachment === null ? null : w.attachmentNote(open.length),
    signature: oneLine(input.signature, 200),
  };
  return {
    state: 'update',
    customer: rule.name,
    subject,
    text: renderText(body),
    html: renderHtml(body),
    told: mentioned.map(({ shipment, news }) => ({ shipmentId: shipment.shipmentId, news })),
    changes: mentioned.reduce((sum, l) => sum + l.news.length, 0),
    attachment,
  };
}

/** What an update told of one shipment, as its sentences in the customer's language (the shipment's list of updates). */
export function toldSentences(news: readonly News[], language: CustomerRule['language']): string[] {
  return newsSentences(0, news, WORDING[language], (value) => oneLine(mailDate(value, language), 40));
}

/** A file name every mail program and file system accepts. */
function fileName(text: string): string {
  return oneLine(text, 120).replace(/[\\/:*?"<>|]+/g, '-').replace(/^[.\s]+|[.\s]+$/g, '') || 'shipments';
}
