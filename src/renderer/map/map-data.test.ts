import { beforeAll, describe, expect, it } from 'vitest';
import { setSystemLocale } from '../lib/dates';
import type { MapRoute, MapShipmentPoint } from '../../shared/contract';
import { boundsOf, hoverText, nearLongitude, portsCollection, positionsCollection, routeCollection, routePositions } from './map-data';

// A system without a locale of its own writes ISO dates on a 24-hour clock.
beforeAll(() => setSystemLocale(null));

const point = (id: number, lat: number, lng: number): MapShipmentPoint => ({
  id,
  reference: `MSCU${1000000 + id}`,
  lat,
  lng,
  shipmentStatus: id % 2 ? 'IN_TRANSIT' : null,
  eta: id % 2 ? '2026-12-04T14:00:00' : null,
  podName: id % 2 ? 'Rotterdam' : null,
});

describe('positionsCollection', () => {
  it('puts each shipment at [lng, lat] with what a click needs', () => {
    const collection = positionsCollection([point(1, 51.9, 4.1), point(2, -33.9, 151.2)]);
    expect(collection.features.map((f) => f.geometry.coordinates)).toEqual([
      [4.1, 51.9],
      [151.2, -33.9],
    ]);
    expect(collection.features[0]!.properties).toEqual({ id: 1, reference: 'MSCU1000001', status: 'IN_TRANSIT', eta: '2026-12-04T14:00:00', pod: 'Rotterdam' });
    // Missing values stay empty, never made up.
    expect(collection.features[1]!.properties).toMatchObject({ status: '', eta: '', pod: '' });
    expect(collection.features[1]!.id).toBe(2);
  });
});

describe('hoverText', () => {
  it('names the shipment with what is known, in the forwarder’s words, dates as given', () => {
    const [known, bare] = positionsCollection([point(1, 51.9, 4.1), point(2, 0, 0)]).features.map((f) => f.properties);
    expect(hoverText(known!)).toBe('MSCU1000001 · In transit · POD Rotterdam · ETA 2026-12-04');
    expect(hoverText(bare!)).toBe('MSCU1000002');
    // A status Quayside does not know yet is still said in words (the raw code stays in --json and the raw answer).
    expect(hoverText({ reference: 'X1', status: 'SOMETHING_NEW' })).toBe('X1 · Something new');
  });
});

describe('portsCollection', () => {
  it('labels each port with the number of shipments due there', () => {
    const collection = portsCollection([{ name: 'Hamburg', country: 'Germany', lat: 53.5, lng: 9.9, due: 4 }]);
    expect(collection.features[0]).toEqual({
      type: 'Feature',
      properties: { name: 'Hamburg', country: 'Germany', due: 4, label: 'Hamburg · 4' },
      geometry: { type: 'Point', coordinates: [9.9, 53.5] },
    });
  });
});

describe('routeCollection', () => {
  const transpacific: MapRoute = {
    shipmentId: 7,
    // From the core: already [lng, lat], Shanghai → Los Angeles unwrapped past 180°.
    segments: [
      [
        [121.5, 31.2],
        [160, 35],
        [200, 36],
        [241.7, 33.7],
      ],
    ],
    current: { lat: 36, lng: -160 },
    places: [
      { role: 'pol', name: 'Shanghai', lat: 31.2, lng: 121.5, date: '2026-11-01T08:00:00' },
      { role: 'pod', name: 'Los Angeles', lat: 33.7, lng: -118.3, date: null },
    ],
  };

  it('is empty without a route', () => {
    expect(routeCollection(null).features).toEqual([]);
  });

  it('uses the core’s segments as they are (no second conversion)', () => {
    const line = routeCollection(transpacific).features.find((f) => f.properties.kind === 'line')!;
    expect(line.geometry).toEqual({ type: 'MultiLineString', coordinates: transpacific.segments });
  });

  it('brings the places and the current position next to the unwrapped line', () => {
    const points = routeCollection(transpacific).features.filter((f) => f.geometry.type === 'Point');
    expect(points.map((f) => [f.properties.label, f.geometry.coordinates])).toEqual([
      ['Shanghai (POL)', [121.5, 31.2]],
      ['Los Angeles (POD)', [241.7, 33.7]],
      ['Now', [200, 36]],
    ]);
  });

  it('labels a place once when it has two roles', () => {
    const places: MapRoute['places'] = [
      { role: 'origin', name: 'Chicago', lat: 41.9, lng: -87.6, date: null },
      { role: 'pod', name: 'Qingdao', lat: 36.1, lng: 120.3, date: null },
      { role: 'destination', name: 'Qingdao', lat: 36.1, lng: 120.3, date: null },
    ];
    const labels = routeCollection({ ...transpacific, current: null, places }).features.filter((f) => f.properties.kind === 'place');
    expect(labels.map((f) => f.properties.label)).toEqual(['Chicago (origin)', 'Qingdao (POD, destination)']);
  });

  it('shows the ports even when no sea route was given', () => {
    const collection = routeCollection({ ...transpacific, segments: [], current: null });
    expect(collection.features.map((f) => f.properties.kind)).toEqual(['place', 'place']);
    expect(collection.features[1]!.geometry).toEqual({ type: 'Point', coordinates: [-118.3, 33.7] });
  });

  it('gives every coordinate for fitting the camera', () => {
    const bounds = boundsOf(routePositions(routeCollection(transpacific)));
    expect(bounds).toEqual([
      [121.5, 31.2],
      [241.7, 36],
    ]);
  });
});

describe('nearLongitude and boundsOf', () => {
  it('moves a longitude by whole turns only', () => {
    expect(nearLongitude(-160, 180)).toBe(200);
    expect(nearLongitude(170, -170)).toBe(-190);
    expect(nearLongitude(10, 0)).toBe(10);
  });

  it('has no bounds for nothing', () => {
    expect(boundsOf([])).toBeNull();
  });
});
