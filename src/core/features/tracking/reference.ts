import { APP_ERROR_CODE, type SaysWhatToDo } from '../../platform/says-what-to-do.js';
import { checkContainerNumber } from '../../../shared/iso6346.js';
import type { TrackingType } from '../../../shared/domain.js';
import type { Carrier } from '../../platform/api/types.js';
import { buildCarrierDirectory, carrierFromBlPrefix, chooseCarrier, normaliseReference, resolveCarrierText } from '../imports/index.js';
import { guessType } from './reading.js';

/** What a single lookup will send, decided before anything is sent. */
export interface LookupPlan {
  value: string;
  type: TrackingType;
  company: string;
  /** Where the carrier came from: the person, a B/L's prefix, a container's owner code, or none (AUTO). */
  carrierFrom: 'given' | 'bl-prefix' | 'owner-code' | 'auto';
}

export class LookupError extends Error implements SaysWhatToDo {
  readonly [APP_ERROR_CODE] = 'invalid-input' as const;

  constructor(message: string) {
    super(message);
    this.name = 'LookupError';
  }
}

/**
 * Infers type and carrier for one typed-in reference, with the import's rules: a valid
 * ISO 6346 number is a container; a B/L or booking needs a carrier (the flag, or a known SCAC
 * prefix); AUTO is refused for them before anything is sent.
 */
export function planLookup(raw: string, options: { type?: TrackingType; carrier?: string }, carriers: readonly Carrier[]): LookupPlan {
  const value = normaliseReference(raw.trim());
  if (!value) throw new LookupError('The reference is empty; give a container, B/L or booking number.');
  let type = options.type;
  const check = checkContainerNumber(value);
  const directory = buildCarrierDirectory(carriers);
  if (!type) {
    if (check.valid) type = 'container';
    else if (check.suggestion) throw new LookupError(`${value} looks like a container number but ${check.reason}; did you mean ${check.suggestion}?`);
    else throw new LookupError(notContainerWords(value, guessType(value, directory)?.type ?? 'bl', directory));
  }
  if (type === 'container' && !check.valid) {
    throw new LookupError(`${value} is not a valid container number: ${check.reason}${check.suggestion ? `; did you mean ${check.suggestion}?` : '.'}`);
  }
  const carrierText = options.carrier?.trim() ?? '';
  if (type !== 'container' && carrierText.toUpperCase() === 'AUTO') {
    throw new LookupError(`AUTO works for containers only; ${type === 'bl' ? 'a B/L' : 'a booking'} needs the carrier's SCAC, pass --carrier SCAC.`);
  }
  if (carrierText.toUpperCase() === 'AUTO') return { value, type, company: 'AUTO', carrierFrom: 'given' };
  // A SCAC the cached directory does not know yet is passed through as given.
  if (carrierText && !resolveCarrierText(directory, carrierText) && /^[A-Za-z]{2,4}$/.test(carrierText)) {
    return { value, type, company: carrierText.toUpperCase(), carrierFrom: 'given' };
  }
  const choice = chooseCarrier(directory, type, value, carrierText, null);
  if (!choice.ok) throw new LookupError(`${value}: ${choice.reason}; pass --carrier SCAC (see "quayside carriers").`);
  const carrierFrom = choice.source === 'bl-prefix' ? 'bl-prefix' : choice.source === 'owner-prefix' ? 'owner-code' : choice.source === 'auto' ? 'auto' : 'given';
  return { value, type, company: choice.scac, carrierFrom };
}

/** A reference that is no container, for a terminal: what it looks like, and the flags that say what it is. */
function notContainerWords(value: string, looksLike: TrackingType, directory: ReturnType<typeof buildCarrierDirectory>): string {
  const carrier = carrierFromBlPrefix(directory, value);
  if (looksLike === 'bl' && carrier) {
    return `${value} is not a container number; it looks like a B/L of ${carrier.name} (${carrier.scac}, from its first four letters): pass --type bl (or --type bk for a booking).`;
  }
  const what = looksLike === 'bk' ? 'a booking' : 'a B/L';
  return `${value} is not a container number; it looks like ${what}: pass --type ${looksLike === 'bk' ? 'bk' : 'bl'} (or --type ${looksLike === 'bk' ? 'bl' : 'bk'}) and --carrier SCAC.`;
}
