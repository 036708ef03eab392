import type { MilestoneKind } from '../news.js';
import { pick } from '../../../../shared/plural.js';
import type { Noun, SubjectKind, Wording } from './types.js';

/** Singular or plural by the language's rule (Intl.PluralRules), never by n === 1. */
const s = (n: number, one: string, many: string) => pick(n, 'es', one, many);
const dias = (n: number) => `${Math.abs(n)} ${s(Math.abs(n), 'día', 'días')}`;
const nouns = (n: number, noun: Noun | null) => (noun === null ? '' : ` ${noun === 'container' ? s(n, 'contenedor', 'contenedores') : s(n, 'envío', 'envíos')}`);

/** Both nouns are masculine: the participle agrees in number only. */
const SUBJECT: Record<SubjectKind, (n: number) => string> = {
  free_time: () => 'con días libres por vencer',
  delayed: (n) => s(n, 'retrasado', 'retrasados'),
  no_data: () => 'sin datos de la naviera',
  eta_lost: () => 'sin ETA',
  arrived: (n) => s(n, 'llegado', 'llegados'),
  discharged: (n) => s(n, 'descargado', 'descargados'),
  delivered: (n) => s(n, 'entregado', 'entregados'),
  picked_up: (n) => s(n, 'retirado', 'retirados'),
  departed: (n) => s(n, 'zarpado', 'zarpados'),
  earlier: (n) => s(n, 'adelantado', 'adelantados'),
  eta_new: () => 'con nueva ETA',
};

const MILESTONE: Record<MilestoneKind, (place: string | null) => string> = {
  departed: (place) => `Zarpó ${place === null ? 'del puerto de carga' : `de ${place}`}`,
  arrived: (place) => `Llegó ${place === null ? 'al puerto de descarga' : `a ${place}`}`,
  discharged: (place) => `Descargado en ${place ?? 'el puerto de descarga'}`,
  delivered: () => 'Entregado',
};

export const es: Wording = {
  subject: (kind, n, noun) => `${n}${nouns(n, noun)} ${SUBJECT[kind](n)}`,
  subjectTail: (customer, week) => `: ${customer}${week === null ? '' : `, semana ${week}`}`,
  greeting: 'Buenos días:',
  intro: (customer, since) => `le enviamos ${since === null ? 'el estado de sus envíos' : 'las novedades de sus envíos'} (${customer})${since === null ? ' a día de hoy' : ` desde nuestra actualización del ${since}`}.`,
  datesNote: 'Las fechas están en hora local del puerto, tal como las da la naviera.',
  closing: 'Saludos cordiales',
  attachmentNote: (n) => s(n, 'Adjunto: su envío abierto en un archivo Excel.', `Adjunto: sus ${n} envíos abiertos en un archivo Excel.`),
  attachmentName: (customer, day) => `${customer} envíos abiertos ${day}`,
  headers: { reference: 'Su referencia', equipment: 'Contenedor / B/L', vessel: 'Buque', eta: 'ETA', news: 'Novedades' },
  missing: { reference: 'sin referencia', vessel: 'buque no indicado', eta: 'sin ETA de la naviera' },
  moreContainers: (n) => `+${n} más`,
  billOfLading: 'B/L',
  etaNews: (kind, d) => (kind === 'delayed' ? `Retrasado ${dias(d)}` : kind === 'earlier' ? `Adelantado ${dias(d)}` : kind === 'eta_lost' ? 'ETA retirada por la naviera' : 'Nueva ETA de la naviera'),
  againstFirst: (d, first) => (d === 0 ? 'según la primera ETA' : `${dias(d)} de ${d > 0 ? 'retraso' : 'adelanto'} respecto a la primera ETA del ${first}`),
  etaLost: (was) => `antes: ${was}`,
  milestone: (kind, code, place) => (kind === 'delivered' && code.toUpperCase() === 'CGO' ? `Retirado de ${place ?? 'el puerto de descarga'}` : MILESTONE[kind](place)),
  on: (date) => (date === null ? ' (fecha no indicada)' : ` el ${date}`),
  partly: (n, total) => `(${n} de ${total} contenedores)`,
  freeTime: (d, last) =>
    d > 0
      ? `${s(d, 'Queda', 'Quedan')} ${dias(d)} ${s(d, 'libre', 'libres')} (último día libre: ${last})`
      : d === 0
        ? `Hoy es el último día libre (${last})`
        : `Días libres vencidos hace ${dias(d)} (último día libre: ${last})`,
  noData: (d) => `Aún sin datos de la naviera, ${dias(d)} después de iniciar el seguimiento`,
};
