/**
 * `quayside customers`: the customers who get updates and their rules (a team's, pulled first on a
 * team desk): set (add or change), list, remove. The same rule and checks as the window's
 * Customers view; an address that is not an address is refused in one sentence before anything is saved.
 */
import { cliDates } from '../dates.js';
import { CUSTOMER_LANGUAGES, DEFAULT_CUSTOMER_COLUMN, cadenceText, checkCustomerRule, parseCadence, type CustomerRule, type UpdateCadence } from '../../shared/customer-rules.js';
import { customerSummaries, listCustomers, removeCustomer, setCustomer } from '../../core/features/customers/index.js';
import type { Command, Values } from '../context.js';
import { UsageError, UserError } from '../errors.js';

/** `--to a@x --to b@y`, or `--to a@x,b@y`. */
function addresses(values: Values, name: string): string[] | undefined {
  const given = values[name] as string[] | undefined;
  if (given === undefined) return undefined;
  return given.flatMap((v) => v.split(/[,;]/)).map((a) => a.trim()).filter(Boolean);
}

/** `--cadence daily 08:00` without quotes leaves `08:00` (and a weekly's day) among the positionals. */
function cadenceOf(values: Values, rest: string[]): UpdateCadence | undefined {
  const raw = values.cadence as string | undefined;
  if (raw === undefined) {
    if (rest.length > 0) throw new UsageError(`Unexpected "${rest[0]}"; quote a customer's name that has spaces.`);
    return undefined;
  }
  const text = [raw, ...rest].join(' ');
  const parsed = parseCadence(text);
  if (!parsed.ok) throw new UsageError(parsed.message);
  return parsed.cadence;
}

function ruleFrom(name: string, values: Values, rest: string[], before: CustomerRule | null): CustomerRule {
  const column = values.column as string | undefined;
  const watchlist = values.watchlist as string | undefined;
  if (column !== undefined && watchlist !== undefined) throw new UsageError('Choose the customer by --column or by --watchlist, not both.');
  const language = values.language as string | undefined;
  if (language !== undefined && !(CUSTOMER_LANGUAGES as readonly string[]).includes(language)) throw new UsageError(`--language is ${CUSTOMER_LANGUAGES.join(', ')}, not "${language}".`);
  const moves = values['min-eta-move'] as string | undefined;
  const minEtaMove = moves === undefined ? undefined : Number(moves);
  if (minEtaMove !== undefined && !Number.isInteger(minEtaMove)) throw new UsageError(`--min-eta-move is a whole number of days, not "${moves}".`);
  const to = addresses(values, 'to') ?? before?.to;
  if (!to || to.length === 0) throw new UsageError('Give at least one address to write to: --to ADDR (repeat it, or separate them with commas).');
  const who =
    watchlist !== undefined
      ? { kind: 'watchlist' as const, watchlist }
      : column !== undefined
        ? { kind: 'column' as const, column, value: name }
        : before?.who.kind === 'column'
          ? { ...before.who, value: before.who.value.toLowerCase() === before.name.toLowerCase() ? name : before.who.value }
          : (before?.who ?? { kind: 'column' as const, column: DEFAULT_CUSTOMER_COLUMN, value: name });
  const checked = checkCustomerRule({
    name,
    who,
    to,
    cc: addresses(values, 'cc') ?? before?.cc ?? [],
    language: language ?? before?.language ?? 'en',
    tell: { ...(before?.tell ?? {}), ...(minEtaMove === undefined ? {} : { etaMovedDays: minEtaMove }) },
    cadence: cadenceOf(values, rest) ?? before?.cadence ?? { kind: 'now' },
    attachXlsx: values['attach-xlsx'] === true ? true : (before?.attachXlsx ?? false),
  });
  if (!checked.ok) throw new UserError(checked.problems.map((p) => p.message).join(' '));
  return checked.rule;
}

function whoText(rule: CustomerRule): string {
  return rule.who.kind === 'watchlist' ? `watchlist ${rule.who.watchlist}` : `${rule.who.column} = ${rule.who.value}`;
}

export const customersCommand: Command = {
  name: 'customers',
  usage:
    'customers set NAME [--column customer | --watchlist LIST] --to ADDR… [--cc ADDR…] [--language en|de|fr|es] [--cadence now | daily HH:MM | weekly DAY HH:MM] [--min-eta-move DAYS] [--attach-xlsx] | customers list [--json] | customers remove NAME',
  summary: 'the customers who get updates by e-mail, and their rules: who they are (a column value or a watchlist), their addresses, language, what to tell and when',
  options: {
    column: { type: 'string' },
    watchlist: { type: 'string' },
    to: { type: 'string', multiple: true },
    cc: { type: 'string', multiple: true },
    language: { type: 'string' },
    cadence: { type: 'string' },
    'min-eta-move': { type: 'string' },
    'attach-xlsx': { type: 'boolean' },
  },
  async run(ctx, args, values) {
    const action = args[0] ?? 'list';
    const core = await ctx.teamCore();
    if (action === 'list') {
      if (args.length > 1) throw new UsageError(`Unexpected "${args[1]}".`);
      const summaries = customerSummaries(core.read, listCustomers(core.read));
      ctx.out.data(summaries.map((s) => ({ ...s.rule, shipments: s.shipments, lastUpdate: s.lastUpdate, nextDueAt: s.nextDueAt })));
      ctx.out.table(
        summaries.map((s) => ({
          name: s.rule.name,
          who: whoText(s.rule),
          to: [...s.rule.to, ...s.rule.cc.map((c) => `cc ${c}`)].join(', '),
          when: cadenceText(s.rule.cadence),
          shipments: String(s.shipments),
          next: s.nextDueAt ? cliDates().utcDateTime(s.nextDueAt) : 'with the next news',
        })),
        [
          { key: 'name', title: 'CUSTOMER', max: 30 },
          { key: 'who', title: 'WHO', max: 30 },
          { key: 'to', title: 'TO', max: 50 },
          { key: 'when', title: 'WHEN' },
          { key: 'shipments', title: 'SHIPMENTS' },
          { key: 'next', title: 'NEXT' },
        ],
      );
      ctx.out.line(summaries.length === 0 ? 'No customers yet; "quayside customers set NAME --to ADDR" adds one.' : `${summaries.length} customer${summaries.length === 1 ? '' : 's'}.`);
      return;
    }
    if (action === 'set') {
      const name = args[1]?.trim();
      if (!name) throw new UsageError('Give the customer a name (quote it when it has spaces).');
      const before = listCustomers(core.read).find((c) => c.rule.name.toLowerCase() === name.toLowerCase())?.rule ?? null;
      const rule = ruleFrom(name, values, args.slice(2), before);
      const saved = setCustomer(core, rule, before?.name ?? null);
      const [summary] = customerSummaries(core.read, [saved]);
      ctx.out.data({ ...summary!.rule, shipments: summary!.shipments, lastUpdate: summary!.lastUpdate, nextDueAt: summary!.nextDueAt });
      ctx.out.line(`${before ? 'Changed' : 'Added'} ${rule.name} (${whoText(rule)}, ${summary!.shipments} shipment${summary!.shipments === 1 ? '' : 's'} now): updates ${cadenceText(rule.cadence)} to ${rule.to.join(', ')}.`);
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
    throw new UsageError(`Unknown customers action "${action}"; use set, list or remove.`);
  },
};
