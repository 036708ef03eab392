/**
 * `quayside field set|history`: a shipment's own fields (customer, PO…) corrected from a terminal
 * with the window's use cases, and every value they held with where it came from. In a team the
 * edit is made having pulled the team's, so it settles a conflict it was shown.
 */
import type { FieldEditView, FieldState } from '../../core/data/index.js';
import { fieldStates, setFields } from '../../core/features/fields/index.js';
import { findShipment } from '../../core/features/shipments/index.js';
import { fieldLabel } from '../../shared/words.js';
import type { Command, Context } from '../context.js';
import { UsageError } from '../errors.js';

function localTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function origin(e: FieldEditView): string {
  const from =
    e.source === 'import' ? `from ${e.detail ?? 'a sheet'}${e.row !== null ? ` row ${e.row}` : ''}` : e.source === 'earlier' ? 'kept from before' : e.source === 'sample' ? 'sample data' : e.source === 'service' ? 'found at the tracking service' : e.detail === 'undo' ? 'undone' : e.detail === 'resolve' ? 'chosen of two' : 'typed';
  return [from, e.mine ? 'on this desk' : e.by ? `by ${e.by}` : null, localTime(e.at)].filter(Boolean).join(', ');
}

const quoted = (value: string) => (value === '' ? '(cleared)' : `"${value}"`);

function describe(ctx: Context, reference: string, states: readonly FieldState[]): void {
  if (states.length === 0) {
    ctx.out.line(`${reference} has no fields yet; set one with: quayside field set ${reference} NAME=VALUE`);
    return;
  }
  ctx.out.line(reference);
  for (const f of states) {
    ctx.out.line(`  ${fieldLabel(f.name)}: ${quoted(f.current.value)}  ${origin(f.current)}`);
    if (f.conflicts.length > 0) {
      ctx.out.line(`    ${f.conflicts.length + 1} values, changed on two desks without seeing each other's change; also:`);
      for (const c of f.conflicts) ctx.out.line(`      ${quoted(c.value)}  ${origin(c)}`);
      ctx.out.line(`    Keep one with: quayside field set ${reference} "${f.name}=VALUE"`);
    }
    for (const h of f.history) ctx.out.line(`    before: ${quoted(h.value)}  ${origin(h)}`);
  }
}

function parseAssignments(args: readonly string[]): { keys: string[]; values: Record<string, string> } {
  const keys: string[] = [];
  const values: Record<string, string> = {};
  for (const arg of args) {
    const at = arg.indexOf('=');
    if (at < 0) {
      keys.push(arg);
      continue;
    }
    const name = arg.slice(0, at).trim();
    if (name === '') throw new UsageError(`"${arg}" has no field name before "="; write it as NAME=VALUE, for example PO=4500012345.`);
    values[name] = arg.slice(at + 1);
  }
  if (keys.length === 0) throw new UsageError('Give the shipments first (references or ids), then NAME=VALUE for each field.');
  if (Object.keys(values).length === 0) throw new UsageError('Give at least one field as NAME=VALUE (an empty VALUE clears the field).');
  return { keys, values };
}

export const fieldCommand: Command = {
  name: 'field',
  usage: 'field set <reference|id>… NAME=VALUE… [--json] | field history <reference|id> [--json]',
  summary: "correct a shipment's own fields (customer, PO…; NAME= clears one), or show every value a field held and where it came from",
  async run(ctx, args) {
    const [action, ...rest] = args;
    if (action === 'set') {
      const { keys, values } = parseAssignments(rest);
      const core = await ctx.teamCore();
      const shipments = keys.map((key) => findShipment(core, key));
      const result = setFields(core, [...new Set(shipments.map((s) => s.id))], values);
      ctx.out.data({ ...result, references: shipments.map((s) => s.reference) });
      const what = Object.keys(values).map(fieldLabel).join(', ');
      if (result.shipments === 0) ctx.out.line(`Nothing changed: ${what} already held ${Object.keys(values).length === 1 ? 'that value' : 'those values'}.`);
      else ctx.out.line(`${what} set on ${result.shipments === 1 ? shipments[0]!.reference : `${result.shipments} shipments`}; the value before is kept in the field's history (quayside field history REFERENCE).`);
      return;
    }
    if (action === 'history') {
      if (rest.length !== 1) throw new UsageError('Give exactly one reference or id: quayside field history <reference|id>.');
      const core = await ctx.teamCore();
      const shipment = findShipment(core, rest[0]!);
      const states = fieldStates(core, shipment.id);
      ctx.out.data({ id: shipment.id, reference: shipment.reference, fields: states });
      describe(ctx, shipment.reference, states);
      return;
    }
    throw new UsageError(action ? `Unknown field action "${action}"; use set or history.` : 'Say what to do: set or history.');
  },
};
