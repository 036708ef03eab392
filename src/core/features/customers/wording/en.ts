import type { MilestoneKind } from '../news.js';
import { pick } from '../../../../shared/plural.js';
import type { Noun, SubjectKind, Wording } from './types.js';

/** Singular or plural by the language's rule (Intl.PluralRules), never by n === 1. */
const s = (n: number, one: string, many: string) => pick(n, 'en', one, many);
const days = (n: number) => `${Math.abs(n)} ${s(Math.abs(n), 'day', 'days')}`;
const nouns = (n: number, noun: Noun | null) => (noun === null ? '' : ` ${noun === 'container' ? s(n, 'container', 'containers') : s(n, 'shipment', 'shipments')}`);

const SUBJECT: Record<SubjectKind, string> = {
  free_time: 'with free time running out',
  delayed: 'delayed',
  no_data: 'without data from the carrier',
  eta_lost: 'without an ETA',
  arrived: 'arrived',
  discharged: 'discharged',
  delivered: 'delivered',
  picked_up: 'picked up',
  departed: 'departed',
  earlier: 'due earlier',
  eta_new: 'with a new ETA',
};

const MILESTONE: Record<MilestoneKind, (place: string | null) => string> = {
  departed: (place) => `Departed ${place ?? 'the port of loading'}`,
  arrived: (place) => `Arrived at ${place ?? 'the port of discharge'}`,
  discharged: (place) => `Discharged at ${place ?? 'the port of discharge'}`,
  delivered: () => 'Delivered',
};

export const en: Wording = {
  subject: (kind, n, noun) => `${n}${nouns(n, noun)} ${SUBJECT[kind]}`,
  subjectTail: (customer, week) => `: ${customer}${week === null ? '' : `, week ${week}`}`,
  greeting: 'Hello,',
  intro: (customer, since) => `here is the news on your shipments (${customer}) ${since === null ? 'as of today' : `since our update of ${since}`}.`,
  datesNote: 'Dates are local time at the port, as the carrier gives them.',
  closing: 'Kind regards',
  attachmentNote: (n) => `Attached: your ${n} open ${s(n, 'shipment', 'shipments')} as an Excel file.`,
  attachmentName: (customer, day) => `${customer} open shipments ${day}`,
  headers: { reference: 'Your reference', equipment: 'Container / B/L', vessel: 'Vessel', eta: 'ETA', news: 'News' },
  missing: { reference: 'no reference given', vessel: 'vessel not given', eta: 'no ETA from the carrier' },
  moreContainers: (n) => `+${n} more`,
  billOfLading: 'B/L',
  etaNews: (kind, d) => (kind === 'delayed' ? `Delayed ${days(d)}` : kind === 'earlier' ? `Due ${days(d)} earlier` : kind === 'eta_lost' ? 'ETA withdrawn by the carrier' : 'New ETA from the carrier'),
  againstFirst: (d, first) => (d === 0 ? 'as first announced' : `${days(d)} ${d > 0 ? 'later' : 'earlier'} than the first ETA of ${first}`),
  etaLost: (was) => `previously ${was}`,
  milestone: (kind, code, place) => (kind === 'delivered' && code.toUpperCase() === 'CGO' ? `Picked up at ${place ?? 'the port of discharge'}` : MILESTONE[kind](place)),
  on: (date) => (date === null ? ' (date not given)' : ` on ${date}`),
  partly: (n, total) => `(${n} of ${total} containers)`,
  freeTime: (d, last) =>
    d > 0 ? `${d} free ${s(d, 'day', 'days')} left (last free day ${last})` : d === 0 ? `Last free day today (${last})` : `Free time ended ${days(d)} ago (last free day ${last})`,
  noData: (d) => `No data from the carrier yet, ${days(d)} after tracking started`,
};
