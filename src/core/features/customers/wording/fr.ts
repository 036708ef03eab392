import type { MilestoneKind } from '../news.js';
import { pick } from '../../../../shared/plural.js';
import type { Noun, SubjectKind, Wording } from './types.js';

/** Singular or plural by the language's rule (Intl.PluralRules), never by n === 1. */
const s = (n: number, one: string, many: string) => pick(n, 'fr', one, many);
const jours = (n: number) => `${Math.abs(n)} ${s(Math.abs(n), 'jour', 'jours')}`;
const nouns = (n: number, noun: Noun | null) => (noun === null ? '' : ` ${noun === 'container' ? s(n, 'conteneur', 'conteneurs') : s(n, 'envoi', 'envois')}`);

/** Both nouns are masculine: the participle agrees in number only. */
const SUBJECT: Record<SubjectKind, (n: number) => string> = {
  free_time: () => 'en fin de franchise',
  delayed: (n) => s(n, 'retardé', 'retardés'),
  no_data: () => 'sans données du transporteur',
  eta_lost: () => 'sans ETA',
  arrived: (n) => s(n, 'arrivé', 'arrivés'),
  discharged: (n) => s(n, 'déchargé', 'déchargés'),
  delivered: (n) => s(n, 'livré', 'livrés'),
  picked_up: (n) => s(n, 'enlevé', 'enlevés'),
  departed: (n) => s(n, 'parti', 'partis'),
  earlier: (n) => s(n, 'avancé', 'avancés'),
  eta_new: () => 'avec une nouvelle ETA',
};

const MILESTONE: Record<MilestoneKind, (place: string | null) => string> = {
  departed: (place) => `Parti ${place === null ? 'du port de chargement' : `de ${place}`}`,
  arrived: (place) => `Arrivé ${place === null ? 'au port de déchargement' : `à ${place}`}`,
  discharged: (place) => `Déchargé ${place === null ? 'au port de déchargement' : `à ${place}`}`,
  delivered: () => 'Livré',
};

export const fr: Wording = {
  subject: (kind, n, noun) => `${n}${nouns(n, noun)} ${SUBJECT[kind](n)}`,
  subjectTail: (customer, week) => ` : ${customer}${week === null ? '' : `, semaine ${week}`}`,
  greeting: 'Bonjour,',
  intro: (customer, since) => `voici ${since === null ? "l'état de vos envois" : 'les nouvelles de vos envois'} (${customer})${since === null ? " à ce jour" : ` depuis notre message du ${since}`}.`,
  datesNote: 'Les dates sont en heure locale du port, telles que données par le transporteur.',
  closing: 'Cordialement',
  attachmentNote: (n) => s(n, 'En pièce jointe : votre envoi en cours, au format Excel.', `En pièce jointe : vos ${n} envois en cours, au format Excel.`),
  attachmentName: (customer, day) => `${customer} envois en cours ${day}`,
  headers: { reference: 'Votre référence', equipment: 'Conteneur / B/L', vessel: 'Navire', eta: 'ETA', news: 'Nouvelles' },
  missing: { reference: 'aucune référence', vessel: 'navire non communiqué', eta: "pas d'ETA du transporteur" },
  moreContainers: (n) => `+${n} ${s(n, 'autre', 'autres')}`,
  billOfLading: 'B/L',
  etaNews: (kind, d) => (kind === 'delayed' ? `Retardé de ${jours(d)}` : kind === 'earlier' ? `Avancé de ${jours(d)}` : kind === 'eta_lost' ? 'ETA retirée par le transporteur' : 'Nouvelle ETA du transporteur'),
  againstFirst: (d, first) => (d === 0 ? 'conforme à la première ETA' : `${jours(d)} ${d > 0 ? 'de retard' : "d'avance"} sur la première ETA du ${first}`),
  etaLost: (was) => `auparavant ${was}`,
  milestone: (kind, code, place) => (kind === 'delivered' && code.toUpperCase() === 'CGO' ? `Enlevé ${place === null ? 'au port de déchargement' : `à ${place}`}` : MILESTONE[kind](place)),
  on: (date) => (date === null ? ' (date non communiquée)' : ` le ${date}`),
  partly: (n, total) => `(${n} ${s(n, 'conteneur', 'conteneurs')} sur ${total})`,
  freeTime: (d, last) =>
    d > 0
      ? `Encore ${jours(d)} de franchise (dernier jour franc le ${last})`
      : d === 0
        ? `Dernier jour franc aujourd'hui (${last})`
        : `Franchise dépassée depuis ${jours(d)} (dernier jour franc le ${last})`,
  noData: (d) => `Pas encore de données du transporteur, ${jours(d)} après le début du suivi`,
};
