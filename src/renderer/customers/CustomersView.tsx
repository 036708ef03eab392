/**
 * The Customers view: each customer with their rule, the editor, the preview of their
 * next update, their past updates, and the outbox's updates that need a person. Fed by props and
 * calling back; the wiring phase connects it to the engine and adds it to the navigation.
 */
import { type ReactNode, useState } from 'react';
import type { CustomerRule } from '../../shared/customer-rules';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { plural } from '../lib/format';
import { CustomerEditor } from './CustomerEditor';
import { CustomerList, whoText } from './CustomerList';
import { nextText, type CustomerSummary, type OutboxItem, type SendingReadiness, type UpdatePreviewData } from './customer-view';
import { relativeTime } from '../lib/relative-time';
import { OutboxList } from './OutboxList';
import type { CustomerChoices } from './WhoFields';
import { UpdatePreview } from './UpdatePreview';
import '../feed/feed.css';
import './customers.css';

export interface CustomersViewProps {
  /** Null while loading. */
  customers: readonly CustomerSummary[] | null;
  columns: readonly string[];
  watchlists: readonly string[];
  /** Every update, newest first. */
  outbox: readonly OutboxItem[];
  /** The selected customer's next update, once the wiring has it. */
  preview: UpdatePreviewData | null;
  sending: SendingReadiness;
  nowMs: number;
  /** The customer chosen when the view opens (the view remembers a choice across visits). */
  initialSelected?: string | null;
  /** Shown above the next update (the draft just made). */
  notice?: ReactNode;
  onSelect(name: string): void;
  /** Answers null when saved, or the sentence why not. */
  onSave(rule: CustomerRule, previousName: string | null): Promise<string | null>;
  onRemove(name: string): Promise<void>;
  onMakeDraft(name: string): void;
  onSendNow(name: string): void;
  onMarkSent(id: string): void;
  onSendAgain(id: string): void;
  onDiscard?(id: string): void;
  onDraftAgain?(id: string): void;
  onOpenUpdate?(id: string): void;
  /** The values of a column and the watchlists with their shipments, for the editor to offer. */
  loadChoices?(column: string): Promise<CustomerChoices>;
}

type Mode = { kind: 'view' } | { kind: 'new' } | { kind: 'edit'; rule: CustomerRule };

/** A customer by a column value no shipment holds: said plainly, with the closest value the cache has to take instead. */
function NoShipments({ rule, closest, onUse }: { rule: CustomerRule; closest: CustomerSummary['closest']; onUse(value: string): void }) {
  if (rule.who.kind !== 'column') return null;
  return (
    <div className="notice notice-warning no-shipments" role="note">
      <span>
        No shipment has &quot;{rule.who.value}&quot; in column {rule.who.column}, so no update can tell them anything yet.
        {closest && (
          <>
            {' '}
            The closest value is &quot;{closest.value}&quot; ({plural(closest.shipments, 'shipment')}).
          </>
        )}
      </span>
      {closest && (
        <button type="button" className="button small" onClick={() => onUse(closest.value)}>
          Use &quot;{closest.value}&quot;
        </button>
      )}
    </div>
  );
}

/** Updates a person has to look at: drafts not marked sent, uncertain ones, and those waiting for a change. */
function needsPerson(item: OutboxItem): boolean {
  return item.state === 'uncertain' || item.state === 'draft' || (item.state === 'waiting' && item.nextAttemptAt === null);
}

