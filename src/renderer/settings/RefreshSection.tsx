/**
 * Settings → Background refresh: how often the cache reads the shipments list (no credits), when
 * it last did and next will, what stopped it, and "Refresh now". In a team the sync leader
 * refreshes for every desk, so this desk's own timer stands down (the interval is kept for when
 * it works alone again).
 */
import type { SyncView } from '../../shared/contract';
import { formatCount } from '../lib/format';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useClock } from '../state/clock';
import { useSettings } from '../state/settings';
import { useSync } from '../state/sync';
import { useTeam } from '../state/team';
import { NumberSettingForm } from './NumberSettingForm';

const clockTime = (iso: string): string => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

function RefreshProgress({ view }: { view: SyncView }) {
  const known = view.totalPages > 0;
  const percent = known ? Math.round((100 * Math.min(view.page, view.totalPages)) / view.totalPages) : 0;
  return (
    <div className="refresh-progress">
      <div
        className="import-progress-bar"
        role="progressbar"
        aria-label="Refreshing the cache"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? percent : undefined}
        aria-valuetext={known ? `page ${formatCount(view.page)} of ${formatCount(view.totalPages)}` : 'starting'}
      >
        <span className="import-progress-done" style={{ width: `${percent}%` }} />
      </div>
      <p className="small muted">{known ? `Refreshing: page ${formatCount(view.page)} of ${formatCount(view.totalPages)}…` : 'Refreshing: asking for the first page…'}</p>
    </div>
  );
}

/** The state in one or two sentences: last, next, or why there is no next. */
function RefreshFacts({ view, minutes, inTeam }: { view: SyncView; minutes: number | undefined; inTeam: boolean }) {
  const now = useClock((s) => s.now);
  const last = view.lastSyncAt ? (
    <>
      Last refreshed <span title={absoluteTime(view.lastSyncAt)}>{relativeTime(view.lastSyncAt, now)}</span>.
    </>
  ) : (
    'Not refreshed yet on this desk.'
  );
  let next: string;
  if (inTeam) next = "This desk works in a team: the team's sync leader refreshes every desk's cache.";
  else if (minutes === 0) next = 'Background refresh is off: the cache changes only with Refresh now, imports and quick tracks.';
  else if (view.nextSyncAt) next = `Next at ${clockTime(view.nextSyncAt)}.`;
  else if (view.running) next = '';
  else next = 'No refresh is planned: an API key is needed first.';
  return (
    <p className="small">
      {last} {next}
    </p>
  );
}

export function RefreshSection() {
  const minutes = useSettings((s) => s.settings?.syncIntervalMinutes);
  const update = useSettings((s) => s.update);
  const view = useSync((s) => s.view);
  const error = useSync((s) => s.error);
  const refreshNow = useSync((s) => s.refreshNow);
  const inTeam = useTeam((s) => s.view?.team != null);
  const running = view?.running ?? false;
  return (
    <section className="card settings-section" aria-labelledby="settings-refresh">
      <h2 id="settings-refresh" className="section-title">
        Background refresh
      </h2>
      <p className="muted small">
        While Quayside runs it reads the whole shipments list from the service at this interval, so ETAs and events stay current. Reading the list costs no credits; 0 turns it
        off.
      </p>
      <NumberSettingForm
        label="Refresh every (minutes)"
        stored={minutes}
        min={0}
        max={24 * 60}
        rule="Give a whole number of minutes from 0 (off) to 1440 (once a day)."
        save={async (n) => {
          await update({ syncIntervalMinutes: n });
        }}
      />
      {view && (running ? <RefreshProgress view={view} /> : <RefreshFacts view={view} minutes={minutes} inTeam={inTeam} />)}
      {view?.lastError && !running && (
        <p className="inline-error" role="alert">
          The last refresh stopped: {view.lastError}
        </p>
      )}
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button" disabled={running} onClick={() => void refreshNow()}>
          {running ? 'Refreshing…' : 'Refresh now'}
        </button>
      </div>
    </section>
  );
}
