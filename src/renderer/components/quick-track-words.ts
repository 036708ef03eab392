/** What Quick track says about its guesses: each guess is said as one, and where it came from. */
import type { QuickTrackCheck } from '../../shared/contract';

type Plan = Extract<QuickTrackCheck, { ok: true }>['plan'];

/** "Guessed: …" beside the type, or null when the person chose it (or the check digit proves a container). */
export function typeGuessWords(from: Plan['typeFrom'] | null | undefined): string | null {
  switch (from) {
    case 'prefix':
      return 'Guessed: its first letters name a carrier, as a B/L number does';
    case 'digits':
      return 'Guessed: digits only, as most booking numbers are';
    case 'check-digit':
      return 'A container number: its check digit is right';
    default:
      return null;
  }
}

/** Where the carrier came from, or null when the person chose it. */
export function carrierGuessWords(from: Plan['carrierFrom']): string | null {
  switch (from) {
    case 'bl-prefix':
      return "Guessed from the B/L's first four letters";
    case 'owner-code':
      return "Guessed from the container's owner code";
    case 'auto':
      return 'The service finds the carrier of a container';
    default:
      return null;
  }
}
