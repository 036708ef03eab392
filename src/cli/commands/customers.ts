/**
 * `quayside customers`: the customers who get updates and their rules (a team's, pulled first on a
 * team desk): set (add or change), list, values (what a customer can be chosen by), remove. The
 * same rule and checks as the window's Customers view; an address that is not an address is
 * refused in one sentence before anything is saved, and a column value no shipment holds is
 * saved with a warning naming the closest value the cache has.
 */
import { CUSTOMER_LANGUAGES, DEFAULT_CUSTOMER_COLUMN, cadenceText, checkCustomerRule, parseCadence, pauseOf, type CustomerRule, type UpdateCadence } from '../../shared/customer-rules.js';
import type { CustomerSummaryView } from '../../shared/contract/index.js';
import { splitAddressList } from '../../shared/mail-address.js';
import { counted } from '../../shared/plural.js';
import { customerChoices, customerSummaries, listCustomers, removeCustomer, setCustomer } from '../../core/features/customers/index.js';
import type { Command, Context, Values } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { deskTime } from '../format.js';
import { tellFrom } from './customer-tell.js';

/** `--to a@x --to b@y`, or `--to "a@x, Jane Doe <b@y>"` (a comma inside a quoted name does not split it). */
function addresses(values: Values, name: string): string[] | undefined {
  const given = values[name] as string[] | undefined;
  if (given === undefined) return undefined;
  return given.flatMap((v) => splitAddressList(v));
}

function wholeNumber(values: Values, flag: string, what: string): number | undefined {
  const raw = values[flag] as string | undefined;
  if (raw === undefined) return undefined;
  if (!/^\s*\d+\s*$/.test(raw)) throw new UsageError(`--${flag} is a whole number of ${what}, not "${raw}".`);
  return Number(raw);
}

/** `--cadence daily 08:00` without quotes leaves `08:00` (and a weekly's day) among the positionals; `--pause` sets an "as it happens" one's wait. */
function cadenceOf(values: Values, rest: string[], before: UpdateCadence | undefined): UpdateCadence {
  const raw = values.cadence as string | undefined;
  if (raw === undefined && rest.length > 0) throw new UsageError(`Unexpected "${rest[0]}"; quote a customer's name that has spaces.`);
  let cadence: UpdateCadence = before ?? { kind: 'now' };
  if (raw !== undefined) {
    const parsed = parseCadence([raw, ...rest].join(' '));
    if (!parsed.ok) throw new UsageError(parsed.message);
    cadence = parsed.cadence.kind === 'now' && before?.kind === 'now' && before.pauseMinutes !== undefined ? { kind: 'now', pauseMinutes: before.pauseMinutes } : parsed.cadence;
  }
  const pause = wholeNumber(values, 'pause', 'minutes');
  if (pause === undefined) return cadence;
  if (cadence.kind !== 'now') throw new UsageError('--pause is the wait after a change of an "as it happens" update (--cadence now); a daily or weekly update goes at its time.');
  return { kind: 'now', pauseMinutes: pause };
}

function ruleFrom(name: string, values: Values, rest: string[], before: CustomerRule | null): CustomerRule {
  const column = values.column as string | undefined;
  const watchlist = values.watchlist as string | undefined;
  const value = values.value as string | undefined;
  if (column !== undefined && watchlist !== undefined) throw new UsageError('Choose the customer by --column or by --watchlist, not both.');
  if (value !== undefined && watchlist !== undefined) throw new UsageError('--value is the column value a customer is chosen by; a watchlist needs none.');
  const language = values.language as string | undefined;
  if (language !== undefined && !(CUSTOMER_LANGUAGES as readonly string[]).includes(language)) throw new UsageError(`--language is ${CUSTOMER_LANGUAGES.join(', ')}, not "${language}".`);
  const to = addresses(values, 'to') ?? before?.to;
  if (!to || to.length === 0) throw new UsageError('Give at least one address to write to: --to ADDR (repeat it, or separate them with commas).');
  const beforeColumn = before?.who.kind === 'column' ? before.who : null;
  const who =
    watchlist !== undefined
      ? { kind: 'watchlist' as const, watchlist }
      : column !== undefined || value !== undefined || beforeColumn !== null || before === null
        ? {
            kind: 'column' as const,
            column: column ?? beforeColumn?.column ?? DEFAULT_CUSTOMER_COLUMN,
            // Renamed without a value given: a value that was the old name follows the new one.
            value: value ?? (beforeColumn === null || beforeColumn.value.toLowerCase() === before!.name.toLowerCase() ? name : beforeColumn.value),
          }
        : before.who;
  const checked = checkCustomerRule({
    name,
    who,
    to,
    cc: addresses(values, 'cc') ?? before?.cc ?? [],
    language: language ?? before?.language ?? 'en',
    tell: tellFrom(values, before?.tell),
    cadence: cadenceOf(values, rest, before?.cadence),
    attachXlsx: values['attach-xlsx'] === true ? true : values['no-attach-xlsx'] === true ? false : (before?.attachXlsx ?? false),
  });
  if (!checked.ok) throw new UserError(checked.problems.map((p) => p.message).join(' '));
  return checked.rule;
}

