/**
 * The customer editor's form as text fields, and the rule they make: checked with the same
 * schema the engine saves with (src/shared/customer-rules.ts), so the window shows the very
 * sentences a save would refuse with, beside the field they belong to.
 */
import {
  checkCustomerRule,
  DEFAULT_CUSTOMER_COLUMN,
  DEFAULT_PAUSE_MINUTES,
  DEFAULT_TELL,
  pauseOf,
  type CustomerLanguage,
  type CustomerRule,
  type RuleProblem,
  type Weekday,
} from '../../shared/customer-rules';
import { splitAddressList } from '../../shared/mail-address';

export interface RuleForm {
  name: string;
  whoKind: 'column' | 'watchlist';
  column: string;
  /** Empty: the customer's name is the value. */
  value: string;
  watchlist: string;
  /** One address a line, or separated by commas or semicolons. */
  to: string;
  cc: string;
  language: CustomerLanguage;
  departed: boolean;
  arrived: boolean;
  discharged: boolean;
  delivered: boolean;
  etaOn: boolean;
  etaDays: string;
  freeOn: boolean;
  freeDays: string;
  noDataOn: boolean;
  noDataDays: string;
  cadenceKind: 'now' | 'daily' | 'weekly';
  /** An "as it happens" update's wait after the first change, in minutes (0: at once). */
  pause: string;
  day: Weekday;
  time: string;
  attachXlsx: boolean;
}

export function formOf(rule: CustomerRule | null): RuleForm {
  const tell = rule?.tell ?? DEFAULT_TELL;
  const cadence = rule?.cadence ?? { kind: 'now' as const };
  return {
    name: rule?.name ?? '',
    whoKind: rule?.who.kind ?? 'column',
    column: rule?.who.kind === 'column' ? rule.who.column : DEFAULT_CUSTOMER_COLUMN,
    value: rule?.who.kind === 'column' && rule.who.value !== rule.name ? rule.who.value : '',
    watchlist: rule?.who.kind === 'watchlist' ? rule.who.watchlist : '',
    to: rule?.to.join('\n') ?? '',
    cc: rule?.cc.join('\n') ?? '',
    language: rule?.language ?? 'en',
    departed: tell.departed,
    arrived: tell.arrived,
    discharged: tell.discharged,
    delivered: tell.delivered,
    etaOn: tell.etaMovedDays !== null,
    etaDays: String(tell.etaMovedDays ?? DEFAULT_TELL.etaMovedDays),
    freeOn: tell.freeTimeDays !== null,
    freeDays: String(tell.freeTimeDays ?? DEFAULT_TELL.freeTimeDays),
    noDataOn: tell.noDataDays !== null,
    noDataDays: String(tell.noDataDays ?? DEFAULT_TELL.noDataDays),
    cadenceKind: cadence.kind,
    pause: String(cadence.kind === 'now' ? pauseOf(cadence) : DEFAULT_PAUSE_MINUTES),
    day: cadence.kind === 'weekly' ? cadence.day : 'mon',
    time: cadence.kind === 'now' ? '08:00' : cadence.time,
    attachXlsx: rule?.attachXlsx ?? false,
  };
}

const DAY_FIELDS = [
  ['etaOn', 'etaDays', 'tell.etaMovedDays', 'The ETA move worth telling'],
  ['freeOn', 'freeDays', 'tell.freeTimeDays', 'The free days left worth telling'],
  ['noDataOn', 'noDataDays', 'tell.noDataDays', 'The wait for carrier data'],
] as const;

/** The rule the form makes, or every problem with it (the schema's sentences). */
export function ruleOfForm(form: RuleForm): { ok: true; rule: CustomerRule } | { ok: false; problems: RuleProblem[] } {
  const numberProblems: RuleProblem[] = [];
  const days = (on: boolean, text: string, field: string, what: string): number | null => {
    if (!on) return null;
    if (!/^\s*\d+\s*$/.test(text)) {
      numberProblems.push({ field, message: `${what} is a whole number of days.` });
      return 0;
    }
    return Number(text);
  };
  const [eta, free, noData] = DAY_FIELDS.map(([on, text, field, what]) => days(form[on], form[text], field, what));
  let pause = DEFAULT_PAUSE_MINUTES;
  if (form.cadenceKind === 'now') {
    if (/^\s*\d+\s*$/.test(form.pause)) pause = Number(form.pause);
    else numberProblems.push({ field: 'cadence', message: 'The wait after the first change is a whole number of minutes (0: at once).' });
  }
  const checked = checkCustomerRule({
    name: form.name,
    who: form.whoKind === 'watchlist' ? { kind: 'watchlist', watchlist: form.watchlist } : { kind: 'column', column: form.column, ...(form.value.trim() ? { value: form.value } : {}) },
    to: splitAddressList(form.to),
    cc: splitAddressList(form.cc),
    language: form.language,
    tell: { departed: form.departed, etaMovedDays: eta, arrived: form.arrived, discharged: form.discharged, delivered: form.delivered, freeTimeDays: free, noDataDays: noData },
    cadence: form.cadenceKind === 'now' ? { kind: 'now', pauseMinutes: pause } : form.cadenceKind === 'daily' ? { kind: 'daily', time: form.time } : { kind: 'weekly', day: form.day, time: form.time },
    attachXlsx: form.attachXlsx,
  });
  if (numberProblems.length === 0) return checked;
  const others = checked.ok ? [] : checked.problems.filter((p) => !numberProblems.some((n) => n.field === p.field));
  return { ok: false, problems: [...numberProblems, ...others] };
}

/** The problems that belong beside one part of the form (`to` holds `to.0`, `to.3`…). */
export function problemsOf(problems: readonly RuleProblem[], field: string): string[] {
  return problems.filter((p) => p.field === field || p.field.startsWith(`${field}.`)).map((p) => p.message);
}
