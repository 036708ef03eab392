/**
 * Quick track: any reference from one box. What it reads as is shown before anything is sent: the
 * type (guessed, changeable), the carrier (chosen from the directory, or guessed from a B/L's prefix
 * or a container's owner code, said as a guess; required for a B/L or booking), and the cost in
 * words. Enter tracks it, or opens the cached one for free.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { QuickTrackCheck } from '../../shared/contract';
import type { TrackingType } from '../../shared/domain';
import { call, messageOf } from '../api/call';
import { formatCount, typeLabel } from '../lib/format';
import { useCredits } from '../state/credits';
import { useDetail } from '../state/detail';
import { useUi } from '../state/ui';
import { CarrierPicker } from './CarrierPicker';
import { carrierGuessWords, typeGuessWords } from './quick-track-words';

export const QUICK_TRACK_ID = 'quick-track';
const CHECK_DEBOUNCE_MS = 250;
const TYPES: readonly TrackingType[] = ['container', 'bl', 'bk'];

type State =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'checked'; check: QuickTrackCheck; key: string }
  | { kind: 'running'; cached: boolean }
  | { kind: 'error'; message: string };

export function QuickTrack() {
  const [text, setText] = useState('');
  /** What the person chose; null: Quayside's guess stands. */
  const [type, setType] = useState<TrackingType | null>(null);
  const [carrier, setCarrier] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  /** The panel floats over the page: shown while the box (or the panel) has focus. */
  const [focused, setFocused] = useState(false);
  const sequence = useRef(0);
  const ask = useUi((s) => s.quickTrackAsk);
  const remaining = useCredits((s) => s.view?.remaining ?? null);

  // A reference handed over (the empty table's "Track this reference"): checked as if typed, focused to confirm.
  useEffect(() => {
    if (!ask) return;
    setText(ask.text);
    document.getElementById(QUICK_TRACK_ID)?.focus();
  }, [ask]);

  const reference = text.trim();
  const key = `${reference}|${type ?? ''}|${carrier ?? ''}`;
  useEffect(() => {
    const mine = ++sequence.current;
    if (!reference) {
      setState({ kind: 'idle' });
      return;
    }
    setState((s) => (s.kind === 'running' ? s : { kind: 'checking' }));
    const timer = setTimeout(() => {
      call('tracking.check', { reference, ...(type ? { type } : {}), ...(carrier ? { carrier } : {}) })
        .then((check) => mine === sequence.current && setState({ kind: 'checked', check, key }))
        .catch((e: unknown) => mine === sequence.current && setState({ kind: 'error', message: messageOf(e) }));
    }, CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [reference, type, carrier, key]);

  const check = state.kind === 'checked' && state.key === key ? state.check : null;
  const plan = check?.ok ? check.plan : null;
  const cached = plan?.cachedId != null;
  /** The type shown as chosen: the person's, else what the reference reads as. */
  const shownType = type ?? (check ? (check.ok ? check.plan.type : (check.type ?? null)) : null);

  const reset = (): void => {
    setText('');
    setType(null);
    setCarrier(null);
    setState({ kind: 'idle' });
  };

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
      if (mine === sequence.current) reset();
    } catch (err) {
      if (mine === sequence.current) setState({ kind: 'error', message: messageOf(err) });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape' && text) {
      e.preventDefault();
      e.stopPropagation();
      reset();
    }
  };

  const cost = (() => {
    if (!plan) return null;
    if (cached) return <span className="qt-free">Already tracked, free: opens it from the cache</span>;
    if (!plan.costsCredit) return <span>Costs no credit</span>;
    return (
      <span>
        Costs <strong>1 credit</strong>
        {remaining !== null && `; ${remaining === 0 ? 'none' : formatCount(remaining)} left`}
      </span>
    );
  })();

  const problem = (() => {
    if (state.kind === 'error') return <span className="qt-problem">{state.message}</span>;
    if (!check || check.ok) return null;
    return (
      <span className="qt-problem">
        {check.problem}
        {check.suggestion && (
          <>
            {' '}
            <button type="button" className="link-button" onClick={() => setText(check.suggestion ?? '')}>
              Use {check.suggestion}
            </button>
          </>
        )}
      </span>
    );
  })();

  const typeGuess = plan && !type ? typeGuessWords(plan.typeFrom) : check && !check.ok && !type ? typeGuessWords(check.typeFrom ?? undefined) : null;
  const carrierGuess = plan && !carrier ? carrierGuessWords(plan.carrierFrom) : null;
  const showPanel = reference !== '' && (focused || state.kind === 'running');
  const busy = state.kind === 'checking' || (state.kind === 'checked' && state.key !== key);

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
        placeholder="Track a container, B/L or booking…"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          // A new reference starts from Quayside's reading again.
          if (e.target.value.trim() === '') {
            setType(null);
            setCarrier(null);
          }
        }}
        onKeyDown={onKeyDown}
      />
      <kbd className="qt-kbd" aria-hidden="true">
        Ctrl K
      </kbd>
      <button type="submit" className="button primary small" disabled={!plan || state.kind === 'running'}>
        {cached ? 'Open' : 'Track'}
      </button>
      <div id="quick-track-hint" className={`qt-panel${showPanel ? ' visible' : ''}`} aria-live="polite">
        {showPanel && (
          <>
            <div className="qt-row">
              <div className="qt-types" role="radiogroup" aria-label="Type">
                {TYPES.map((t) => (
                  <button
                    key={t}
                    type="button"
                    role="radio"
                    aria-checked={shownType === t}
                    className={`qt-type${shownType === t ? ' chosen' : ''}`}
                    onClick={() => setType(t)}
                  >
                    {typeLabel(t)}
                  </button>
                ))}
              </div>
              {typeGuess && <span className="qt-guess">{typeGuess}</span>}
            </div>
            {shownType && (
              <div className="qt-row">
                <CarrierPicker
                  type={shownType}
                  value={carrier ?? plan?.carrier ?? null}
                  valueName={plan?.carrierName ?? null}
                  onChoose={(scac) => setCarrier(scac)}
                />
                {carrierGuess && <span className="qt-guess">{carrierGuess}</span>}
              </div>
            )}
            <div className="qt-row qt-outcome">
              {state.kind === 'running' ? (
                <span className="muted">{state.cached ? 'Opening…' : 'Tracking…'}</span>
              ) : busy ? (
                <span className="muted">Checking…</span>
              ) : (
                (problem ?? cost)
              )}
            </div>
          </>
        )}
      </div>
    </form>
  );
}
