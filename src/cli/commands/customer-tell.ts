/**
 * What a customer's updates tell, from `quayside customers set`'s flags: `--tell` names the kinds
 * switched on (the others are off), and each threshold flag sets its kind's days (switching it on).
 * Unnamed kinds keep what the rule had; a new rule starts from the defaults the window offers.
 */
import { DEFAULT_TELL, type WhatToTell } from '../../shared/customer-rules.js';
import { closestTo } from '../../shared/closest.js';
import type { Values } from '../context.js';
import { UsageError } from '../errors.js';

/** The kinds by the names `--tell` takes, in the order the help lists them. */
const TELL_NAMES = ['eta', 'departed', 'arrived', 'discharged', 'delivered', 'free-time', 'no-data'] as const;
type TellName = (typeof TELL_NAMES)[number];

const THRESHOLDS = [
  { name: 'eta', flag: 'min-eta-move', key: 'etaMovedDays' },
  { name: 'free-time', flag: 'free-time-days', key: 'freeTimeDays' },
  { name: 'no-data', flag: 'no-data-days', key: 'noDataDays' },
] as const;

const SWITCHES = [
  { name: 'departed', key: 'departed' },
  { name: 'arrived', key: 'arrived' },
  { name: 'discharged', key: 'discharged' },
  { name: 'delivered', key: 'delivered' },
] as const;

function namesOf(text: string): Set<TellName> {
  const words = text
    .split(/[\s,;]+/)
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 1 && words[0] === 'all') return new Set(TELL_NAMES);
  if (words.length === 1 && words[0] === 'none') return new Set();
  const names = new Set<TellName>();
  for (const word of words) {
    const name = TELL_NAMES.find((n) => n === word || n.replace('-', '') === word.replace(/[-_]/g, ''));
    if (name === undefined) {
      const near = closestTo(word, TELL_NAMES, (n) => n);
      throw new UsageError(`--tell takes ${TELL_NAMES.join(', ')} (or all, none), not "${word}"${near ? `; did you mean ${near}?` : '.'}`);
    }
    names.add(name);
  }
  return names;
}

function days(values: Values, flag: string): number | undefined {
  const raw = values[flag] as string | undefined;
  if (raw === undefined) return undefined;
  if (!/^\s*\d+\s*$/.test(raw)) throw new UsageError(`--${flag} is a whole number of days, not "${raw}".`);
  return Number(raw);
}

export function tellFrom(values: Values, before: WhatToTell | undefined): WhatToTell {
  const tell: WhatToTell = { ...(before ?? DEFAULT_TELL) };
  const named = values.tell === undefined ? null : namesOf(values.tell as string);
  for (const { name, key } of SWITCHES) if (named !== null) tell[key] = named.has(name);
  for (const { name, flag, key } of THRESHOLDS) {
    const given = days(values, flag);
    if (named !== null && !named.has(name)) {
      if (given !== undefined) throw new UsageError(`--${flag} sets what --tell ${name} tells; add ${name} to --tell, or leave --${flag} out.`);
      tell[key] = null;
      continue;
    }
    // Named (or a threshold given alone): on, with the threshold given, else the one it had, else the default.
    if (given !== undefined) tell[key] = given;
    else if (named !== null) tell[key] = tell[key] ?? DEFAULT_TELL[key];
  }
  return tell;
}
