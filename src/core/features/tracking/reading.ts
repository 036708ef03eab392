/**
 * What a typed reference reads as before anything is sent: its type (a valid ISO 6346 number is a
 * container; four letters a carrier's B/L starts with, a B/L; digits alone, a booking) and its
 * carrier (the one the person chose; else the one a B/L's prefix or a container's owner code names
 * in the carrier directory). Each guess is said as one, and every guess can be changed. The service
 * takes AUTO for containers only, so a B/L or a booking without a carrier cannot be tracked yet.
 */
import { checkContainerNumber } from '../../../shared/iso6346.js';
import type { TrackingType } from '../../../shared/domain.js';
import type { Carrier } from '../../platform/api/types.js';
import { type CarrierDirectory, carrierFromBlPrefix, carrierFromContainerOwner, normaliseReference, resolveCarrierText } from '../imports/index.js';

export type TypeFrom = 'given' | 'check-digit' | 'prefix' | 'digits';
type CarrierFrom = 'given' | 'bl-prefix' | 'owner-code' | 'auto';

export interface ReferenceReading {
  value: string;
  /** Null when nothing can be read from it (an empty box). */
  type: TrackingType | null;
  typeFrom: TypeFrom | null;
  /** SCAC or AUTO; null while a carrier is needed and none is known. */
  carrier: string | null;
  carrierName: string | null;
  carrierFrom: CarrierFrom | null;
  /** What stops tracking, in words; null when it can be tracked. */
  problem: string | null;
  /** What is missing: the carrier (a B/L or booking without one), the number itself. */
  needs: 'carrier' | 'number' | null;
  /** A corrected container number (a wrong check digit). */
  suggestion: string | null;
}

const TYPE_WORDS: Record<TrackingType, string> = { container: 'containers', bl: 'bills of lading', bk: 'bookings' };

function tracks(carrier: Carrier, type: TrackingType): boolean {
  return type === 'container' ? carrier.cn : type === 'bl' ? carrier.bl : carrier.bk;
}

/** The type a reference looks like, or null when it looks like a container with a wrong check digit. */
export function guessType(value: string, directory: CarrierDirectory): { type: TrackingType; from: Exclude<TypeFrom, 'given'> } | null {
  const check = checkContainerNumber(value);
  if (check.valid) return { type: 'container', from: 'check-digit' };
  if (check.suggestion) return null;
  if (/^[A-Z]{4}/.test(value) && carrierFromBlPrefix(directory, value)) return { type: 'bl', from: 'prefix' };
  if (/^\d+$/.test(value)) return { type: 'bk', from: 'digits' };
  return { type: 'bl', from: 'prefix' };
}

export function readReference(raw: string, chosen: { type?: TrackingType; carrier?: string }, directory: CarrierDirectory): ReferenceReading {
  const value = normaliseReference(raw.trim());
  const none = { type: null, typeFrom: null, carrier: null, carrierName: null, carrierFrom: null, suggestion: null } as const;
  if (!value) return { value, ...none, problem: 'Type a container, B/L or booking number.', needs: 'number' };
  const check = checkContainerNumber(value);
  const guessed = chosen.type ? null : guessType(value, directory);
  if (!chosen.type && !guessed && !check.valid) {
    return { value, ...none, problem: `${value} looks like a container number but its ${check.reason}; did you mean ${check.suggestion}?`, needs: 'number', suggestion: check.suggestion ?? null };
  }
  const type = chosen.type ?? guessed!.type;
  const typeFrom: TypeFrom = chosen.type ? 'given' : guessed!.from;
  const base = { value, type, typeFrom, suggestion: null };
  if (type === 'container' && !check.valid) {
    return { ...base, carrier: null, carrierName: null, carrierFrom: null, problem: `${value} is not a container number: ${check.reason}.`, needs: 'number', suggestion: check.suggestion ?? null };
  }

  const text = chosen.carrier?.trim() ?? '';
  if (text.toUpperCase() === 'AUTO' || (text === '' && type === 'container')) {
    if (type !== 'container') return { ...base, carrier: null, carrierName: null, carrierFrom: null, problem: `Choose the carrier: the service finds the carrier itself (AUTO) for containers only, not for ${TYPE_WORDS[type]}.`, needs: 'carrier' };
    const owner = text === '' ? carrierFromContainerOwner(directory, value) : null;
    if (owner && owner.cn) return { ...base, carrier: owner.scac, carrierName: owner.name, carrierFrom: 'owner-code', problem: null, needs: null };
    return { ...base, carrier: 'AUTO', carrierName: null, carrierFrom: text === '' ? 'auto' : 'given', problem: null, needs: null };
  }
  if (text !== '') {
    const carrier = resolveCarrierText(directory, text);
    // A SCAC the directory does not know yet is sent as given.
    if (!carrier) {
      if (/^[A-Za-z]{2,4}$/.test(text)) return { ...base, carrier: text.toUpperCase(), carrierName: null, carrierFrom: 'given', problem: null, needs: null };
      return { ...base, carrier: null, carrierName: null, carrierFrom: null, problem: `"${text}" is not in the carrier directory; choose a carrier from the list.`, needs: 'carrier' };
    }
    if (!tracks(carrier, type)) {
      return { ...base, carrier: carrier.scac, carrierName: carrier.name, carrierFrom: 'given', problem: `${carrier.name} does not track ${TYPE_WORDS[type]} at the service; choose another carrier or type.`, needs: 'carrier' };
    }
    return { ...base, carrier: carrier.scac, carrierName: carrier.name, carrierFrom: 'given', problem: null, needs: null };
  }
  const byPrefix = type === 'bl' ? carrierFromBlPrefix(directory, value) : null;
  if (byPrefix && tracks(byPrefix, 'bl')) return { ...base, carrier: byPrefix.scac, carrierName: byPrefix.name, carrierFrom: 'bl-prefix', problem: null, needs: null };
  return { ...base, carrier: null, carrierName: null, carrierFrom: null, problem: `Choose the carrier of this ${type === 'bl' ? 'B/L' : 'booking'}: the service needs it (AUTO works for containers only).`, needs: 'carrier' };
}
