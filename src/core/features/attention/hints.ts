/**
 * Why the carrier may have no data: the hints the import gives, for one reference — a container
 * number's ISO 6346 check digit, and a carrier other than the one asked that owns the box (owner
 * code) or issued the B/L (prefix). Owner codes are a hint only: boxes are leased and shared.
 */
import type { Carrier } from '../../platform/api/types.js';
import { buildCarrierDirectory, carrierFromBlPrefix, carrierFromContainerOwner } from '../imports/index.js';
import { checkContainerNumber } from '../../../shared/iso6346.js';

export interface HintSubject {
  reference: string;
  type: string;
  carrierScac: string | null;
}

export function notFoundHints(subject: HintSubject, carriers: readonly Carrier[]): string[] {
  const reference = subject.reference.replace(/\s+/g, '').toUpperCase();
  const hints: string[] = [];
  const directory = buildCarrierDirectory(carriers);
  const asked = subject.carrierScac?.toUpperCase() ?? null;
  const differs = (owner: Carrier | null): owner is Carrier => owner !== null && asked !== null && asked !== 'AUTO' && owner.scac !== asked;
  if (subject.type === 'container') {
    const check = checkContainerNumber(reference);
    if (!check.valid) {
      hints.push(check.suggestion ? `ISO 6346 gives check digit ${check.suggestion.slice(-1)} (did you mean ${check.suggestion}?)` : `it is not a container number: ${check.reason}`);
    }
    const owner = carrierFromContainerOwner(directory, reference);
    if (differs(owner)) hints.push(`the owner code ${reference.slice(0, 4)} is ${owner.name}'s (${owner.scac}), but it was tracked with ${asked}`);
  } else {
    const issuer = carrierFromBlPrefix(directory, reference);
    if (differs(issuer)) hints.push(`the prefix ${reference.slice(0, 4)} is ${issuer.name}'s (${issuer.scac}), but it was tracked with ${asked}`);
  }
  return hints;
}
