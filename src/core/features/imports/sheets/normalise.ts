/** Reference and header text normalisation. Kept lean: it runs once per cell of every row. */

/** Whitespace (incl. no-break), dashes of every kind, dots, slashes, underscores and stray quotes. */
const SEPARATORS = /[\s\u00a0\u2000-\u200b\u2010-\u2015\u2212.\-/\\_'"\u2018\u2019`]+/g;
const ALPHANUMERIC = /^[A-Z0-9]+$/;
/** Excel turns long numbers into `1.23457E+11` when the column is not formatted as text. */
const SCIENTIFIC = /^\d+(?:[.,]\d+)?E\+\d+$/i;
const PLACEHOLDERS = new Set(['', 'NA', 'N/A', 'NONE', 'NIL', 'TBA', 'TBC', 'TBD', '-', '--', '?', 'X', '0']);

/** "msku 123456-5" → "MSKU1234565". */
export function normaliseReference(value: string): string {
  return value.toUpperCase().replace(SEPARATORS, '');
}

export function isAlphanumeric(reference: string): boolean {
  return ALPHANUMERIC.test(reference);
}

export function isScientificNotation(value: string): boolean {
  return SCIENTIFIC.test(value.trim());
}

/** A cell that holds no reference: empty, or a placeholder like N/A, TBA, "-". */
export function isPlaceholder(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === '') return true;
  return trimmed.length <= 4 && PLACEHOLDERS.has(trimmed.toUpperCase());
}

/** Lower case, accents removed, ß → ss, anything not a letter or digit → one space. */
export function normaliseWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}
