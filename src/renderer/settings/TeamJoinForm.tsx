/**
 * Joining a team: the team database's address (it carries the role's password, so it is typed
 * into a password field and dropped from the window's state whatever the answer) and this desk's
 * name. The engine tests the address by connecting before it saves anything.
 */
import { type FormEvent, useEffect, useState } from 'react';
import type { TeamView } from '../../shared/contract';
import { messageOf } from '../api/call';
import { useTeam } from '../state/team';

export function TeamJoinForm({ view, joined }: { view: TeamView; joined(view: TeamView): void }) {
  const join = useTeam((s) => s.join);
  const [address, setAddress] = useState('');
  const [desk, setDesk] = useState(view.hostDesk);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDesk((d) => d || view.hostDesk), [view.hostDesk]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const text = address.trim();
    if (!text) {
      setError('Paste the team database address first (postgres://…), as whoever set the database up gave it to you.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      joined(await join(text, desk.trim() || view.hostDesk));
    } catch (err) {
      setError(messageOf(err));
    } finally {
      // The address (with its password) is not kept in the window, joined or not.
      setAddress('');
      setBusy(false);
    }
  };

  return (
    <>
      <p className="muted">
        Desks that share this API key can work as one team through a PostgreSQL database your office runs: one desk refreshes the shipments for all, imported
        columns reach every desk, and the service&apos;s rate limits hold for all desks together. Each desk keeps its own cache and works on when the database is
        away.
      </p>
      <form className="row-form" onSubmit={submit} aria-describedby={error ? 'team-join-error' : undefined}>
        <label className="field grow">
          <span className="field-label">Team database address</span>
          <input
            className="input mono"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="postgres://quayside:PASSWORD@db.office.lan:5432/quayside"
            value={address}
            disabled={busy}
            onChange={(e) => setAddress(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field-label">This desk&apos;s name</span>
          <input className="input team-desk-input" type="text" maxLength={60} value={desk} disabled={busy} onChange={(e) => setDesk(e.target.value)} />
        </label>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Testing…' : 'Test and join'}
        </button>
      </form>
      <p className="muted small">The address is tested by connecting before anything is saved, then kept in the system keychain, never in Quayside&apos;s cache.</p>
      {error && (
        <p id="team-join-error" className="inline-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
