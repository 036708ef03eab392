/**
 * ISO 6346 container numbers: 3-letter owner code, category letter (U, J or Z),
 * 6-digit serial, 1 check digit. Letters map to 10..38 skipping multiples of 11.
 */
const LETTER_VALUES: Record<string, number> = (() => {
  const values: Record<string, number> = {};
  let v = 10;
  for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (v % 11 === 0) v++;
    values[ch] = v++;
  }
  return values;
})();

const SHAPE = /^[A-Z]{3}[UJZ]\d{7}$/;

/** The check digit for the first 10 characters (owner, category, serial). */
export function containerCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10[i]!;
    const value = ch >= '0' && ch <= '9' ? Number(ch) : LETTER_VALUES[ch];
    if (value === undefined) return NaN;
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

export type ContainerCheck =
  | { valid: true }
  | { valid: false; reason: string; suggestion?: string };

/** Validates an already normalised (upper-case, no separators) container number. */
export function checkContainerNumber(value: string): ContainerCheck {
  if (value.length !== 11) {
    return { valid: false, reason: `a container number has 11 characters, this one has ${value.length}` };
  }
  if (!SHAPE.test(value)) {
    return {
      valid: false,
      reason: 'a container number is 3 owner letters, U, J or Z, then 7 digits',
    };
  }
  const expected = containerCheckDigit(value.slice(0, 10));
  if (Number(value[10]) === expected) return { valid: true };
  return {
    valid: false,
    reason: `check digit is ${value[10]}, ISO 6346 gives ${expected}`,
    suggestion: value.slice(0, 10) + String(expected),
  };
}

