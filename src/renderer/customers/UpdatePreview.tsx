/**
 * A customer's next update as it would go now: To, Cc, subject, attachment, and the body as the
 * customer will see it. The HTML is shown in a sandboxed frame from `srcdoc` (no scripts, no
 * forms, no navigation, nothing loaded), or as the plain text; never put into this page's DOM.
 */
import { useState } from 'react';
import { plural } from '../lib/format';
import type { SendingReadiness, UpdatePreviewData } from './customer-view';

export interface UpdatePreviewProps {
  preview: UpdatePreviewData;
  sending: SendingReadiness;
  /** Writes the update as a draft for the person's own mail program. */
  onMakeDraft?(): void;
  /** Queues it in the outbox now. */
  onSendNow?(): void;
}

export function UpdatePreview({ preview, sending, onMakeDraft, onSendNow }: UpdatePreviewProps) {
  const [view, setView] = useState<'html' | 'text'>('html');
  if (preview.state === 'nothing-new') {
    return (
      <section className="update-preview" aria-label={`Next update to ${preview.customer}`}>
        <p className="notice notice-muted">Nothing to tell {preview.customer} now: no change to their shipments passes their rule, so no mail would go.</p>
      </section>
    );
  }
  return (
    <section className="update-preview" aria-label={`Next update to ${preview.customer}`}>
      <dl className="preview-headers">
        <dt>To</dt>
        <dd>{preview.to.join(', ')}</dd>
        {preview.cc.length > 0 && (
          <>
            <dt>Cc</dt>
            <dd>{preview.cc.join(', ')}</dd>
          </>
        )}
        <dt>Subject</dt>
        <dd className="preview-subject">{preview.subject}</dd>
        {preview.attachment && (
          <>
            <dt>Attached</dt>
            <dd>{preview.attachment.filename}</dd>
          </>
        )}
      </dl>
      <div className="preview-bar">
        <span className="muted small">
          {plural(preview.changes, 'piece of news', 'pieces of news')} on {plural(preview.shipments, 'shipment')}
        </span>
        <span className="spacer" />
        <div className="segmented" role="group" aria-label="Show the mail as">
          <button type="button" className="button small" aria-pressed={view === 'html'} onClick={() => setView('html')}>
            As the customer sees it
          </button>
          <button type="button" className="button small" aria-pressed={view === 'text'} onClick={() => setView('text')}>
            Plain text
          </button>
        </div>
      </div>
      {view === 'html' ? (
        // sandbox="" : the mail's HTML may carry a customer's cells; it can run nothing and load nothing.
        <iframe className="preview-frame" title={`Update to ${preview.customer}`} sandbox="" referrerPolicy="no-referrer" srcDoc={preview.html} />
      ) : (
        <pre className="preview-text" aria-label={`Update to ${preview.customer} as plain text`}>
          {preview.text}
        </pre>
      )}
      {(onMakeDraft || onSendNow) && (
        <div className="preview-actions">
          {onMakeDraft && (
            <button type="button" className="button" onClick={onMakeDraft}>
              Make a draft
            </button>
          )}
          {onSendNow && (
            <button type="button" className="button primary" disabled={!sending.ready} title={sending.ready ? undefined : (sending.reason ?? undefined)} onClick={onSendNow}>
              Send now
            </button>
          )}
          {!sending.ready && sending.reason && <span className="muted small">{sending.reason}</span>}
        </div>
      )}
    </section>
  );
}
