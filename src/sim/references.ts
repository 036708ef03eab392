/**
 * References (container, B/L and booking numbers): generating plausible ones, and
 * deciding which carrier answers for a request and whether anything is found.
 */
import type { TrackingType } from '../shared/domain.js';
import { checkContainerNumber, containerCheckDigit } from '../shared/iso6346.js';
import {
  CARRIERS,
  CARRIER_WEIGHTS,
  LEASING_PREFIXES,
  carrierByPrefix,
  carrierByScac,
  fillPattern,
  type CarrierInfo,
} from './carriers.js';
import { Rng, hashParts } from './random.js';

/** A valid ISO 6346 container number with the given owner prefix (4 letters ending in U). */
function makeContainerNumber(prefix: string, rng: Rng): string {
  const first10 = prefix + rng.digits(6);
  return first10 + String(containerCheckDigit(first10));
}

/** A container number of the carrier, now and then one of a leasing company. */
export function carrierContainerNumber(carrier: CarrierInfo, rng: Rng): string {
  const prefix = rng.chance(0.2) ? rng.pick(LEASING_PREFIXES) : rng.pick(carrier.prefixes);
  return makeContainerNumber(prefix, rng);
}

export function makeReference(type: TrackingType, carrier: CarrierInfo, rng: Rng): string {
  if (type === 'container') return carrierContainerNumber(carrier, rng);
  return fillPattern(type === 'bl' ? carrier.blPattern : carrier.bkPattern, rng);
}

export function pickCarrier(rng: Rng): CarrierInfo {
  return rng.weighted(CARRIERS, CARRIER_WEIGHTS);
}

export function normaliseReference(value: string): string {
  return value.trim().toUpperCase();
}

/** The key that identifies a tracked reference within an account. */
export function referenceKey(type: string, value: string): string {
  return `${type}:${normaliseReference(value)}`;
}

/**
 * The carrier answering a request: the named one, or for AUTO the owner of the container
 * prefix, or (leasing containers) one chosen from the reference.
 */
export function resolveCarrier(seed: number, company: string, value: string): CarrierInfo | undefined {
  if (company.toUpperCase() !== 'AUTO') return carrierByScac(company);
  const owner = carrierByPrefix(value);
  if (owner) return owner;
  return pickCarrier(new Rng(hashParts(seed, 'auto-carrier', normaliseReference(value))));
}

/** About 7% of references by hash, bad container check digits, and anything with NOTFOUND. */
export function isNotFound(seed: number, type: string, value: string): boolean {
  const ref = normaliseReference(value);
  if (ref.includes('NOTFOUND')) return true;
  if (type === 'container' && !checkContainerNumber(ref).valid) return true;
  return hashParts(seed, 'not-found', type, ref) % 1000 < 70;
}