function whoText(rule: CustomerRule): string {
  return rule.who.kind === 'watchlist' ? `watchlist ${rule.who.watchlist}` : `${rule.who.column} = ${rule.who.value}`;
}

function whenText(rule: CustomerRule): string {
  return rule.cadence.kind === 'now' ? `now, ${pauseOf(rule.cadence)} min pause` : cadenceText(rule.cadence);
}

function nextText(summary: CustomerSummaryView): string {
  const { next } = summary;
  if (next.state === 'due') return 'due now';
  if (next.state === 'quiet') return 'with the next change';
  return `${deskTime(next.until)} (${next.why === 'pause' ? 'pause after a change' : 'its time'})`;
}

/** A column value no shipment holds: said once, with the closest value the cache has and how to take it. */
function selectionWarning(summary: CustomerSummaryView): string | null {
  const { rule, shipments, closest } = summary;
  if (rule.who.kind !== 'column' || shipments > 0) return null;
  const none = `No shipment has "${rule.who.value}" in its ${rule.who.column} column yet`;
  if (closest === null) return `${none}; "quayside customers values --column ${rule.who.column}" lists the values it has.`;
  return `${none}; the closest value is "${closest.value}" (${counted(closest.shipments, 'shipment')}): quayside customers set "${rule.name}" --value "${closest.value}".`;
}

function summaryJson(summary: CustomerSummaryView) {
  return { ...summary.rule, shipments: summary.shipments, lastUpdate: summary.lastUpdate, nextDueAt: summary.nextDueAt, next: summary.next, closest: summary.closest };
}

function listValues(ctx: Context, column: string, choices: ReturnType<typeof customerChoices>): void {
  ctx.out.data({ column, ...choices });
  if (choices.values.length === 0) ctx.out.line(`No shipment has a value in a column called ${column}; import a sheet with it, or choose the customer by a watchlist.`);
  else {
    ctx.out.table(
      choices.values.map((v) => ({ value: v.value, shipments: String(v.shipments) })),
      [
        { key: 'value', title: column.toUpperCase(), max: 60 },
        { key: 'shipments', title: 'SHIPMENTS' },
      ],
    );
  }
  if (choices.watchlists.length > 0) {
    ctx.out.line();
    ctx.out.table(
      choices.watchlists.map((w) => ({ name: w.name, shipments: String(w.shipments) })),
      [
        { key: 'name', title: 'WATCHLIST', max: 60 },
        { key: 'shipments', title: 'SHIPMENTS' },
      ],
    );
  }
}

