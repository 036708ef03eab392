/**
 * Quick track: a raw reference is checked as the import would read it (type, carrier, whether
 * it costs a credit) before anything is sent; Enter tracks it, or opens the cached one for free.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { QuickTrackCheck } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { typeLabel } from '../lib/format';
import { useCredits } from '../state/credits';
import { useDetail } from '../state/detail';
import { useUi } from '../state/ui';

export const QUICK_TRACK_ID = 'quick-track';
const CHECK_DEBOUNCE_MS = 250;

type State =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'checked'; check: QuickTrackCheck; text: string }
  | { kind: 'running'; cached: boolean }
  | { kind: 'error'; message: string };

export function QuickTrack() {
  const [text, setText] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  /** The hint floats over the page: shown while the box (or its suggestion) has focus. */
  const [focused, setFocused] = useState(false);
  const sequence = useRef(0);
  const ask = useUi((s) => s.quickTrackAsk);

  // A reference handed over (the empty table's "Track this reference"): checked as if typed, focused to confirm.
  useEffect(() => {
    if (!ask) return;
    setText(ask.text);
    document.getElementById(QUICK_TRACK_ID)?.focus();
  }, [ask]);

  useEffect(() => {
    const value = text.trim();
    const mine = ++sequence.current;
    if (!value) {
      setState({ kind: 'idle' });
      return;
    }
    setState((s) => (s.kind === 'running' ? s : { kind: 'checking' }));
    const timer = setTimeout(() => {
      call('tracking.check', value)
        .then((check) => mine === sequence.current && setState({ kind: 'checked', check, text: value }))
        .catch((e: unknown) => mine === sequence.current && setState({ kind: 'error', message: messageOf(e) }));
    }, CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const plan = state.kind === 'checked' && state.check.ok && state.text === text.trim() ? state.check.plan : null;
  const cached = plan?.cachedId != null;

  const run = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!plan || state.kind === 'running') return;
    const mine = ++sequence.current;
    setState({ kind: 'running', cached });
    try {
      const result = await call('tracking.run', {
        reference: plan.reference,
        type: plan.type,
        ...(plan.carrier !== 'AUTO' ? { carrier: plan.carrier } : {}),
      });
      useUi.getState().setView('shipments');
      useDetail.getState().open(result.shipment.id);
      useUi
        .getState()
        .toast(result.fromCache ? `${result.shipment.reference} opened from the cache at no cost.` : `${result.shipment.reference} is now tracked.`, 'info');
      if (!result.fromCache) void useCredits.getState().load();
      if (mine === sequence.current) {
        setText('');
        setState({ kind: 'idle' });
      }
    } catch (err) {
      if (mine === sequence.current) setState({ kind: 'error', message: messageOf(err) });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape' && text) {
      e.preventDefault();
      e.stopPropagation();
      setText('');
    }
  };

  const hint = (() => {
    switch (state.kind) {
      case 'idle':
        return null;
      case 'checking':
        return <span className="muted">Checking…</span>;
      case 'running':
        return <span className="muted">{state.cached ? 'Opening…' : 'Tracking…'}</span>;
      case 'error':
        return <span className="qt-problem">{state.message}</span>;
      case 'checked': {
        const c = state.check;
        if (!c.ok) {
          return (
            <span className="qt-problem">
              {c.problem}
              {c.suggestion && (
                <>
                  {' '}
                  <button type="button" className="link-button" onClick={() => setText(c.suggestion ?? '')}>
                    Use {c.suggestion}
                  </button>
                </>
              )}
            </span>
          );
        }
        const p = c.plan;
        if (p.cachedId != null) return <span className="qt-free">Already tracked — opens at no cost</span>;
        const carrier = p.carrier === 'AUTO' ? 'AUTO' : (p.carrierName ?? p.carrier);
        return (
          <span>
            {typeLabel(p.type)} · {carrier} · <strong>{p.costsCredit ? '1 credit' : 'no credit'}</strong>
          </span>
        );
      }
    }
  })();

  return (
    <form
      className="quick-track"
      onSubmit={run}
      role="search"
      aria-label="Track a new reference"
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <input
        id={QUICK_TRACK_ID}
        className="input qt-input"
        type="text"
        aria-label="Quick track"
        aria-describedby="quick-track-hint"
        placeholder="Track a reference…"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <kbd className="qt-kbd" aria-hidden="true">
        Ctrl K
      </kbd>
      <button type="submit" className="button primary small" disabled={!plan || state.kind === 'running'}>
        {cached ? 'Open' : 'Track'}
      </button>
      <div id="quick-track-hint" className={`qt-hint${hint && (focused || state.kind === 'running') ? ' visible' : ''}`} aria-live="polite">
        {hint}
      </div>
    </form>
  );
}
