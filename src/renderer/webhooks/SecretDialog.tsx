/**
 * The signing secret, shown once after create or regenerate: copy it now, it is not shown
 * again. Closing the dialog lets the secret go; the window keeps no copy.
 */
import { useRef, useState } from 'react';
import { Dialog } from '../components/Dialog';
import type { SecretToShow } from '../state/webhooks';

export function SecretDialog({ shown, onClose }: { shown: SecretToShow; onClose(): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');

  const copySecret = async () => {
    if (!shown.secret) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopy('copied');
    } catch {
      // No clipboard permission: the text is selected so that Ctrl+C copies it.
      input.current?.select();
      setCopy('manual');
    }
  };

  const title = shown.reason === 'created' ? 'Webhook created: copy its secret' : 'New signing secret';
  const footer = (
    <button type="button" className="button primary" onClick={onClose}>
      I have copied it
    </button>
  );
  return (
    <Dialog title={title} onClose={onClose} footer={footer} className="secret-dialog">
      <p>
        Deliveries to <span className="mono">{shown.callbackUrl}</span> are signed with this secret. Your system needs it to check the
        signature.
      </p>
      {shown.secret ? (
        <>
          <div className="secret-row">
            <label className="sr-only" htmlFor="webhook-secret">
              Signing secret
            </label>
            <input
              id="webhook-secret"
              ref={input}
              className="input mono secret-value"
              readOnly
              value={shown.secret}
              onFocus={(e) => e.currentTarget.select()}
              spellCheck={false}
            />
            <button type="button" className="button" onClick={copySecret} data-autofocus>
              Copy secret
            </button>
          </div>
          <p className="secret-warning" role="note">
            <strong>You will not see it again.</strong> Copy it now and keep it with your system's settings. If it is lost, make a new
            secret.
          </p>
          <p className="muted small" role="status">
            {copy === 'copied' ? 'Copied to the clipboard.' : copy === 'manual' ? 'The secret is selected: press Ctrl+C (⌘C on a Mac) to copy it.' : ''}
          </p>
        </>
      ) : (
        <p className="inline-error" role="alert">
          The service sent no secret. Make a new secret to get one.
        </p>
      )}
      <p className="muted small">
        Quayside does not keep it: your system checks each message's signature with it, so this is the only copy.
      </p>
    </Dialog>
  );
}
