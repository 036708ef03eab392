/** Which kinds of change become notifications (a desktop notification, and a note in the window). */
import { useEffect } from 'react';
import { FEED_KINDS } from '../../shared/contract';
import { useFeed } from '../state/feed';
import { NOTIFY_LABELS } from './feed-items';

export function NotificationChoices() {
  const prefs = useFeed((s) => s.prefs);
  useEffect(() => {
    void useFeed.getState().loadPrefs();
  }, []);
  const on = prefs ? FEED_KINDS.filter((k) => prefs[k]).length : null;
  return (
    <details className="notify-panel">
      <summary>Notifications{on === null ? '' : ` (${on} of ${FEED_KINDS.length} kinds on)`}</summary>
      <fieldset className="notify-choices" disabled={!prefs}>
        <legend>Tell me when…</legend>
        {FEED_KINDS.map((kind) => (
          <label key={kind} className="notify-choice">
            <input type="checkbox" checked={prefs?.[kind] ?? false} onChange={(e) => void useFeed.getState().setNotify(kind, e.target.checked)} />
            {NOTIFY_LABELS[kind]}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
