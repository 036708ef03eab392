/** The window's side of a shipment's fields: the same use cases as `quayside field`. */
import type { FieldStateView } from '../../../shared/contract/index.js';
import type { AreaHandlers } from '../../handlers.js';
import type { Core } from '../../context.js';
import { fieldStates, noteState, resolveField, setFields, undoField } from './fields.js';

export function createFieldsHandlers(core: Core): AreaHandlers<'fields'> {
  return {
    'fields.ofShipment': async ({ shipmentId }) => fieldStates(core, shipmentId) satisfies FieldStateView[],
    'fields.note': async ({ shipmentId }) => noteState(core, shipmentId),
    'fields.set': async ({ shipmentIds, values }) => setFields(core, shipmentIds, values),
    'fields.undo': async ({ shipmentId, name }) => undoField(core, shipmentId, name),
    'fields.resolve': async ({ shipmentId, name, value }) => resolveField(core, shipmentId, name, value),
  };
}
