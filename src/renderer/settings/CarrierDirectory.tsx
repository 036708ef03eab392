/** The carriers the service supports, with what each can track; filterable, refreshed on demand. */
import { useEffect, useMemo, useState } from 'react';
import type { CarrierDirectory as Directory } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { plural } from '../lib/format';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useClock } from '../state/clock';
import { useSettings } from '../state/settings';
import { ScrollRegion } from '../components/ScrollRegion';

const yes = (v: boolean) => (v ? '✓' : '—');

export function CarrierDirectory() {
  const [directory, setDirectory] = useState<Directory | null>(null);
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const now = useClock((s) => s.now);

  const load = async (refresh: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setDirectory(await call('settings.carriers', { refresh }));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  // Read again when the key changes: without one the service cannot be asked.
  const keyLast4 = useSettings((s) => s.key?.last4 ?? null);
  useEffect(() => {
    void load(false);
  }, [keyLast4]);

  const carriers = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const all = directory?.carriers ?? [];
    return q ? all.filter((c) => c.name.toLowerCase().includes(q) || c.scac.toLowerCase().includes(q)) : all;
  }, [directory, filter]);

  return (
    <section className="card settings-section" aria-labelledby="settings-carriers">
      <h2 id="settings-carriers" className="section-title">
        Carrier directory
      </h2>
      <div className="row-form">
        <label className="field grow">
          <span className="field-label">Filter carriers</span>
          <input className="input" type="search" placeholder="Name or SCAC" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <button type="button" className="button" onClick={() => void load(true)} disabled={busy}>
          {busy ? 'Refreshing…' : 'Refresh carriers'}
        </button>
      </div>
      <p className="muted small">
        {directory ? plural(carriers.length, 'carrier') : ''}
        {directory?.fetchedAt && (
          <span title={absoluteTime(directory.fetchedAt)}> · fetched {relativeTime(directory.fetchedAt, now)}</span>
        )}
        {directory && !directory.fetchedAt && ' · not fetched from the service yet'}
      </p>
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      <ScrollRegion className="data-table-wrap carrier-table-wrap" label="Carriers, scrollable">
        <table className="data-table carrier-table" aria-label="Carriers">
          <thead>
            <tr>
              <th scope="col">Carrier</th>
              <th scope="col">SCAC</th>
              <th scope="col">Containers</th>
              <th scope="col">B/L</th>
              <th scope="col">Booking</th>
            </tr>
          </thead>
          <tbody>
            {carriers.map((c) => (
              <tr key={c.scac}>
                <td>{c.name}</td>
                <td className="mono">{c.scac}</td>
                <td aria-label={c.containers ? 'yes' : 'no'}>{yes(c.containers)}</td>
                <td aria-label={c.bl ? 'yes' : 'no'}>{yes(c.bl)}</td>
                <td aria-label={c.booking ? 'yes' : 'no'}>{yes(c.booking)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
