/**
 * MapLibre behind a small handle, loaded only when the Map view opens (this module is imported
 * dynamically: MapLibre, its worker and the basemap stay out of the main bundle; the detailed
 * basemap is one more chunk, loaded on the first close zoom). Clicks on a position open the
 * shipment; clicks on a cluster zoom in until it splits.
 */
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, LngLatBoundsLike, MapGeoJSONFeature } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import coarseTopology from 'world-atlas/countries-110m.json';
import type { MapPort, MapRoute, MapShipmentPoint } from '../../shared/contract';
import { countriesFromTopology } from './basemap';
import { boundsOf, hoverText, portsCollection, positionsCollection, routeCollection, routePositions } from './map-data';
import { DETAIL_ZOOM, LAYERS, type MapColours, SOURCES, mapStyle, themedPaint } from './map-style';

export interface QuaysideMapEvents {
  openShipment(id: number): void;
}

export interface QuaysideMap {
  readonly map: maplibregl.Map;
  showPositions(points: readonly MapShipmentPoint[]): void;
  showPorts(ports: readonly MapPort[]): void;
  /** Draws the route (or clears it with null); `fit` moves the camera onto it. */
  showRoute(route: MapRoute | null, fit: boolean): void;
  fitToPositions(): void;
  setColours(colours: MapColours): void;
  setLabel(label: string): void;
  /** Puts the instance on window.__quaysideMap when a browser test asked for it (window.__quaysideTest). */
  exposeForTests(): void;
  zoomIn(): void;
  zoomOut(): void;
  destroy(): void;
}

/** The world as it fits a window a little wider than tall. */
const WORLD: LngLatBoundsLike = [
  [-170, -58],
  [190, 75],
];
const PADDING = 48;

type Countries = ReturnType<typeof countriesFromTopology>;

/** Converted once per window: the basemap does not change. */
let coarse: Countries | null = null;
let detail: Promise<Countries> | null = null;

function coarseCountries(): Countries {
  coarse ??= countriesFromTopology(coarseTopology);
  return coarse;
}

function detailedCountries(): Promise<Countries> {
  detail ??= import('world-atlas/countries-50m.json').then((m) => countriesFromTopology(m.default));
  return detail;
}

/** Loads the 1:50m countries on the first zoom close enough to need them, then hands the close zooms to them. */
function loadDetailWhenZoomed(map: maplibregl.Map, live: () => boolean): void {
  let asked = false;
  const check = () => {
    if (asked || map.getZoom() < DETAIL_ZOOM - 0.5) return;
    asked = true;
    map.off('zoomend', check);
    void detailedCountries().then((countries) => {
      if (!live()) return;
      void map.getSource<GeoJSONSource>(SOURCES.countriesDetail)?.setData(countries);
      map.setLayerZoomRange(LAYERS.land, 0, DETAIL_ZOOM);
      map.setLayerZoomRange(LAYERS.borders, 0, DETAIL_ZOOM);
    });
  };
  map.on('zoomend', check);
  check();
}

declare global {
  interface Window {
    /** Set by the browser tests before the page loads; only then is the map instance exposed. */
    __quaysideTest?: boolean;
    __quaysideMap?: maplibregl.Map;
  }
}

export async function createQuaysideMap(container: HTMLElement, colours: MapColours, events: QuaysideMapEvents): Promise<QuaysideMap> {
  maplibregl.setWorkerUrl(workerUrl);
  const map = new maplibregl.Map({
    container,
    style: mapStyle(coarseCountries(), colours),
    bounds: WORLD,
    fitBoundsOptions: { padding: 8 },
    minZoom: 0.3,
    maxZoom: 12,
    attributionControl: false,
    dragRotate: false,
    pitchWithRotate: false,
    renderWorldCopies: true,
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  await new Promise<void>((resolve, reject) => {
    map.once('load', () => resolve());
    map.once('error', (event) => reject(new Error(event.error?.message || 'the map could not load its style')));
  });

  let removed = false;
  loadDetailWhenZoomed(map, () => !removed);

  let positionBounds: LngLatBoundsLike | null = null;
  const source = (id: string) => map.getSource<GeoJSONSource>(id);

  const onCluster = async (feature: MapGeoJSONFeature) => {
    const clusterId = feature.properties['cluster_id'] as number;
    const zoom = await source(SOURCES.positions)?.getClusterExpansionZoom(clusterId);
    if (zoom === undefined || feature.geometry.type !== 'Point') return;
    map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom: Math.min(zoom + 0.5, map.getMaxZoom()) });
  };
  map.on('click', LAYERS.clusters, (e) => {
    const feature = e.features?.[0];
    if (feature) void onCluster(feature);
  });
  map.on('click', LAYERS.positions, (e) => {
    const id = Number(e.features?.[0]?.properties['id']);
    if (Number.isInteger(id)) events.openShipment(id);
  });
  for (const layer of [LAYERS.clusters, LAYERS.positions]) {
    map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
    map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
  }
  // Hovering a position names the shipment (text only: nothing from the data becomes HTML).
  const hover = new maplibregl.Popup({ closeButton: false, closeOnClick: false, offset: 10, className: 'map-hover', maxWidth: '420px' });
  map.on('mousemove', LAYERS.positions, (e) => {
    const feature = e.features?.[0];
    if (!feature || feature.geometry.type !== 'Point') return;
    hover
      .setLngLat(feature.geometry.coordinates as [number, number])
      .setText(hoverText(feature.properties))
      .addTo(map);
  });
  map.on('mouseleave', LAYERS.positions, () => hover.remove());

  return {
    map,
    showPositions(points) {
      const collection = positionsCollection(points);
      void source(SOURCES.positions)?.setData(collection);
      positionBounds = boundsOf(collection.features.map((f) => f.geometry.coordinates));
    },
    showPorts(ports) {
      void source(SOURCES.ports)?.setData(portsCollection(ports));
    },
    showRoute(route, fit) {
      const collection = routeCollection(route);
      void source(SOURCES.route)?.setData(collection);
      const bounds = boundsOf(routePositions(collection));
      if (fit && bounds) map.fitBounds(bounds, { padding: PADDING, maxZoom: 6, duration: 600 });
    },
    fitToPositions() {
      map.fitBounds(positionBounds ?? WORLD, { padding: PADDING, maxZoom: 6, duration: 600 });
    },
    setColours(next) {
      for (const [layer, paint] of Object.entries(themedPaint(next))) {
        for (const [property, value] of Object.entries(paint)) map.setPaintProperty(layer, property as Parameters<maplibregl.Map['setPaintProperty']>[1], value);
      }
    },
    setLabel(label) {
      map.getCanvas().setAttribute('aria-label', label);
    },
    exposeForTests() {
      if (window.__quaysideTest) window.__quaysideMap = map;
    },
    zoomIn: () => map.zoomIn(),
    zoomOut: () => map.zoomOut(),
    destroy() {
      removed = true;
      if (window.__quaysideMap === map) delete window.__quaysideMap;
      map.remove();
    },
  };
}
