import type { MilestoneKind } from '../news.js';
import { pick } from '../../../../shared/plural.js';
import type { Noun, SubjectKind, Wording } from './types.js';

/** Singular or plural by the language's rule (Intl.PluralRules), never by n === 1. */
const s = (n: number, one: string, many: string) => pick(n, 'de', one, many);
const tage = (n: number) => `${Math.abs(n)} ${s(Math.abs(n), 'Tag', 'Tage')}`;
const nouns = (n: number, noun: Noun | null) => (noun === null ? '' : ` ${noun === 'container' ? 'Container' : s(n, 'Sendung', 'Sendungen')}`);

const SUBJECT: Record<SubjectKind, string> = {
  free_time: 'mit ablaufenden freien Tagen',
  delayed: 'verspätet',
  no_data: 'ohne Daten der Reederei',
  eta_lost: 'ohne ETA',
  arrived: 'angekommen',
  discharged: 'entladen',
  delivered: 'zugestellt',
  picked_up: 'abgeholt',
  departed: 'abgefahren',
  earlier: 'früher erwartet',
  eta_new: 'mit neuer ETA',
};

const MILESTONE: Record<MilestoneKind, (place: string | null) => string> = {
  departed: (place) => `Abgefahren ${place === null ? 'vom Ladehafen' : `ab ${place}`}`,
  arrived: (place) => `Angekommen ${place === null ? 'im Löschhafen' : `in ${place}`}`,
  discharged: (place) => `Entladen ${place === null ? 'im Löschhafen' : `in ${place}`}`,
  delivered: () => 'Zugestellt',
};

export const de: Wording = {
  subject: (kind, n, noun) => `${n}${nouns(n, noun)} ${SUBJECT[kind]}`,
  subjectTail: (customer, week) => `: ${customer}${week === null ? '' : `, KW ${week}`}`,
  greeting: 'Guten Tag,',
  intro: (customer, since) => `hier ${since === null ? 'der aktuelle Stand Ihrer Sendungen' : 'die Neuigkeiten zu Ihren Sendungen'} (${customer})${since === null ? '' : ` seit unserer Nachricht vom ${since}`}.`,
  datesNote: 'Alle Zeiten sind Ortszeit im Hafen, wie von der Reederei gemeldet.',
  closing: 'Mit freundlichen Grüßen',
  attachmentNote: (n) => s(n, 'Im Anhang: Ihre offene Sendung als Excel-Datei.', `Im Anhang: Ihre ${n} offenen Sendungen als Excel-Datei.`),
  attachmentName: (customer, day) => `${customer} offene Sendungen ${day}`,
  headers: { reference: 'Ihre Referenz', equipment: 'Container / B/L', vessel: 'Schiff', eta: 'ETA', news: 'Neuigkeiten' },
  missing: { reference: 'keine Referenz angegeben', vessel: 'Schiff nicht gemeldet', eta: 'keine ETA von der Reederei' },
  moreContainers: (n) => `+${n} weitere`,
  billOfLading: 'B/L',
  etaNews: (kind, d) => (kind === 'delayed' ? `${tage(d)} verspätet` : kind === 'earlier' ? `${tage(d)} früher erwartet` : kind === 'eta_lost' ? 'ETA von der Reederei zurückgezogen' : 'Neue ETA der Reederei'),
  againstFirst: (d, first) => (d === 0 ? 'wie zuerst angekündigt' : `${tage(d)} ${d > 0 ? 'später' : 'früher'} als die erste ETA vom ${first}`),
  etaLost: (was) => `bisher ${was}`,
  milestone: (kind, code, place) => (kind === 'delivered' && code.toUpperCase() === 'CGO' ? `Abgeholt ${place === null ? 'im Löschhafen' : `in ${place}`}` : MILESTONE[kind](place)),
  on: (date) => (date === null ? ' (Datum nicht gemeldet)' : ` am ${date}`),
  partly: (n, total) => `(${n} von ${total} Containern)`,
  freeTime: (d, last) =>
    d > 0
      ? `Noch ${d} ${s(d, 'freier Tag', 'freie Tage')} (letzter freier Tag ${last})`
      : d === 0
        ? `Heute ist der letzte freie Tag (${last})`
        : `Freie Tage seit ${tage(d)} abgelaufen (letzter freier Tag ${last})`,
  noData: (d) => `Noch keine Daten von der Reederei, ${tage(d)} nach Beginn der Verfolgung`,
};
