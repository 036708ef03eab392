import { APP_ERROR_CODE, type SaysWhatToDo } from '../../platform/says-what-to-do.js';
import { checkContainerNumber } from '../../../shared/iso6346.js';
import type { TrackingType } from '../../../shared/domain.js';
import type { Carrier } from '../../platform/api/types.js';
import { buildCarrierDirectory, chooseCarrier, normaliseReference, resolveCarrierText } from '../imports/index.js';

/** What a single lookup will send, decided before anything is sent. */
export interface LookupPlan {
  value: string;
  type: TrackingType;
  company: string;
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
  if (!type) {
    if (check.valid) type = 'container';
    else if (check.suggestion) throw new LookupError(`${value} looks like a container number but ${check.reason}; did you mean ${check.suggestion}?`);
    else throw new LookupError(`Cannot tell whether ${value} is a B/L or a booking; pass --type bl or --type bk (and --carrier SCAC).`);
  }
  if (type === 'container' && !check.valid) {
    throw new LookupError(`${value} is not a valid container number: ${check.reason}${check.suggestion ? `; did you mean ${check.suggestion}?` : '.'}`);
  }
  const carrierText = options.carrier?.trim() ?? '';
  if (type !== 'container' && carrierText.toUpperCase() === 'AUTO') {
    throw new LookupError(`AUTO works for containers only; ${type === 'bl' ? 'a B/L' : 'a booking'} needs the carrier's SCAC, pass --carrier SCAC.`);
  }
  const directory = buildCarrierDirectory(carriers);
  if (carrierText.toUpperCase() === 'AUTO') return { value, type, company: 'AUTO' };
  // A SCAC the cached directory does not know yet is passed through as given.
  if (carrierText && !resolveCarrierText(directory, carrierText) && /^[A-Za-z]{2,4}$/.test(carrierText)) {
    return { value, type, company: carrierText.toUpperCase() };
  }
  const choice = chooseCarrier(directory, type, value, carrierText, null);
  if (!choice.ok) throw new LookupError(`${value}: ${choice.reason}; pass --carrier SCAC (see "quayside carriers").`);
  return { value, type, company: choice.scac };
}
