/** The bottom bar: online state, the scheduler's queue and what it waits for, notes not yet sent, the team. */
import { useEffect, useState } from 'react';
import { formatCount, plural } from '../lib/format';
import { useSettings } from '../state/settings';
import { useStatus } from '../state/status';
import { TeamStatus } from './TeamStatus';

function useSecondTick(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

function formatSlot(ms: number): string {
  if (ms < 1000) return 'now';
  const s = Math.ceil(ms / 1000);
  return s < 60 ? `in ${s} s` : `in ${Math.ceil(s / 60)} min`;
}

export function StatusBar() {
  const view = useStatus((s) => s.view);
  const receivedAt = useStatus((s) => s.receivedAt);
  const error = useStatus((s) => s.error);
  const demo = useSettings((s) => s.settings?.demo ?? false);
  const now = useSecondTick(view?.waiting != null);

  return (
    <footer className="statusbar" role="status" aria-label="Service status">
      {!view ? (
        <span className="muted">{error ?? 'Connecting to the Quayside back end…'}</span>
      ) : (
        <>
          <span className={`online ${view.online ? 'is-online' : 'is-offline'}`}>
            <span className="dot" aria-hidden="true" />
            {view.online ? 'Online' : 'Offline — work continues from the cache; requests wait until the service is reachable'}
          </span>
          <span>
            {view.queued === 0 ? 'No requests queued' : `${plural(view.queued, 'request')} queued`}
            {view.inFlight > 0 && `, ${formatCount(view.inFlight)} in flight`}
          </span>
          {view.waiting && (
            // The countdown is not announced every second.
            <span aria-live="off">
              {view.waiting.label}: next slot {formatSlot(Math.max(0, view.waiting.nextSlotInMs - (now - receivedAt)))}
            </span>
          )}
          {view.outboxPending > 0 && <span className="badge badge-pending">{plural(view.outboxPending, 'note')} waiting to be sent</span>}
          {view.rateLimited > 0 && <span className="muted">Rate-limited requests: {formatCount(view.rateLimited)}</span>}
        </>
      )}
      <span className="spacer" />
      <TeamStatus />
      {demo && <span className="badge">Demo data</span>}
    </footer>
  );
}
