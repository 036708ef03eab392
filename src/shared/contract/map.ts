/** The map of shipments and one shipment's route (coordinates already in [lng, lat] order). */
import { z } from 'zod';
import { coordinateSchema } from '../domain.js';
import { count, localId, method, naiveText, shipmentId } from './base.js';
import { filter } from './shipments.js';

const mapShipmentPointSchema = z.strictObject({
  id: localId,
  reference: z.string(),
  lat: z.number(),
  lng: z.number(),
  shipmentStatus: z.string().nullable(),
  eta: naiveText.nullable(),
  podName: z.string().nullable(),
});
export type MapShipmentPoint = z.output<typeof mapShipmentPointSchema>;

const mapPortSchema = z.strictObject({
  name: z.string(),
  country: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  /** Shipments of the view due there (it is their POD and they are not delivered). */
  due: count,
});
export type MapPort = z.output<typeof mapPortSchema>;

const mapViewSchema = z.strictObject({
  shipments: z.array(mapShipmentPointSchema),
  ports: z.array(mapPortSchema),
  /** Shipments of the view without a known position. */
  withoutPosition: count,
});
export type MapView = z.output<typeof mapViewSchema>;

const mapRouteSchema = z.strictObject({
  shipmentId: localId,
  /** GeoJSON order [lng, lat], converted once in the core; longitudes unwrapped across ±180°. */
  segments: z.array(z.array(z.tuple([z.number(), z.number()]))),
  current: z.strictObject({ lat: z.number(), lng: z.number() }).nullable(),
  /** A place the carrier named without coordinates has NaN for them (as the shipment's places). */
  places: z.array(
    z.strictObject({
      role: z.enum(['origin', 'pol', 'pod', 'destination']),
      name: z.string(),
      lat: coordinateSchema,
      lng: coordinateSchema,
      date: naiveText.nullable(),
    }),
  ),
});
export type MapRoute = z.output<typeof mapRouteSchema>;

export const mapMethods = {
  'map.view': method(filter, mapViewSchema),
  'map.route': method(shipmentId, mapRouteSchema.nullable()),
};
