/**
 * The words of an update in one language. Each language writes whole phrases (agreement, word
 * order and plural differ), the composer only puts them together. Every value that reaches a
 * phrase is already formatted text (dates in the customer's style, names as stored); escaping
 * for HTML happens after, in one place.
 */
import type { MilestoneKind, NewsKind } from '../news.js';

/** What the subject counts: containers when every shipment told of is one container, else shipments. */
export type Noun = 'container' | 'shipment';

/** What a subject phrase tells: a kind of news; a gate-out at the POD is told as picked up, never as delivered. */
export type SubjectKind = NewsKind | 'picked_up';

export interface Wording {
  /** A subject phrase: "2 containers delayed" (with the noun, the first phrase) or "1 arrived". */
  subject(kind: SubjectKind, count: number, noun: Noun | null): string;
  /** The subject's end: ": ACME, week 48". */
  subjectTail(customer: string, week: number | null): string;
  greeting: string;
  /** The first sentence: what this mail is. */
  intro(customer: string, since: string | null): string;
  /** Says once that dates are the port's local time as the carrier gives them. */
  datesNote: string;
  closing: string;
  attachmentNote(openShipments: number): string;
  /** The attachment's file name without extension. */
  attachmentName(customer: string, day: string): string;
  headers: { reference: string; equipment: string; vessel: string; eta: string; news: string };
  missing: { reference: string; vessel: string; eta: string };
  /** "+2 more" after the first container of a B/L. */
  moreContainers(count: number): string;
  billOfLading: string;
  /** The ETA's news as a sentence: "Delayed 3 days", "Due 2 days earlier", "ETA withdrawn by the carrier", "New ETA from the carrier". */
  etaNews(kind: 'delayed' | 'earlier' | 'eta_lost' | 'eta_new', days: number): string;
  /** Against the first ETA Quayside saw: "5 days later than the first ETA of 29 Nov 2026"; "as first announced" at 0. */
  againstFirst(days: number, first: string): string;
  /** Beside the missing ETA when the carrier stopped giving one: "previously 01 Dec 2026". */
  etaLost(was: string): string;
  /** A milestone and its place ("Arrived at Rotterdam"); without a place, the port it happened at in words. */
  milestone(kind: MilestoneKind, statusCode: string, place: string | null): string;
  /** When, after a milestone: " on 04 Dec 2026 09:10", or that the carrier gave no date. */
  on(date: string | null): string;
  /** "(1 of 3 containers)" for a milestone that is not yet every container's. */
  partly(count: number, total: number): string;
  freeTime(daysLeft: number, lastFreeDay: string): string;
  noData(days: number): string;
}
