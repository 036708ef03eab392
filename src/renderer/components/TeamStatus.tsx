/** The team in the status bar: "Team: 3 desks online · leader Desk-2 · 2 waiting", or that its database cannot be reached. Opens Settings → Team. */
import { plural } from '../lib/format';
import { desksOnline, useTeam } from '../state/team';
import { useUi } from '../state/ui';
import '../settings/team.css';

export function TeamStatus() {
  const view = useTeam((s) => s.view);
  if (!view?.team) return null;
  const waiting = view.pending > 0 ? ` · ${plural(view.pending, 'change')} waiting` : '';
  const text = view.connected
    ? `Team: ${plural(desksOnline(view).length, 'desk')} online · ${view.leader ? `leader ${view.leader}` : 'no leader'}${waiting}`
    : `Team offline — working from this desk's cache${waiting}`;
  return (
    <button
      type="button"
      className={`statusbar-team ${view.connected ? 'is-connected' : 'is-unreachable'}`}
      title={view.connected ? `Team database ${view.team}; this desk is "${view.desk ?? ''}". Open Settings → Team.` : (view.problem ?? 'The team database cannot be reached.')}
      onClick={() => {
        useUi.getState().setView('settings');
        requestAnimationFrame(() => document.getElementById('settings-team-section')?.scrollIntoView({ block: 'start' }));
      }}
    >
      <span className="dot" aria-hidden="true" />
      {text}
    </button>
  );
}
