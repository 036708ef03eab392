/**
 * The drawn map: MapLibre loaded on first use, fed from the map store, recoloured when the
 * theme changes, with zoom buttons. Where it cannot be drawn (no WebGL), it says so; the list
 * beside it still shows everything.
 */
import { useEffect, useRef, useState } from 'react';
import { useDetail } from '../state/detail';
import { useMap } from '../state/map';
import type { QuaysideMap } from './map-engine';
import { readColours } from './map-style';

/** What to tell the person when MapLibre cannot start: WebGL missing is the usual reason. */
function mapFailureText(message: string): string {
  const list = 'The list beside it shows the same shipments and ports.';
  if (/webgl/i.test(message)) return `The map cannot be drawn on this computer: it needs WebGL 2 graphics, which are turned off or not supported here. ${list}`;
  return `The map could not be drawn (${message}). ${list} Open the Map view again to retry.`;
}

export function MapCanvas({ label }: { label: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<QuaysideMap | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const view = useMap((s) => s.view);
  const route = useMap((s) => s.route);
  const fittedRoute = useRef<number | null>(null);
  const fittedView = useRef(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let made: QuaysideMap | null = null;
    import('./map-engine')
      // Unmounted while MapLibre was loading (or React's development double mount): no map is made.
      .then(({ createQuaysideMap }) =>
        cancelled ? null : createQuaysideMap(container, readColours(container), { openShipment: (id) => useDetail.getState().open(id) }),
      )
      .then((created) => {
        if (!created) return;
        if (cancelled) return created.destroy();
        made = created;
        created.exposeForTests();
        setHandle(created);
      })
      .catch((err: unknown) => {
        if (!cancelled) setFailure(err instanceof Error ? err.message : String(err));
      });
    return () => {
      cancelled = true;
      made?.destroy();
    };
  }, []);

  useEffect(() => {
    if (!handle || !view) return;
    handle.showPositions(view.shipments);
    handle.showPorts(view.ports);
    if (!fittedView.current && view.shipments.length > 0) {
      fittedView.current = true;
      handle.fitToPositions();
    }
  }, [handle, view]);

  useEffect(() => {
    if (!handle) return;
    const fit = route !== null && fittedRoute.current !== route.shipmentId;
    handle.showRoute(route, fit);
    fittedRoute.current = route?.shipmentId ?? null;
  }, [handle, route]);

  useEffect(() => handle?.setLabel(label), [handle, label]);

  // The theme is applied to <html data-theme> by the App; the map follows every change of it.
  useEffect(() => {
    const container = containerRef.current;
    if (!handle || !container) return;
    const recolour = () => handle.setColours(readColours(container));
    // The theme may have been applied while MapLibre was loading.
    recolour();
    const observer = new MutationObserver(recolour);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [handle]);

  return (
    <div className="map-canvas-area">
      <div ref={containerRef} className="map-canvas" data-ready={handle ? 'true' : 'false'} />
      {!handle && !failure && (
        <p className="map-overlay-message" role="status">
          Loading the map…
        </p>
      )}
      {failure && (
        <p className="map-overlay-message" role="alert">
          {mapFailureText(failure)}
        </p>
      )}
      {handle && (
        <div className="map-zoom" role="group" aria-label="Zoom">
          <button type="button" className="icon-button" aria-label="Zoom in" title="Zoom in (+)" onClick={() => handle.zoomIn()}>
            +
          </button>
          <button type="button" className="icon-button" aria-label="Zoom out" title="Zoom out (−)" onClick={() => handle.zoomOut()}>
            −
          </button>
          <button type="button" className="icon-button" aria-label="Show all shipments" title="Show all shipments" onClick={() => handle.fitToPositions()}>
            ⤢
          </button>
        </div>
      )}
    </div>
  );
}
