/**
 * A modal dialog: focus moves in and is trapped (Tab cycles), Escape closes, the window behind
 * is inert, and focus goes back where it was when the dialog closes.
 */
import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

export const APP_SHELL_ID = 'app-shell';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

let openDialogs = 0;
/** Open dialogs, the newest last: an Escape that reaches the document closes only the newest. */
const stack: symbol[] = [];

/** Whether a dialog is open: the window's own shortcuts wait until it is closed. */
export function dialogOpen(): boolean {
  return stack.length > 0;
}

export interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  className?: string;
  /** Closing is refused while true (a call is running). */
  busy?: boolean;
}

export function Dialog({ title, onClose, children, footer, className, busy }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  // Before the browser paints (not after, as a passive effect): a dialog that replaces another (a
  // confirmation, then its result) never shows while the one it replaced still holds the keys.
  useLayoutEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const shell = document.getElementById(APP_SHELL_ID);
    openDialogs++;
    shell?.setAttribute('inert', '');
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    // Escape pressed where no dialog has the focus (the page's body, as when a focused button is
    // disabled or removed, or a key pressed as the dialog opens) still closes the newest dialog.
    const me = Symbol(title);
    stack.push(me);
    const onDocumentKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || stack.at(-1) !== me || busyRef.current) return;
      if (e.target instanceof Element && e.target.closest('[role="dialog"]')) return;
      e.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => {
      document.removeEventListener('keydown', onDocumentKey);
      stack.splice(stack.indexOf(me), 1);
      openDialogs--;
      if (openDialogs === 0) shell?.removeAttribute('inert');
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      if (!busy) closeRef.current();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    if (e.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !busy) onClose();
      }}
    >
      <div
        ref={panel}
        className={`dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close dialog" title="Close (Esc)" onClick={onClose} disabled={busy}>
            ✕
          </button>
        </header>
        <div className="dialog-body">{children}</div>
        {footer && <footer className="dialog-footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
