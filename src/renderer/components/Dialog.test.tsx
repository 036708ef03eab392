// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './Dialog';
import { handleGlobalKey } from './use-shortcuts';
import { useUi } from '../state/ui';

afterEach(cleanup);

function Two({ busy = false }: { busy?: boolean }) {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(true);
  return (
    <>
      {outer && (
        <Dialog title="Outer" onClose={() => setOuter(false)}>
          <button type="button">Outer action</button>
        </Dialog>
      )}
      {inner && (
        <Dialog title="Inner" onClose={() => setInner(false)} busy={busy}>
          <button type="button">Inner action</button>
        </Dialog>
      )}
    </>
  );
}

describe('a dialog and the Escape key', () => {
  it('closes from inside the dialog, and from the page when the focus fell out of it: the newest first', () => {
    render(<Two />);
    expect(document.activeElement?.textContent).toBe('✕');
    // The focused element went away (disabled, removed): the key lands on the page's body.
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Outer action' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open while busy, wherever the key lands', () => {
    render(<Two busy />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Inner action' }), { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Inner' })).toBeTruthy();
  });

  it('keeps the window\'s shortcuts from acting behind an open dialog', () => {
    render(<Two />);
    (document.activeElement as HTMLElement).blur();
    const help = new KeyboardEvent('keydown', { key: '?', bubbles: true, cancelable: true });
    handleGlobalKey(help);
    expect(useUi.getState().helpOpen).toBe(false);
    cleanup();
    handleGlobalKey(new KeyboardEvent('keydown', { key: '?', bubbles: true, cancelable: true }));
    expect(useUi.getState().helpOpen).toBe(true);
    useUi.getState().setHelpOpen(false);
  });
});
