/**
 * Carrier and lane habits: how far each carrier's ETA is from the ship's real arrival,
 * by a distribution the tests know. The carrier's ETA misses by the voyage's lateness until the
 * last few days, when the carrier "admits" it and the ETA closes in on the truth; a rolled voyage
 * (cargo left for the next vessel) shows the earlier vessel's ETA until the roll. Used by the deep
 * past (past-voyages.ts) and, when a simulator is started with `habits: true`, by the live data.
 *
 * Lateness of a voyage, in days (positive: the ship arrives after the ETA given ahead):
 *   the carrier's mean (+ its extra at a port) + the season's congestion at the port of discharge
 *   + spread × a standard normal draw.
 */
import type { Port } from './places.js';
import type { Rng } from './random.js';

export interface CarrierHabit {
  /** Mean days late against the ETA given two weeks or more ahead. */
  lateDays: number;
  /** Standard deviation of the lateness, days. */
  spreadDays: number;
  /** Within this many days of arrival the carrier's ETA closes in on the real arrival. */
  admitsWithinDays: number;
  /** Chance a voyage is rolled to a later vessel. */
  rollOver: number;
  /** Extra mean days late at a port of discharge (UN/LOCODE), and a higher roll-over chance at a port of loading. */
  lateAtPod?: Record<string, number>;
  rollOverAtPol?: Record<string, number>;
}

const DEFAULT_HABIT: CarrierHabit = { lateDays: 0.5, spreadDays: 1, admitsWithinDays: 3, rollOver: 0.05 };

/** The habits by SCAC. MSC and COSCO are the habitually late ones the back-test checks. */
const CARRIER_HABITS: Readonly<Record<string, CarrierHabit>> = {
  MSCU: { lateDays: 2, spreadDays: 1, admitsWithinDays: 2, rollOver: 0.05 },
  COSU: { lateDays: 3, spreadDays: 1.2, admitsWithinDays: 2, rollOver: 0.05 },
  CMDU: { lateDays: 1, spreadDays: 1.2, admitsWithinDays: 3, rollOver: 0.08 },
  // Usually on time, but to Felixstowe usually two days late.
  MAEU: { lateDays: 0.3, spreadDays: 0.7, admitsWithinDays: 3, rollOver: 0.04, lateAtPod: { GBFXT: 2 } },
  HLCU: { lateDays: 0, spreadDays: 0.6, admitsWithinDays: 4, rollOver: 0.03 },
  // Rolls cargo, above all at Tanjung Pelepas.
  ONEY: { lateDays: 0.5, spreadDays: 1, admitsWithinDays: 3, rollOver: 0.12, rollOverAtPol: { MYTPP: 0.45 } },
  EGLV: { lateDays: -0.5, spreadDays: 0.8, admitsWithinDays: 3, rollOver: 0.05 },
  // Erratic: late on average, widely spread.
  ZIMU: { lateDays: 1, spreadDays: 2.5, admitsWithinDays: 3, rollOver: 0.08 },
};

export function habitOf(scac: string): CarrierHabit {
  return CARRIER_HABITS[scac] ?? DEFAULT_HABIT;
}

/**
 * Seasonal congestion at the port of discharge: North European ports in winter (December to
 * February), the North American west coast in the peak season (August to October). Days late on
 * average for an arrival in `month` (1..12); the carrier's ETA given ahead does not know it.
 */
export function congestionDays(pod: Port, month: number): number {
  if (pod.region === 'NEU' && (month === 12 || month <= 2)) return 1.5;
  if (pod.region === 'NAW' && month >= 8 && month <= 10) return 2;
  return 0;
}

/** A standard normal draw (Box-Muller) from the simulator's seeded stream. */
export function normal(rng: Rng): number {
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export interface VoyageHabit {
  /** This voyage's lateness in days (the draw, congestion included). */
  lateDays: number;
  /** Days the roll-over cost, 0 if not rolled. */
  rolledDays: number;
  admitsWithinDays: number;
}

/** Draws one voyage's lateness and roll-over. `arrivalMonth` 1..12 at the port of discharge. */
export function drawVoyageHabit(rng: Rng, scac: string, pol: Port, pod: Port, arrivalMonth: number): VoyageHabit {
  const habit = habitOf(scac);
  const mean = habit.lateDays + (habit.lateAtPod?.[pod.code] ?? 0) + congestionDays(pod, arrivalMonth);
  const rollChance = habit.rollOverAtPol?.[pol.code] ?? habit.rollOver;
  const rolled = rng.chance(rollChance);
  return {
    lateDays: mean + habit.spreadDays * normal(rng),
    rolledDays: rolled ? rng.range(5, 9) : 0,
    admitsWithinDays: habit.admitsWithinDays,
  };
}

/**
 * Days the carrier's ETA falls short of the real arrival when `leadDays` remain until it: the full
 * lateness far ahead, closing to none on the day (and the roll's days while the voyage still shows
 * the earlier vessel).
 */
export function etaShortfallDays(habit: VoyageHabit, leadDays: number, beforeRoll: boolean): number {
  const admitted = Math.min(1, Math.max(0, leadDays / habit.admitsWithinDays));
  return habit.lateDays * admitted + (beforeRoll ? habit.rolledDays : 0);
}

/** The port's offset from UTC in whole hours, from its longitude (the simulator has no zone database). */
export function utcOffsetHours(port: Pick<Port, 'lng'>): number {
  return Math.round(port.lng / 15);
}
