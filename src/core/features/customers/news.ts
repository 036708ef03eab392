/**
 * What a customer's update may say about one shipment: the history Quayside recorded since the
 * customer last heard of it, held against the customer's rule. Nothing is guessed: an event is
 * told only when the carrier reported it as actual, a free-time clock only when one is set, and a
 * shipment the carrier has no data for is said to have none, never to be delivered.
 */
import type { Outcome } from '../../../shared/domain.js';
import type { WhatToTell } from '../../../shared/customer-rules.js';
import { etaMoveDays } from '../../../shared/eta.js';

/** Where a recorded event happened, as the wiring resolves its location against the summary. */
export type EventPort = 'pol' | 'pod' | 'transshipment' | 'destination' | 'other';

/** One event the carrier reported, recorded since the customer's last update. Dates are naive, as given. */
export interface RecordedEvent {
  /** As the carrier gave it: `CLL`, `VAD`, `CDD`, `CDC`, `CGO`, or any other code (ignored here). */
  statusCode: string;
  /** Only actual events are told; an expected one is a plan, not news. */
  actual: boolean;
  /** Naive port-local time, or null when the carrier gave none. */
  date: string | null;
  /** The place's name, or null when the carrier gave none. */
  place: string | null;
  /** Null when the location is not known: then no claim about the port is made. */
  port: EventPort | null;
  /** The container the event is for, or null for a shipment-level event. */
  container: string | null;
}

/**
 * One of the customer's shipments as the composer sees it. The wiring builds it from the cache:
 * the customer's column values, the summary, the ETA history and the changes recorded since
 * `told` (what this customer last heard).
 */
export interface CustomerShipment {
  shipmentId: number;
  /** Their own reference (the PO, or the column they know it by); null when the sheet had none. */
  customerReference: string | null;
  /** The reference Quayside tracks (container, B/L or booking number). */
  reference: string;
  containers: string[];
  billOfLading: string | null;
  vessel: string | null;
  carrier: string | null;
  pol: string | null;
  pod: string | null;
  eta: {
    /** The ETA the customer last heard (their previous update, or when their rule was saved). Naive. */
    told: string | null;
    /** The ETA now, as the carrier gives it. Naive. */
    now: string | null;
    /** The first ETA Quayside saw for this shipment. Naive. */
    firstSeen: string | null;
  };
  /** Events recorded since the customer's last update. */
  events: RecordedEvent[];
  /** The demurrage clock, or null when no free days are set (never guessed). */
  freeTime: { daysLeft: number; lastFreeDay: string } | null;
  /** The days left the customer last heard of, or null when never. */
  freeTimeTold: number | null;
  outcome: Outcome;
  /** Whole days since tracking started without data from the carrier; null when there is data. */
  daysWithoutData: number | null;
  /** Whether the customer already heard that there is no data (said once until data comes). */
  noDataTold: boolean;
  /** Still on its way or waiting at the port: goes into the XLSX of open shipments. */
  open: boolean;
}

export type MilestoneKind = 'departed' | 'arrived' | 'discharged' | 'delivered';

export type News =
  | { kind: 'delayed' | 'earlier'; from: string; to: string; days: number }
  | { kind: 'eta_lost'; from: string }
  | { kind: 'eta_new'; to: string }
  | { kind: MilestoneKind; statusCode: string; date: string | null; place: string | null; containers: number }
  | { kind: 'free_time'; daysLeft: number; lastFreeDay: string }
  | { kind: 'no_data'; days: number };

export type NewsKind = News['kind'];

/** Most important first: what costs the customer money or plans, then where the goods are. */
export const NEWS_ORDER: readonly NewsKind[] = ['free_time', 'delayed', 'no_data', 'eta_lost', 'arrived', 'discharged', 'delivered', 'departed', 'earlier', 'eta_new'];

function milestoneOf(event: RecordedEvent): MilestoneKind | null {
  const code = event.statusCode.toUpperCase();
  if (code === 'CLL' && event.port === 'pol') return 'departed';
  if (code === 'VAD' && event.port === 'pod') return 'arrived';
  if (code === 'CDD' && event.port === 'pod') return 'discharged';
  if (code === 'CDC') return 'delivered';
  if (code === 'CGO' && (event.port === 'pod' || event.port === 'destination')) return 'delivered';
  return null;
}

function etaNews(eta: CustomerShipment['eta'], minDays: number): News | null {
  const { told, now } = eta;
  if (told !== null && now === null) return { kind: 'eta_lost', from: told };
  if (told === null && now !== null) return { kind: 'eta_new', to: now };
  if (told === null || now === null) return null;
  const days = etaMoveDays(told, now);
  if (days === null || Math.abs(days) < minDays) return null;
  return { kind: days > 0 ? 'delayed' : 'earlier', from: told, to: now, days };
}

/** The news of one shipment that pass the rule, most important first; empty when nothing passes. */
export function newsOf(shipment: CustomerShipment, tell: WhatToTell): News[] {
  const news: News[] = [];
  if (tell.etaMovedDays !== null) {
    const eta = etaNews(shipment.eta, tell.etaMovedDays);
    if (eta) news.push(eta);
  }
  const wanted: Record<MilestoneKind, boolean> = { departed: tell.departed, arrived: tell.arrived, discharged: tell.discharged, delivered: tell.delivered };
  const milestones = new Map<MilestoneKind, { event: RecordedEvent; containers: Set<string> }>();
  for (const event of shipment.events) {
    const kind = event.actual ? milestoneOf(event) : null;
    if (kind === null || !wanted[kind]) continue;
    const seen = milestones.get(kind);
    // The latest date stands for the milestone; naive dates of one shape compare as text.
    if (!seen) milestones.set(kind, { event, containers: new Set(event.container ? [event.container] : []) });
    else {
      if (event.container) seen.containers.add(event.container);
      if (event.date !== null && (seen.event.date === null || event.date > seen.event.date)) seen.event = event;
    }
  }
  for (const [kind, { event, containers }] of milestones) {
    news.push({ kind, statusCode: event.statusCode, date: event.date, place: event.place, containers: containers.size });
  }
  const free = shipment.freeTime;
  if (tell.freeTimeDays !== null && free !== null && free.daysLeft <= tell.freeTimeDays && (shipment.freeTimeTold === null || free.daysLeft < shipment.freeTimeTold)) {
    news.push({ kind: 'free_time', daysLeft: free.daysLeft, lastFreeDay: free.lastFreeDay });
  }
  const noData = shipment.daysWithoutData;
  if (tell.noDataDays !== null && noData !== null && noData >= tell.noDataDays && !shipment.noDataTold) {
    news.push({ kind: 'no_data', days: noData });
  }
  return news.sort((a, b) => NEWS_ORDER.indexOf(a.kind) - NEWS_ORDER.indexOf(b.kind));
}
