/**
 * The map's style: a basemap of countries (no tile server, no glyph server: MapLibre 6 draws
 * label text with the system's fonts), the ports with the number of shipments due, the
 * shipments' current positions clustered, and the open shipment's route. Colours come from the
 * theme's CSS variables (map.css), read when the map is made and again when the theme changes.
 */
import type { FeatureCollection } from 'geojson';
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';

export const SOURCES = { countries: 'countries', countriesDetail: 'countries-detail', ports: 'ports', positions: 'positions', route: 'route' } as const;

/**
 * The world is drawn from the 1:110m countries (small, quick to cut into tiles); from this zoom
 * on, the 1:50m countries take over once they are loaded (on the first zoom this close).
 */
export const DETAIL_ZOOM = 3;

export const LAYERS = {
  water: 'water',
  land: 'land',
  borders: 'borders',
  landDetail: 'land-detail',
  bordersDetail: 'borders-detail',
  ports: 'ports',
  portLabels: 'port-labels',
  routeLine: 'route-line',
  routePlaces: 'route-places',
  routeLabels: 'route-labels',
  clusters: 'clusters',
  clusterCounts: 'cluster-counts',
  positions: 'positions',
} as const;

/** Above this zoom no position is clustered any more. */
const CLUSTER_MAX_ZOOM = 7;
const CLUSTER_RADIUS = 44;

export interface MapColours {
  water: string;
  land: string;
  border: string;
  position: string;
  positionStroke: string;
  cluster: string;
  clusterText: string;
  port: string;
  route: string;
  label: string;
  labelHalo: string;
}

const VARIABLES: Record<keyof MapColours, string> = {
  water: '--map-water',
  land: '--map-land',
  border: '--map-border',
  position: '--map-position',
  positionStroke: '--map-position-stroke',
  cluster: '--map-cluster',
  clusterText: '--map-cluster-text',
  port: '--map-port',
  route: '--map-route',
  label: '--map-label',
  labelHalo: '--map-label-halo',
};

/** Used when a variable is missing (jsdom, or a stylesheet not loaded yet). */
const FALLBACK: MapColours = {
  water: '#dce7f1',
  land: '#f6f4ee',
  border: '#bdb6a6',
  position: '#1d5fbf',
  positionStroke: '#ffffff',
  cluster: '#1d5fbf',
  clusterText: '#ffffff',
  port: '#b35400',
  route: '#c2185b',
  label: '#17202b',
  labelHalo: '#ffffff',
};

export function readColours(element: Element): MapColours {
  const style = getComputedStyle(element);
  const out = { ...FALLBACK };
  for (const key of Object.keys(VARIABLES) as (keyof MapColours)[]) {
    const value = style.getPropertyValue(VARIABLES[key]).trim();
    if (value) out[key] = value;
  }
  return out;
}

const FONT = ['Open Sans Regular', 'Arial Unicode MS Regular'];
const isCluster: ExpressionSpecification = ['has', 'point_count'];
/** A port's circle grows with the square root of the shipments due there (its area with the count), up to 300 due. */
const portRadius = (one: number, many: number): ExpressionSpecification => ['interpolate', ['linear'], ['sqrt', ['get', 'due']], 1, one, 17, many];
const borderWidth: ExpressionSpecification = ['interpolate', ['linear'], ['zoom'], 1, 0.4, 6, 1.2];

/** Paint properties that follow the theme, per layer, for setPaintProperty on a theme change. */
export function themedPaint(c: MapColours): Record<string, Record<string, string>> {
  return {
    [LAYERS.water]: { 'background-color': c.water },
    [LAYERS.land]: { 'fill-color': c.land },
    [LAYERS.borders]: { 'line-color': c.border },
    [LAYERS.landDetail]: { 'fill-color': c.land },
    [LAYERS.bordersDetail]: { 'line-color': c.border },
    [LAYERS.ports]: { 'circle-color': c.port, 'circle-stroke-color': c.labelHalo },
    [LAYERS.portLabels]: { 'text-color': c.label, 'text-halo-color': c.labelHalo },
    [LAYERS.routeLine]: { 'line-color': c.route },
    [LAYERS.routePlaces]: { 'circle-color': c.route, 'circle-stroke-color': c.labelHalo },
    [LAYERS.routeLabels]: { 'text-color': c.label, 'text-halo-color': c.labelHalo },
    [LAYERS.clusters]: { 'circle-color': c.cluster, 'circle-stroke-color': c.positionStroke },
    [LAYERS.clusterCounts]: { 'text-color': c.clusterText },
    [LAYERS.positions]: { 'circle-color': c.position, 'circle-stroke-color': c.positionStroke },
  };
}

