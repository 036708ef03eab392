/** The map of shipments and one shipment's route (coordinates already in [lng, lat] order). */
import { answer, method, shipmentId } from './base.js';
import { filter } from './shipments.js';

export interface MapShipmentPoint {
  id: number;
  reference: string;
  lat: number;
  lng: number;
  shipmentStatus: string | null;
  eta: string | null;
  podName: string | null;
}

export interface MapPort {
  name: string;
  country: string | null;
  lat: number;
  lng: number;
  /** Shipments of the view due there (it is their POD and they are not delivered). */
  due: number;
}

export interface MapView {
  shipments: MapShipmentPoint[];
  ports: MapPort[];
  /** Shipments of the view without a known position. */
  withoutPosition: number;
}

export interface MapRoute {
  shipmentId: number;
  /** GeoJSON order [lng, lat], converted once in the core; longitudes unwrapped across ±180°. */
  segments: [number, number][][];
  current: { lat: number; lng: number } | null;
  places: { role: 'origin' | 'pol' | 'pod' | 'destination'; name: string; lat: number; lng: number; date: string | null }[];
}

export const mapMethods = {
  'map.view': method(filter, answer<MapView>()),
  'map.route': method(shipmentId, answer<MapRoute | null>()),
};
