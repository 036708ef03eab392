/**
 * A person's edits of a shipment's fields, from the window and `quayside field` alike: set one or
 * several, undo the latest change, settle a conflict. Every edit is kept (its value, when, which
 * desk) and replaces nothing a colleague did without it showing; sheets go through imports.
 */
import { fieldKey } from '../../../shared/field-names.js';
import { AppFailure } from '../../platform/failure.js';
import type { Core } from '../../context.js';
import type { FieldState } from '../../data/index.js';

/** Quayside's own columns: a field of that name would be taken for the carrier's word. */
const OWN_COLUMNS = new Set(['reference', 'container', 'bl', 'booking', 'carrier', 'scac', 'shipment status', 'status', 'eta', 'vessel', 'voyage', 'note']);

export interface FieldsSet {
  shipments: number;
  fields: string[];
}

/** A new field may not take the name of one of Quayside's columns; one a sheet brought stays editable. */
function checkNames(core: Core, values: Readonly<Record<string, string>>): void {
  const known = new Set(core.read.fields.names().map(fieldKey));
  for (const name of Object.keys(values)) {
    const key = fieldKey(name);
    if (key === '') throw new AppFailure('invalid-input', 'A field needs a name: write it as NAME=VALUE.');
    if (OWN_COLUMNS.has(key) && !known.has(key)) {
      throw new AppFailure('invalid-input', `"${name.trim()}" is one of Quayside's own columns, kept from what the carrier reports; give your field another name (for example "Customer ${name.trim()}").`);
    }
  }
}

function existing(core: Core, shipmentIds: readonly number[]): void {
  const missing = shipmentIds.filter((id) => core.read.getShipment(id) === null);
  if (missing.length > 0) {
    throw new AppFailure('not-found', `${missing.length === 1 ? 'That shipment is' : `${missing.length} of those shipments are`} no longer in the cache (removed meanwhile); the list has been refreshed.`);
  }
}

function told(core: Core, ids: number[]): void {
  if (ids.length === 0) return;
  core.events.emit('shipments.changed', { ids, reason: 'fields' });
  core.events.emit('fields.edited', { ids });
}

/** Sets the given fields of every shipment given; '' clears a field. */
export function setFields(core: Core, shipmentIds: readonly number[], values: Readonly<Record<string, string>>, detail: 'undo' | 'resolve' | null = null): FieldsSet {
  checkNames(core, values);
  existing(core, shipmentIds);
  const names = new Set<string>();
  const changed = core.write((tx) =>
    shipmentIds.filter((id) => {
      const done = tx.fields.set(id, values, { kind: 'person', detail }, { blankKeeps: false });
      for (const name of done) names.add(name);
      return done.length > 0;
    }),
  );
  told(core, changed);
  return { shipments: changed.length, fields: [...names] };
}

/** Each field of a shipment with its history and conflicts. */
export function fieldStates(core: Core, shipmentId: number): FieldState[] {
  existing(core, [shipmentId]);
  return core.read.fields.states(shipmentId);
}

/** The note's edits: a second note beside the one shown, and every note before (null: none recorded). */
export function noteState(core: Core, shipmentId: number): FieldState | null {
  existing(core, [shipmentId]);
  return core.read.fields.note(shipmentId);
}

function stateOf(core: Core, shipmentId: number, name: string): FieldState {
  const state = fieldStates(core, shipmentId).find((s) => s.key === fieldKey(name));
  if (!state) throw new AppFailure('not-found', `This shipment has no field "${name.trim()}".`);
  return state;
}

/** Puts a field back to the value it had before its latest change (none: the field is cleared). */
export function undoField(core: Core, shipmentId: number, name: string): FieldsSet {
  const state = stateOf(core, shipmentId, name);
  const before = state.history.find((h) => h.value !== state.current.value);
  return setFields(core, [shipmentId], { [state.name]: before?.value ?? '' }, 'undo');
}

/** Keeps one of a conflict's values; the others stay in the field's history. */
export function resolveField(core: Core, shipmentId: number, name: string, value: string): FieldsSet {
  const state = stateOf(core, shipmentId, name);
  const offered = [state.current, ...state.conflicts].map((e) => e.value);
  if (!offered.includes(value)) throw new AppFailure('invalid-input', `"${value}" is not one of the values of ${state.name}; choose one of: ${offered.map((v) => `"${v}"`).join(', ')}.`);
  return setFields(core, [shipmentId], { [state.name]: value }, 'resolve');
}