function layers(c: MapColours): LayerSpecification[] {
  const p = themedPaint(c);
  return [
    { id: LAYERS.water, type: 'background', paint: p[LAYERS.water] },
    { id: LAYERS.land, type: 'fill', source: SOURCES.countries, paint: p[LAYERS.land] },
    { id: LAYERS.borders, type: 'line', source: SOURCES.countries, paint: { ...p[LAYERS.borders], 'line-width': borderWidth } },
    { id: LAYERS.landDetail, type: 'fill', source: SOURCES.countriesDetail, minzoom: DETAIL_ZOOM, paint: p[LAYERS.landDetail] },
    { id: LAYERS.bordersDetail, type: 'line', source: SOURCES.countriesDetail, minzoom: DETAIL_ZOOM, paint: { ...p[LAYERS.bordersDetail], 'line-width': borderWidth } },
    {
      id: LAYERS.ports,
      type: 'circle',
      source: SOURCES.ports,
      paint: {
        ...p[LAYERS.ports],
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 1, portRadius(3, 10), 5, portRadius(5, 18)],
        'circle-opacity': 0.5,
        'circle-stroke-width': 1,
        'circle-stroke-opacity': 0.9,
      },
    },
    {
      id: LAYERS.portLabels,
      type: 'symbol',
      source: SOURCES.ports,
      minzoom: 1.6,
      layout: { 'text-field': ['get', 'label'], 'text-font': FONT, 'text-size': 11, 'text-offset': [0, 1.2], 'text-anchor': 'top', 'text-padding': 1 },
      paint: { ...p[LAYERS.portLabels], 'text-halo-width': 1.5 },
    },
    {
      id: LAYERS.routeLine,
      type: 'line',
      source: SOURCES.route,
      filter: ['==', ['get', 'kind'], 'line'],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { ...p[LAYERS.routeLine], 'line-width': 3, 'line-dasharray': [2, 1.5] },
    },
    {
      id: LAYERS.clusters,
      type: 'circle',
      source: SOURCES.positions,
      filter: isCluster,
      paint: {
        ...p[LAYERS.clusters],
        'circle-radius': ['interpolate', ['linear'], ['get', 'point_count'], 2, 13, 50, 19, 500, 26],
        'circle-opacity': 0.9,
        'circle-stroke-width': 2,
      },
    },
    {
      id: LAYERS.clusterCounts,
      type: 'symbol',
      source: SOURCES.positions,
      filter: isCluster,
      // Counts never hide the port and route labels: they sit on their own circle.
      layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-font': FONT, 'text-size': 12, 'text-allow-overlap': true, 'text-ignore-placement': true },
      paint: p[LAYERS.clusterCounts],
    },
    {
      id: LAYERS.positions,
      type: 'circle',
      source: SOURCES.positions,
      filter: ['!', isCluster],
      paint: { ...p[LAYERS.positions], 'circle-radius': 6, 'circle-stroke-width': 2 },
    },
    // The open shipment's places and labels above everything else: placed first, never hidden by a cluster.
    {
      id: LAYERS.routePlaces,
      type: 'circle',
      source: SOURCES.route,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: { ...p[LAYERS.routePlaces], 'circle-radius': ['match', ['get', 'kind'], 'current', 7, 5], 'circle-stroke-width': 2 },
    },
    {
      id: LAYERS.routeLabels,
      type: 'symbol',
      source: SOURCES.route,
      filter: ['==', ['geometry-type'], 'Point'],
      layout: {
        'text-field': ['get', 'label'],
        'text-font': FONT,
        'text-size': 12,
        'text-variable-anchor': ['bottom', 'top', 'left', 'right'],
        'text-radial-offset': 0.9,
      },
      paint: { ...p[LAYERS.routeLabels], 'text-halo-width': 2 },
    },
  ];
}

const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

export function mapStyle(countries: FeatureCollection, colours: MapColours): StyleSpecification {
  return {
    version: 8,
    sources: {
      // The data holds no more detail than these zooms show: deeper tiles are overzoomed, not cut again.
      [SOURCES.countries]: { type: 'geojson', data: countries, tolerance: 0.5, maxzoom: DETAIL_ZOOM },
      [SOURCES.countriesDetail]: { type: 'geojson', data: empty(), tolerance: 0.5, maxzoom: 6 },
      [SOURCES.ports]: { type: 'geojson', data: empty() },
      [SOURCES.route]: { type: 'geojson', data: empty() },
      [SOURCES.positions]: { type: 'geojson', data: empty(), cluster: true, clusterMaxZoom: CLUSTER_MAX_ZOOM, clusterRadius: CLUSTER_RADIUS },
    },
    layers: layers(colours),
  };
}
