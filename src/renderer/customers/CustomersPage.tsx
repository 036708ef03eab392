/**
 * The Customers view wired to the engine: the props-fed CustomersView fed by the
 * customers store, the draft just made (opened in the mail program, or a download in a browser),
 * and a past update opened to read again.
 */
import { useEffect } from 'react';
import { call } from '../api/call';
import { Dialog } from '../components/Dialog';
import { useClock } from '../state/clock';
import { useCustomers } from '../state/customers';
import { CustomersView } from './CustomersView';
import { absoluteTime } from '../lib/relative-time';
import { STATE_LABELS, STATE_PILLS } from './customer-view';
import { UpdatePreview } from './UpdatePreview';

const NOT_READY = { ready: false, reason: null };

const loadChoices = (column: string) => call('customers.choices', { column });

function DraftNotice() {
  const draft = useCustomers((s) => s.draft);
  const selected = useCustomers((s) => s.selected);
  if (draft === null || draft.customer !== selected) return null;
  // One paragraph of running text: .notice lays out its children in a row, so the words go in one span.
  return (
    <div className="notice notice-info draft-made" role="status">
      <span>
        {draft.opened ? (
          <>The draft to {draft.customer} opened in your mail program. Send it from there, then mark it sent below.</>
        ) : draft.download ? (
          <>
            The draft to {draft.customer} is written.{' '}
            <a href={draft.download} download>
              Download the draft (.eml)
            </a>{' '}
            and open it in your mail program; then mark it sent below.
          </>
        ) : (
          <>The draft to {draft.customer} is written to {draft.path}; open it in your mail program, then mark it sent below.</>
        )}
      </span>
    </div>
  );
}

function OpenedUpdate() {
  const opened = useCustomers((s) => s.opened);
  const draft = useCustomers((s) => s.draft);
  if (opened === null) return null;
  const { item } = opened;
  const store = useCustomers.getState();
  const close = () => store.closeUpdate();
  const isDraft = item.state === 'draft';
  const written = draft !== null && draft.id === item.id ? draft : null;
  return (
    <Dialog
      title={item.subject}
      className="update-dialog"
      onClose={close}
      footer={
        <>
          {isDraft && (
            <>
              <button type="button" className="button" onClick={() => void store.draftAgain(item.id)}>
                Get the draft again (.eml)
              </button>
              <button type="button" className="button ghost" onClick={() => void store.discard(item.id)}>
                Discard draft
              </button>
              <span className="spacer" />
              <button
                type="button"
                className="button primary"
                onClick={() => {
                  close();
                  void store.markSent(item.id);
                }}
              >
                Mark as sent
              </button>
            </>
          )}
          <button type="button" className="button" onClick={close}>
            Close
          </button>
        </>
      }
    >
      <p className="muted small update-dialog-state">
        <span className={`pill ${STATE_PILLS[item.state]}`}>{STATE_LABELS[item.state]}</span>{' '}
        {item.state === 'sent' && item.sentAt ? `${item.sentHow === 'person' ? 'Marked sent' : 'Sent'} ${absoluteTime(item.sentAt)}` : item.sentence ?? (isDraft ? 'Not sent: its news stays in their next update until you mark it sent.' : '')}
      </p>
      {written?.download && (
        <p className="notice notice-info" role="status">
          <span>
            <a href={written.download} download>
              Download the draft (.eml)
            </a>{' '}
            and open it in your mail program.
          </span>
        </p>
      )}
      {written?.opened && (
        <p className="notice notice-info" role="status">
          <span>The draft opened in your mail program.</span>
        </p>
      )}
      <UpdatePreview
        preview={{ state: 'update', customer: item.customer, to: item.to, cc: item.cc, subject: item.subject, text: opened.text, html: opened.html, changes: item.changes, shipments: item.shipments, attachment: item.attachment ? { filename: item.attachment } : null }}
        sending={NOT_READY}
      />
    </Dialog>
  );
}

export function CustomersPage() {
  const page = useCustomers((s) => s.page);
  const outbox = useCustomers((s) => s.outbox);
  const preview = useCustomers((s) => s.preview);
  const nowMs = useClock((s) => s.now);

  useEffect(() => {
    const state = useCustomers.getState();
    void state.load();
    if (state.selected !== null) state.select(state.selected);
  }, []);

  const store = useCustomers.getState();
  return (
    <>
      <CustomersView
        customers={page?.customers ?? null}
        columns={page?.columns ?? []}
        watchlists={page?.watchlists ?? []}
        outbox={outbox}
        preview={preview}
        sending={page?.sending ?? NOT_READY}
        nowMs={nowMs}
        initialSelected={useCustomers.getState().selected}
        notice={<DraftNotice />}
        onSelect={(name) => store.select(name)}
        onSave={(rule, previous) => store.save(rule, previous)}
        onRemove={(name) => store.remove(name)}
        onMakeDraft={(name) => void store.makeDraft(name)}
        onSendNow={(name) => void store.sendNow(name)}
        onMarkSent={(id) => void store.markSent(id)}
        onSendAgain={(id) => void store.sendAgain(id)}
        onDiscard={(id) => void store.discard(id)}
        onDraftAgain={(id) => void store.draftAgain(id)}
        onOpenUpdate={(id) => void store.openUpdate(id)}
        loadChoices={loadChoices}
      />
      <OpenedUpdate />
    </>
  );
}
