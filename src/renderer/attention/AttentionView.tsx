/**
 * What needs attention: every shipment that needs a person, worst first, each with its reasons in
 * the forwarder's words and the carrier's dates as given. A reason is marked as handled ("customer
 * told", with an optional comment) and comes back by itself when it gets worse, its earlier mark
 * shown; Undo takes it back. Narrowed by reason, customer and watchlist (AttentionFilters), similar
 * cards grouped by their worst reason (groups.ts), several marked at once (BulkBar).
 */
import { useEffect } from 'react';
import { formatCount, plural } from '../lib/format';
import { isFiltered, useAttention } from '../state/attention';
import { useAttentionBulk } from '../state/attention-bulk';
import { useClock } from '../state/clock';
import type { AttentionItem, ReasonKind } from '../../shared/contract';
import { AttentionCard } from './AttentionCard';
import { AttentionFilters } from './AttentionFilters';
import { BulkBar } from './BulkBar';
import { type CardGroup, groupByLeadReason, groupForReason } from './groups';
import './attention.css';

/** A group shows its worst this many until opened; one more is shown rather than "Show 1 more". */
const GROUP_SHOWN = 3;

interface ShownGroup extends CardGroup {
  shown: AttentionItem[];
  /** Opened by the person (or small enough, or the reason chosen in the filter). */
  whole: boolean;
}

function shownGroups(items: readonly AttentionItem[], expanded: ReadonlySet<string>, reason: ReasonKind | null): ShownGroup[] {
  return (reason === null ? groupByLeadReason(items) : groupForReason(items, reason)).map((g) => {
    const whole = reason !== null || expanded.has(g.key) || g.items.length <= GROUP_SHOWN + 1;
    return { ...g, whole, shown: whole ? g.items : g.items.slice(0, GROUP_SHOWN) };
  });
}

function Group({ group, nowMs, order, canFold, reason }: { group: ShownGroup; nowMs: number; order: readonly number[]; canFold: boolean; reason: ReasonKind | null }) {
  const headingId = `attention-group-${group.key}`;
  const hidden = group.items.length - group.shown.length;
  return (
    <section className={`attention-group group-${group.key}`} aria-labelledby={headingId} data-testid="attention-group" data-kind={group.key}>
      <h2 id={headingId} className="attention-group-head">
        <span className={`reason-tag tag-${group.key}`}>{group.label}</span>
        <span className="attention-group-count">{plural(group.items.length, 'shipment')}</span>
      </h2>
      <ul className="attention-list" aria-label={`${group.label}: shipments`}>
        {group.shown.map((item) => (
          <AttentionCard key={item.id} item={item} nowMs={nowMs} order={order} onlyReason={reason} />
        ))}
      </ul>
      {hidden > 0 && (
        <button type="button" className="button small attention-more" aria-expanded={false} onClick={() => useAttention.getState().toggleGroup(group.key)}>
          Show {formatCount(hidden)} more {group.label}
        </button>
      )}
      {hidden === 0 && canFold && (
        <button type="button" className="button small attention-more" aria-expanded={true} onClick={() => useAttention.getState().toggleGroup(group.key)}>
          Show fewer {group.label}
        </button>
      )}
    </section>
  );
}

export function AttentionView() {
  const state = useAttention();
  const nowMs = useClock((c) => c.now);
  // After a batch that emptied the list, its Undo stays within reach.
  const lastBatch = useAttentionBulk((s) => s.last !== null);

  useEffect(() => {
    void useAttention.getState().load();
  }, []);

  const filtered = isFiltered(state.filters);
  const summary = !state.loaded
    ? 'Loading…'
    : filtered
      ? `${plural(state.total, 'shipment')} match · ${formatCount(state.needAttention ?? 0)} need${state.needAttention === 1 ? 's' : ''} attention`
      : state.needAttention === 0
        ? 'Nothing needs attention'
        : `${plural(state.needAttention ?? 0, 'shipment')} need${state.needAttention === 1 ? 's' : ''} attention`;
  const groups = shownGroups(state.items, state.expanded, state.filters.kind);
  const shownIds = groups.flatMap((g) => g.shown.map((i) => i.id));

  return (
    <section className="work-page attention-page" aria-labelledby="page-title">
      <header className="work-header">
        <h1 id="page-title">Attention</h1>
        <span className="summary" aria-live="polite" data-testid="attention-summary">
          {summary}
        </span>
        <span className="spacer" />
        <label className="check">
          <input type="checkbox" checked={state.includeAcknowledged} onChange={(e) => useAttention.getState().setIncludeAcknowledged(e.target.checked)} />
          Show handled
        </label>
      </header>
      <p className="muted small attention-intro">
        Worst first: free time running out, goods held at the port, slipped ETAs, changed vessels, numbers the carrier does not know, no news.
        Dates are the port's local time, as the carrier gave them.
      </p>
      {state.error && (
        <div className="inline-error" role="alert">
          Could not work out what needs attention: {state.error}{' '}
          <button type="button" className="button small" onClick={() => void useAttention.getState().load()}>
            Try again
          </button>
        </div>
      )}
      {state.loaded && (state.items.length > 0 || filtered) && <AttentionFilters />}
      {(state.items.length > 0 || lastBatch) && <BulkBar items={state.items} shownIds={shownIds} kind={state.filters.kind} />}
      {state.loaded && !state.error && state.items.length === 0 && filtered && (
        <div className="work-empty">
          <strong>Nothing here with these filters</strong>
          {formatCount(state.needAttention ?? 0)} in all need attention; clear the filters to see them.
        </div>
      )}
      {state.loaded && !state.error && state.items.length === 0 && !filtered && (
        <div className="work-empty">
          <strong>Nothing needs attention</strong>
          Quayside looks at every refresh for slipped ETAs, roll-overs, shipments without news, goods waiting at the port and numbers the carrier does
          not know.
        </div>
      )}
      {state.items.length > 0 && (
        <div className="attention-groups" aria-label="Shipments that need attention" role="group">
          {groups.map((g) => (
            <Group key={g.key} group={g} nowMs={nowMs} order={shownIds} reason={state.filters.kind} canFold={state.filters.kind === null && g.items.length > GROUP_SHOWN + 1} />
          ))}
        </div>
      )}
      {state.total > state.items.length && (
        <p className="muted small">
          The worst {formatCount(state.items.length)} of {formatCount(state.total)} are shown; handle these first, or narrow the list by reason,
          customer or watchlist.
        </p>
      )}
    </section>
  );
}
