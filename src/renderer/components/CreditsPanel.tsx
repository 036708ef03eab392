/** The credit balance, always in the header: when it was read, its history, and a warning when low. */
import { formatCount } from '../lib/format';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useClock } from '../state/clock';
import { useCredits } from '../state/credits';
import { Sparkline } from './Sparkline';

export function CreditsPanel() {
  const view = useCredits((s) => s.view);
  const refreshing = useCredits((s) => s.refreshing);
  const error = useCredits((s) => s.error);
  const refresh = useCredits((s) => s.refresh);
  const now = useClock((s) => s.now);
  const low = view?.low ?? false;

  return (
    <section className={`credits${low ? ' credits-low' : ''}`} aria-label="Credits">
      {view && <Sparkline points={view.history} warningBelow={view.warningBelow} />}
      <div className="credits-text">
        <span className="credits-balance">
          {view?.remaining != null ? (
            <>
              <strong>{formatCount(view.remaining)}</strong> credits
            </>
          ) : (
            'Balance not read yet'
          )}
        </span>
        <span className="credits-time" title={absoluteTime(view?.checkedAt)}>
          {view?.checkedAt ? `read ${relativeTime(view.checkedAt, now)}` : error ? 'could not read' : ''}
        </span>
      </div>
      {low && view && (
        <span className="credits-warning" role="note">
          Low: below {formatCount(view.warningBelow)}
        </span>
      )}
      <button
        type="button"
        className={`icon-button${refreshing ? ' spinning' : ''}`}
        aria-label="Refresh credits"
        title={error ?? 'Read the balance from the service (free)'}
        onClick={() => void refresh()}
        disabled={refreshing}
      >
        ↻
      </button>
    </section>
  );
}