export function CustomersView(props: CustomersViewProps) {
  const { customers, outbox, nowMs } = props;
  const [selected, setSelected] = useState<string | null>(props.initialSelected ?? null);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [removing, setRemoving] = useState<string | null>(props.initialSelected ?? null);
  const current = customers?.find((c) => c.rule.name === selected) ?? null;
  const pending = outbox.filter(needsPerson);

  const select = (name: string) => {
    setSelected(name);
    setMode({ kind: 'view' });
    props.onSelect(name);
  };

  const save = async (rule: CustomerRule, editing: string | null = mode.kind === 'edit' ? mode.rule.name : null) => {
    const previous = editing;
    const answer = await props.onSave(rule, previous);
    if (answer === null) {
      setMode({ kind: 'view' });
      setSelected(rule.name);
      props.onSelect(rule.name);
    }
    return answer;
  };

  return (
    <section className="work-page customers-page" aria-labelledby="customers-title">
      <header className="work-header">
        <h1 id="customers-title">Customers</h1>
        <span className="summary" aria-live="polite">
          {customers === null ? 'Loading…' : `${plural(customers.length, 'customer')}${pending.length > 0 ? `, ${plural(pending.length, 'update')} waiting for you` : ''}`}
        </span>
        <span className="spacer" />
        <button type="button" className="button primary" onClick={() => setMode({ kind: 'new' })}>
          New customer
        </button>
      </header>

      {pending.length > 0 && (
        <section className="customers-pending" aria-label="Updates waiting for you">
          <h2>Waiting for you</h2>
          <OutboxList items={pending} label="Updates waiting for you" nowMs={nowMs} onMarkSent={props.onMarkSent} onSendAgain={props.onSendAgain} onOpen={props.onOpenUpdate} onDiscard={props.onDiscard} onDraftAgain={props.onDraftAgain} />
        </section>
      )}

      {customers?.length === 0 && mode.kind === 'view' && (
        <div className="work-empty">
          <strong>No customers yet</strong>
          Tell each customer of a slipped ETA, an arrival or running free time before they ask: name them by the customer column of their sheet or by
          a watchlist, add their addresses, and choose what to tell and when.
        </div>
      )}

      <div className="customers-layout">
        {customers && customers.length > 0 && <CustomerList customers={customers} selected={selected} nowMs={nowMs} onSelect={select} />}
        <div className="customer-pane">
          {mode.kind !== 'view' ? (
            <CustomerEditor
              key={mode.kind === 'edit' ? mode.rule.name : 'new'}
              editing={mode.kind === 'edit' ? mode.rule : null}
              columns={props.columns}
              watchlists={props.watchlists}
              loadChoices={props.loadChoices}
              onSave={(rule) => save(rule)}
              onCancel={() => setMode({ kind: 'view' })}
            />
          ) : current ? (
            <>
              <div className="customer-pane-head">
                <div>
                  <h2>{current.rule.name}</h2>
                  <p className="muted small">{whoText(current.rule)}</p>
                </div>
                <span className="spacer" />
                <button type="button" className="button" onClick={() => setMode({ kind: 'edit', rule: current.rule })}>
                  Edit
                </button>
                <button type="button" className="button danger-ghost" onClick={() => setRemoving(current.rule.name)}>
                  Remove…
                </button>
              </div>
              <h3>Next update</h3>
              <p className="customer-next small">
                <strong>{nextText(current.rule, current.next, nowMs)}</strong>
                {current.lastUpdate?.state === 'nothing-new' && <span className="muted"> · last checked {relativeTime(current.lastUpdate.at, nowMs)}: nothing to tell</span>}
              </p>
              {current.rule.who.kind === 'column' && current.shipments === 0 && (
                <NoShipments rule={current.rule} closest={current.closest} onUse={(value) => void save({ ...current.rule, who: { ...current.rule.who, kind: 'column', value } as CustomerRule['who'] }, current.rule.name)} />
              )}
              {props.notice}
              {props.preview && props.preview.customer === current.rule.name ? (
                <UpdatePreview preview={props.preview} sending={props.sending} onMakeDraft={() => props.onMakeDraft(current.rule.name)} onSendNow={() => props.onSendNow(current.rule.name)} />
              ) : (
                <p className="muted">Composing the preview…</p>
              )}
              <h3>Their updates</h3>
              <OutboxList
                items={outbox.filter((u) => u.customer === current.rule.name)}
                label={`Updates to ${current.rule.name}`}
                nowMs={nowMs}
                onMarkSent={props.onMarkSent}
                onSendAgain={props.onSendAgain}
                onOpen={props.onOpenUpdate}
                onDiscard={props.onDiscard}
                onDraftAgain={props.onDraftAgain}
              />
            </>
          ) : (
            customers &&
            customers.length > 0 && <p className="muted customer-pick">Choose a customer to see the next update they would get.</p>
          )}
        </div>
      </div>

      {removing && (
        <ConfirmDialog
          title={`Remove ${removing}?`}
          confirmLabel="Remove customer"
          busyLabel="Removing…"
          danger
          onConfirm={() => props.onRemove(removing)}
          onDone={() => {
            setRemoving(null);
            setSelected(null);
          }}
          onClose={() => setRemoving(null)}
        >
          <p>No more updates go to {removing}. Their past updates stay in the history; their shipments are not touched.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
