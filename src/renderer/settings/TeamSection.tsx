/**
 * Settings → Team: join with the team database's address, or, once joined, the team as this desk
 * sees it (connected or not and why, the sync leader, the desks and when each was last seen, the
 * last pull, what waits to be pushed) and leaving it, after a confirmation.
 */
import { useEffect, useState } from 'react';
import type { TeamView } from '../../shared/contract';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { plural } from '../lib/format';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { desksOnline, useTeam } from '../state/team';
import { TeamJoinForm } from './TeamJoinForm';
import { ScrollRegion } from '../components/ScrollRegion';
import './team.css';

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

function TeamDetails({ view, notice }: { view: TeamView; notice: string | null }) {
  const leave = useTeam((s) => s.leave);
  const [confirming, setConfirming] = useState(false);
  const now = useNow(10_000);
  const online = new Set(desksOnline(view).map((d) => d.desk));

  return (
    <>
      {view.connected ? (
        <p className="team-state is-connected">
          <span className="dot" aria-hidden="true" />
          <span>
            Connected to <span className="mono">{view.team}</span> as desk <strong>{view.desk}</strong>.
          </span>
        </p>
      ) : (
        <p className="team-state is-unreachable" role="alert">
          <span className="dot" aria-hidden="true" />
          <span>
            {/* The engine's sentence already says the desk works on from its cache. */}
            {view.problem ?? (
              <>
                Not connected to <span className="mono">{view.team}</span> yet; this desk keeps working on its own cache.
              </>
            )}
            {view.pending > 0 && ` ${plural(view.pending, 'change')} waiting to be pushed (field edits, list edits, attention marks) will go out when the team database is back.`}
          </span>
        </p>
      )}
      {/* The join's confirmation, while it still describes the team's state. */}
      {notice && view.connected && (
        <p className="inline-ok" role="status">
          {notice}
        </p>
      )}
      <dl className="team-facts">
        <dt>Sync leader</dt>
        <dd>{view.leader ? `${view.leader}${view.leader === view.desk ? ' (this desk)' : ''}: it refreshes the shipments for every desk` : view.connected ? 'None right now: no desk has Quayside open' : 'Not known while not connected'}</dd>
        <dt>Desks online</dt>
        <dd>{view.connected ? `${online.size} of ${plural(view.desks.length, 'desk')} on this API key` : 'Not known while not connected'}</dd>
        <dt>Last pull from the team</dt>
        <dd title={absoluteTime(view.lastPullAt)}>{view.lastPullAt ? relativeTime(view.lastPullAt, now) : view.leader !== null && view.leader === view.desk ? 'Not needed: this desk leads, the others pull from it' : 'Not yet'}</dd>
        <dt>Waiting to be pushed</dt>
        <dd>{view.pending === 0 ? 'Nothing' : `${plural(view.pending, 'change')} the team has not had yet (field edits, list edits, attention marks)`}</dd>
      </dl>
      {view.desks.length > 0 && (
        <ScrollRegion className="data-table-wrap" label="Desks on this API key, scrollable">
          <table className="data-table team-desks">
            <caption className="sr-only">Desks on this API key</caption>
            <thead>
              <tr>
                <th scope="col">Desk</th>
                <th scope="col">Last seen</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {view.desks.map((d) => (
                <tr key={d.desk}>
                  <td>
                    {d.desk}
                    {d.desk === view.desk && <span className="muted"> (this desk)</span>}
                  </td>
                  <td title={absoluteTime(d.lastSeenAt)}>{relativeTime(d.lastSeenAt, now)}</td>
                  <td>
                    {online.has(d.desk) ? <span className="pill pill-done">Online</span> : <span className="pill pill-muted">Away</span>}
                    {d.desk === view.leader && <span className="pill pill-transit team-leader-pill">Leader</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <div className="row-form">
        <button type="button" className="button danger-ghost" onClick={() => setConfirming(true)}>
          Leave the team…
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Leave the team?"
          confirmLabel="Leave the team"
          busyLabel="Leaving…"
          danger
          onConfirm={leave}
          onDone={() => setConfirming(false)}
          onClose={() => setConfirming(false)}
        >
          <p>
            This desk forgets the team&apos;s address (it is removed from the system keychain) and works alone again on its own cache, refreshing from the service by
            itself. The team database keeps its data; the other desks go on as before.
          </p>
          {view.pending > 0 && <p>Not yet pushed: {plural(view.pending, 'change')}. They stay on this desk and go out if it joins the team again.</p>}
        </ConfirmDialog>
      )}
    </>
  );
}

export function TeamSection() {
  const view = useTeam((s) => s.view);
  const error = useTeam((s) => s.error);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="card settings-section" aria-labelledby="settings-team" id="settings-team-section">
      <h2 id="settings-team" className="section-title">
        Team
      </h2>
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      {view === null ? (
        !error && <p className="muted">Reading…</p>
      ) : view.team === null ? (
        <TeamJoinForm view={view} joined={(v) => setNotice(`Joined the team at ${v.team ?? ''} as desk "${v.desk ?? ''}"; the address is kept in the system keychain.`)} />
      ) : (
        <TeamDetails view={view} notice={notice} />
      )}
    </section>
  );
}
