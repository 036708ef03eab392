/**
 * One field per name: "Promised Date", "promised date", " PROMISED_DATE " and "promised-date"
 * are one column. The key is what they share; the name first seen is the one shown.
 */

/** The name's key: case, surrounding spaces, runs of spaces and `_`/`-` aside. */
export function fieldKey(name: string): string {
  return name.normalize('NFC').trim().toLowerCase().replace(/[\s_-]+/gu, ' ').trim();
}

