/**
 * The Customers view wired to the engine (issue 23): the props-fed CustomersView fed by the
 * customers store, the draft just made (opened in the mail program, or a download in a browser),
 * and a past update opened to read again.
 */
import { useEffect } from 'react';
import { Dialog } from '../components/Dialog';
import { useClock } from '../state/clock';
import { useCustomers } from '../state/customers';
import { CustomersView } from './CustomersView';
import { UpdatePreview } from './UpdatePreview';

const NOT_READY = { ready: false, reason: null };

function DraftNotice() {
  const draft = useCustomers((s) => s.draft);
  const selected = useCustomers((s) => s.selected);
  if (draft === null || draft.customer !== selected) return null;
  return (
    <p className="notice draft-made" role="status">
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
    </p>
  );
}

function OpenedUpdate() {
  const opened = useCustomers((s) => s.opened);
  if (opened === null) return null;
  const { item } = opened;
  const close = () => useCustomers.getState().closeUpdate();
  return (
    <Dialog
      title={item.subject}
      className="update-dialog"
      onClose={close}
      footer={
        <button type="button" className="button" onClick={close}>
          Close
        </button>
      }
    >
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
        onOpenUpdate={(id) => void store.openUpdate(id)}
      />
      <OpenedUpdate />
    </>
  );
}
