/**
 * A shipment's own fields (customer, PO, promised date…): imported from a sheet or typed, each
 * value with where it came from, its history and, where two desks edited it without seeing each
 * other's edit, both values until a person chooses.
 */
import { z } from 'zod';
import { count, localId, method, shipmentId, utcTime } from './base.js';

// eslint-disable-next-line no-control-regex -- a name is a column heading: no line breaks or other control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A field's name as a person writes it; "Promised Date" and "promised_date" are one field. */
const fieldName = z
  .string()
  .trim()
  .min(1, 'a field name')
  .max(60, 'a field name of at most 60 characters')
  .refine((name) => !CONTROL.test(name), 'a field name without control characters');
const fieldValue = z.string().max(200, 'a value of at most 200 characters');

const fieldEditSchema = z.strictObject({
  uid: z.string(),
  name: z.string(),
  /** '' when the edit cleared the field. */
  value: z.string(),
  at: utcTime,
  /** The desk that made it, by name. */
  by: z.string().nullable(),
  mine: z.boolean(),
  /** import: a sheet's row; person: typed; sample: the sample data; earlier: kept from before edits were recorded; service: found at the tracking service (a note changed there). */
  source: z.enum(['import', 'person', 'sample', 'earlier', 'service']),
  /** The sheet of an import; 'undo' or 'resolve' for a person's. */
  detail: z.string().nullable(),
  row: z.number().int().nullable(),
  /** The team has it (false: it waits on this desk, or the desk works alone). */
  shared: z.boolean(),
});
export type FieldEdit = z.output<typeof fieldEditSchema>;

const fieldStateSchema = z.strictObject({
  key: z.string(),
  name: z.string(),
  /** Null: the field was cleared. */
  value: z.string().nullable(),
  current: fieldEditSchema,
  /** Values made without seeing the current one, newest first: a person chooses. */
  conflicts: z.array(fieldEditSchema),
  history: z.array(fieldEditSchema),
});
export type FieldStateView = z.output<typeof fieldStateSchema>;

const fieldsSetResultSchema = z.strictObject({
  /** Shipments one of whose fields changed. */
  shipments: count,
  /** The names changed, as shown. */
  fields: z.array(z.string()),
});


export const fieldsMethods = {
  /** Every field of a shipment, with its history and conflicts. */
  'fields.ofShipment': method(z.strictObject({ shipmentId }), z.array(fieldStateSchema)),
  /** The note's edits (null: none recorded): a second note a colleague or the service gave it, and every note before. */
  'fields.note': method(z.strictObject({ shipmentId }), fieldStateSchema.nullable()),
  /** Sets fields of one or several shipments ('' clears one); settles a conflict of a field it sets. */
  'fields.set': method(
    z.strictObject({
      shipmentIds: z.array(localId).min(1).max(100_000),
      values: z.record(fieldName, fieldValue).refine((v) => Object.keys(v).length >= 1 && Object.keys(v).length <= 20, 'one to 20 fields'),
    }),
    fieldsSetResultSchema,
  ),
  /** Puts a field back to the value it had before its latest change. */
  'fields.undo': method(z.strictObject({ shipmentId, name: fieldName }), fieldsSetResultSchema),
  /** Settles a conflict: keeps `value` (one of the values shown). */
  'fields.resolve': method(z.strictObject({ shipmentId, name: fieldName, value: fieldValue }), fieldsSetResultSchema),
};
