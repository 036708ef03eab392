/**
 * A button that opens a small panel below it (the table's filters, its columns): Escape or a click
 * outside closes it and gives the focus back to the button; the panel is a labelled group.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface PopoverProps {
  /** The button's text. */
  label: ReactNode;
  /** The panel's name for screen readers. */
  title: string;
  buttonClassName?: string;
  panelClassName?: string;
  children: ReactNode | ((close: () => void) => ReactNode);
}

export function Popover({ label, title, buttonClassName = 'button small', panelClassName = '', children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      ref={box}
      className="popover"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
      }}
    >
      <button ref={button} type="button" className={buttonClassName} aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen((o) => !o)}>
        {label}
      </button>
      {open && (
        <div id={panelId} className={`popover-panel ${panelClassName}`} role="group" aria-label={title}>
          {typeof children === 'function' ? children(close) : children}
        </div>
      )}
    </div>
  );
}
