/** One webhook: where it sends, what, whether it is active, its actions and its last test. */
import type { WebhookView } from '../../shared/contract';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { eventWords } from './event-words';
import { useClock } from '../state/clock';
import { type TestState, useWebhooks } from '../state/webhooks';

export interface WebhookCardProps {
  hook: WebhookView;
  onEdit(): void;
  onRegenerate(): void;
  onDelete(): void;
  onToggleActive(): void;
  toggling: boolean;
}

export function WebhookCard({ hook, onEdit, onRegenerate, onDelete, onToggleActive, toggling }: WebhookCardProps) {
  const now = useClock((s) => s.now);
  const test = useWebhooks((s) => s.tests[hook.id]);
  const url = hook.callbackUrl;
  return (
    <li className="webhook-card" aria-label={url}>
      <div className="webhook-head">
        <span className="mono webhook-url" title={url}>
          {url}
        </span>
        <span className={`pill ${hook.isActive ? 'pill-done' : 'pill-muted'}`}>{hook.isActive ? 'Active' : 'Inactive'}</span>
      </div>
      <ul className="webhook-events" aria-label="News it is sent">
        {hook.eventTypes.map((t) => (
          <li key={t} className="badge" title={`Sent as ${t}`}>
            {eventWords(t)}
          </li>
        ))}
      </ul>
      <p className="muted small">
        Created <time title={absoluteTime(hook.createdAt)}>{relativeTime(hook.createdAt, now)}</time>
        {' · '}
        The secret that signs each message is kept by your system, not on this computer
      </p>
      <div className="webhook-actions">
        <button
          type="button"
          className="button small"
          aria-label={`Send test to ${url}`}
          onClick={() => void useWebhooks.getState().test(hook.id)}
          disabled={test?.kind === 'sending'}
        >
          {test?.kind === 'sending' ? 'Sending test…' : 'Send test'}
        </button>
        <button type="button" className="button small" aria-label={`Edit ${url}`} onClick={onEdit}>
          Edit
        </button>
        <button
          type="button"
          className="button small"
          aria-label={`${hook.isActive ? 'Deactivate' : 'Activate'} ${url}`}
          onClick={onToggleActive}
          disabled={toggling}
        >
          {hook.isActive ? 'Deactivate' : 'Activate'}
        </button>
        <button type="button" className="button small" aria-label={`New secret for ${url}`} onClick={onRegenerate}>
          New secret
        </button>
        <button type="button" className="button small danger-ghost" aria-label={`Delete ${url}`} onClick={onDelete}>
          Delete
        </button>
      </div>
      {test && <TestResult test={test} now={now} />}
    </li>
  );
}

/** A failed test is an answer of the endpoint, shown as a result, not as an error of the app. */
function TestResult({ test, now }: { test: TestState; now: number }) {
  if (test.kind === 'sending') {
    return (
      <p className="webhook-test muted" role="status">
        Sending a test message to your system…
      </p>
    );
  }
  if (test.kind === 'error') {
    return (
      <p className="inline-error" role="alert">
        The test could not be sent: {test.message}
      </p>
    );
  }
  const { result } = test;
  const when = relativeTime(new Date(test.at).toISOString(), now);
  return (
    <div className={`webhook-test ${result.success ? 'webhook-test-ok' : 'webhook-test-failed'}`} role="status" aria-label="Test result">
      <strong>{result.success ? 'Test delivered' : 'Test not delivered'}</strong>
      <span>
        {result.httpStatus ? `Your system answered (HTTP ${result.httpStatus})` : 'Your system did not answer'}
        {result.message && result.message !== `HTTP ${result.httpStatus}` ? `: ${result.message}` : '.'}
      </span>
      <span className="muted small">{when}</span>
    </div>
  );
}
