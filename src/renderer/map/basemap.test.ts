import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import type { Topology } from 'topojson-specification';
import countries110 from 'world-atlas/countries-110m.json';
import countries50 from 'world-atlas/countries-50m.json';
import { describe, expect, it } from 'vitest';
import { MERCATOR_MAX_LAT, closeRing, countriesFromTopology, unwrapRing } from './basemap';

/** The longest step between neighbours of any ring, leaving out the pole edge closeRing adds. */
function longestStepOffEdge(collection: FeatureCollection<Polygon | MultiPolygon>): number {
  let longest = 0;
  for (const f of collection.features) {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    for (const ring of polygons.flat()) {
      for (let i = 1; i < ring.length; i++) {
        const onEdge = Math.abs(ring[i]![1]!) === MERCATOR_MAX_LAT && Math.abs(ring[i - 1]![1]!) === MERCATOR_MAX_LAT;
        if (!onEdge) longest = Math.max(longest, Math.abs(ring[i]![0]! - ring[i - 1]![0]!));
      }
    }
  }
  return longest;
}

function ringsOf(collection: FeatureCollection<Polygon | MultiPolygon>, name: string): Position[][] {
  const country = collection.features.find((f) => f.properties?.['name'] === name);
  if (!country) throw new Error(`${name} is not in the basemap`);
  return country.geometry.type === 'Polygon' ? country.geometry.coordinates : country.geometry.coordinates.flat();
}

describe('unwrapRing', () => {
  it('keeps a ring that does not cross ±180° exactly as it is', () => {
    const ring = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 10],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });

  it('moves the far side of a crossing ring by 360° so that it stays continuous', () => {
    const fiji = [
      [179, -16],
      [-179.5, -16.2],
      [-179.8, -17],
      [179.2, -17],
      [179, -16],
    ];
    expect(unwrapRing(fiji)).toEqual([
      [179, -16],
      [180.5, -16.2],
      [180.2, -17],
      [179.2, -17],
      [179, -16],
    ]);
  });
});

describe('closeRing', () => {
  it('leaves a closed ring alone', () => {
    const ring = [
      [0, 0],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(closeRing(ring)).toBe(ring);
  });

  it('closes a ring that goes round the south pole along the bottom edge of the map', () => {
    const round = unwrapRing([
      [-180, -70],
      [-60, -65],
      [60, -68],
      [179, -70],
      [-180, -70],
    ]);
    expect(round.at(-1)).toEqual([180, -70]);
    const closed = closeRing(round);
    expect(closed.slice(-3)).toEqual([
      [180, -MERCATOR_MAX_LAT],
      [-180, -MERCATOR_MAX_LAT],
      [-180, -70],
    ]);
  });
});

describe.each([
  ['110m', countries110 as unknown as Topology],
  ['50m', countries50 as unknown as Topology],
])('world-atlas countries-%s', (_, topology) => {
  const collection = countriesFromTopology(topology);

  it('has every country, each with a name', () => {
    expect(collection.features.length).toBeGreaterThan(170);
    expect(collection.features.every((f) => typeof f.properties.name === 'string')).toBe(true);
  });

  it('has no step of 180° or more between neighbouring points (nothing smears across the map)', () => {
    expect(longestStepOffEdge(collection)).toBeLessThan(180);
  });

  it('keeps Chukotka east of the Bering Strait joined to Russia (longitudes past 180°)', () => {
    const east = ringsOf(collection, 'Russia')
      .flat()
      .map((p) => p[0]!);
    expect(Math.max(...east)).toBeGreaterThan(180);
    expect(Math.max(...east)).toBeLessThan(195);
  });

  it('closes Antarctica along the bottom of the map, and only Antarctica', () => {
    const onEdge = collection.features.filter((f) => {
      const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
      return polygons.flat(2).some((p) => p[1] === -MERCATOR_MAX_LAT);
    });
    expect(onEdge.map((f) => f.properties.name)).toEqual(['Antarctica']);
    for (const ring of ringsOf(collection, 'Antarctica')) {
      expect(ring[0]).toEqual(ring.at(-1));
    }
  });

  it('keeps Fiji together near 180°', () => {
    for (const ring of ringsOf(collection, 'Fiji')) {
      const lngs = ring.map((p) => p[0]!);
      expect(Math.max(...lngs) - Math.min(...lngs)).toBeLessThan(5);
    }
  });
});
