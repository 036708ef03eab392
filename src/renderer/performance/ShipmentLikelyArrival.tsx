/**
 * The shipment's detail: its likely arrival (a band beside the carrier's ETA, with the past
 * shipments it stands on, or why there is none) and every ETA seen as a step chart. Read afresh
 * whenever the detail is (`version` changes with each answer of `shipments.get`).
 */
import { useEffect, useState } from 'react';
import type { ShipmentPerformanceView } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';
import { currentDates } from '../lib/dates';
import { EtaStepChart } from './EtaStepChart';

const asks = newestOnly();

export function ShipmentLikelyArrival({ shipmentId, version }: { shipmentId: number; version: unknown }) {
  const [view, setView] = useState<{ id: number; value: ShipmentPerformanceView | null } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    asks
      .run((signal) => call('performance.shipment', shipmentId, { signal }))
      .then((value) => {
        setView({ id: shipmentId, value });
        setError(null);
      })
      .catch((e: unknown) => {
        if (!isAbort(e)) setError(messageOf(e));
      });
  }, [shipmentId, version]);
  useEffect(() => () => asks.cancel(), []);

  const shown = view?.id === shipmentId ? view.value : null;
  return (
    <section className="detail-section" aria-labelledby="detail-likely-arrival">
      <h3 id="detail-likely-arrival" className="section-title">
        Likely arrival
      </h3>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : !shown ? (
        <p className="muted">{view ? 'Not known for this shipment.' : 'Reading the ETA history…'}</p>
      ) : (
        <>
          <p className={shown.likely?.kind === 'band' ? 'perf-likely' : 'muted'}>
            {shown.likely === null
              ? shown.arrival
                ? 'Arrived: no forecast needed.'
                : 'Not on the way: no forecast.'
              : shown.likely.kind === 'band'
                ? `${capital(currentDates().inText(shown.likely.sentence))}. A forecast from past voyages, not the carrier's date.`
                : capital(currentDates().inText(shown.likely.sentence))}
          </p>
          <EtaStepChart etas={shown.etas} arrival={shown.arrival} likely={shown.likely} level={4} title="Every ETA seen" />
        </>
      )}
    </section>
  );
}

const capital = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