export const customersCommand: Command = {
  name: 'customers',
  usage:
    'customers set NAME [--column customer [--value VALUE] | --watchlist LIST] --to ADDR… [--cc ADDR…] [--language en|de|fr|es] [--cadence now | daily HH:MM | weekly DAY HH:MM] [--pause MINUTES] [--tell eta,departed,arrived,discharged,delivered,free-time,no-data] [--min-eta-move DAYS] [--free-time-days DAYS] [--no-data-days DAYS] [--attach-xlsx | --no-attach-xlsx] | customers list [--json] | customers values [--column customer] [--json] | customers remove NAME',
  summary: 'the customers who get updates by e-mail, and their rules: who they are (a column value or a watchlist), their addresses, language, what to tell and when',
  help: () => `What to tell (--tell, a comma-separated list; the kinds left out are switched off; "all" or "none"):
  eta         the ETA moved by at least --min-eta-move days (default 1)
  departed    loaded at the port of loading
  arrived     the vessel arrived at the port of discharge
  discharged  discharged at the port of discharge
  delivered   delivered, or gated out at the port of discharge
  free-time   free time at or below --free-time-days days left (default 2; only where free days are set)
  no-data     no data from the carrier --no-data-days days after tracking started (default 3)
A threshold given alone switches its kind on. --pause is how long an "as it happens" update waits
after the first change, so one refresh's changes go in one mail (default 5 minutes; 0: at once).
"customers values" lists the column's values with their shipments, and the watchlists.
`,
  options: {
    column: { type: 'string' },
    value: { type: 'string' },
    watchlist: { type: 'string' },
    to: { type: 'string', multiple: true },
    cc: { type: 'string', multiple: true },
    language: { type: 'string' },
    cadence: { type: 'string' },
    pause: { type: 'string' },
    tell: { type: 'string' },
    'min-eta-move': { type: 'string' },
    'free-time-days': { type: 'string' },
    'no-data-days': { type: 'string' },
    'attach-xlsx': { type: 'boolean' },
    'no-attach-xlsx': { type: 'boolean' },
  },
  async run(ctx, args, values) {
    const action = args[0] ?? 'list';
    const core = await ctx.teamCore();
    if (action === 'list') {
      if (args.length > 1) throw new UsageError(`Unexpected "${args[1]}".`);
      const summaries = customerSummaries(core);
      ctx.out.data(summaries.map(summaryJson));
      if (summaries.length === 0) {
        ctx.out.line('No customers yet; "quayside customers set NAME --to ADDR" adds one.');
        return;
      }
      ctx.out.table(
        summaries.map((s) => ({
          name: s.rule.name,
          who: whoText(s.rule),
          to: [...s.rule.to, ...s.rule.cc.map((c) => `cc ${c}`)].join(', '),
          when: whenText(s.rule),
          shipments: String(s.shipments),
          next: nextText(s),
        })),
        [
          { key: 'name', title: 'CUSTOMER', max: 30 },
          { key: 'who', title: 'WHO', max: 30 },
          { key: 'to', title: 'TO', max: 50 },
          { key: 'when', title: 'WHEN' },
          { key: 'shipments', title: 'SHIPMENTS' },
          { key: 'next', title: 'NEXT (this computer\'s time)' },
        ],
      );
      ctx.out.line(`${counted(summaries.length, 'customer')}.`);
      for (const s of summaries) {
        const warning = selectionWarning(s);
        if (warning) ctx.out.note(`${s.rule.name}: ${warning}`);
      }
      return;
    }
    if (action === 'values') {
      if (args.length > 1) throw new UsageError(`Unexpected "${args[1]}".`);
      const column = (values.column as string | undefined) ?? DEFAULT_CUSTOMER_COLUMN;
      listValues(ctx, column, customerChoices(core.read, column));
      return;
    }
    if (action === 'set') {
      const name = args[1]?.trim();
      if (!name) throw new UsageError('Give the customer a name (quote it when it has spaces).');
      const before = listCustomers(core.read).find((c) => c.rule.name.toLowerCase() === name.toLowerCase())?.rule ?? null;
      const rule = ruleFrom(name, values, args.slice(2), before);
      const saved = setCustomer(core, rule, before?.name ?? null);
      const [summary] = customerSummaries(core, [saved]);
      const warning = selectionWarning(summary!);
      ctx.out.data({ ...summaryJson(summary!), warning });
      ctx.out.line(`${before ? 'Changed' : 'Added'} ${rule.name} (${whoText(rule)}, ${counted(summary!.shipments, 'shipment')} now): updates ${whenText(rule)} to ${rule.to.join(', ')}.`);
      if (warning) ctx.out.note(warning);
      return;
    }
    if (action === 'remove') {
      const name = args.slice(1).join(' ').trim();
      if (!name) throw new UsageError('Give the name of the customer to remove.');
      removeCustomer(core, name);
      ctx.out.data({ removed: name });
      ctx.out.line(`Removed ${name}: no more updates go to them; their past updates stay.`);
      return;
    }
    throw new UsageError(`Unknown customers action "${action}"; use set, list, values or remove.`);
  },
};
