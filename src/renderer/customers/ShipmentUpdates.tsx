/**
 * The shipment detail's "Customer updates": every update that mentioned this shipment, newest
 * first, with what it told; one opens in the Customers view to read again.
 */
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useClock } from '../state/clock';
import { useCustomers } from '../state/customers';
import { useUi } from '../state/ui';
import { STATE_LABELS, STATE_PILLS } from './customer-view';

type Mentions = ApiOutput<'customers.forShipment'>;

export function CustomerUpdatesSection({ shipmentId }: { shipmentId: number }) {
  const now = useClock((s) => s.now);
  const [mentions, setMentions] = useState<Mentions | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setMentions(null);
    call('customers.forShipment', { shipmentId }).then(
      (answer) => live && setMentions(answer),
      (err: unknown) => live && setError(messageOf(err)),
    );
    return () => {
      live = false;
    };
  }, [shipmentId]);
  const open = (id: string) => {
    useUi.getState().setView('customers');
    void useCustomers.getState().openUpdate(id);
  };
  return (
    <section className="detail-section" aria-labelledby="detail-customer-updates">
      <h3 id="detail-customer-updates" className="section-title">
        Customer updates
      </h3>
      {error ? (
        <p className="inline-error">{error}</p>
      ) : mentions === null ? (
        <p className="muted">Loading…</p>
      ) : mentions.length === 0 ? (
        <p className="muted">No customer update has mentioned this shipment yet.</p>
      ) : (
        <ol className="shipment-updates">
          {mentions.map((m) => (
            <li key={m.id}>
              <span className={`pill ${STATE_PILLS[m.state]}`}>{STATE_LABELS[m.state]}</span>{' '}
              <button type="button" className="link-button" onClick={() => open(m.id)}>
                {m.customer}: {m.subject}
              </button>{' '}
              <span className="muted small" title={absoluteTime(m.sentAt ?? m.createdAt)}>
                {m.sentAt ? 'sent' : 'made'} {relativeTime(m.sentAt ?? m.createdAt, now)}
              </span>
              {m.news.length > 0 && <p className="small">{m.news.join(' ')}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
