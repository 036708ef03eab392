/**
 * The fields feature's public face: a shipment's own fields (customer, PO…) edited by a person in
 * the window or with `quayside field`, each edit kept with where it came from.
 */
import type { Core } from '../../context.js';
import type { FeatureParts } from '../../handlers.js';
import { createFieldsHandlers } from './handlers.js';

export { fieldStates, setFields } from './fields.js';

export function fieldsFeature(core: Core): FeatureParts<'fields'> {
  return { handlers: createFieldsHandlers(core) };
}
