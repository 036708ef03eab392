import { NUMBERED_VIEWS, viewName } from '../../shared/views';
import { Dialog } from './Dialog';

const SHORTCUTS: readonly { keys: string; what: string }[] = [
  { keys: '/  or  Ctrl+F', what: 'Search shipments' },
  { keys: 'Ctrl+K', what: 'Quick track a reference' },
  { keys: '↑ ↓', what: 'Move the active row' },
  { keys: 'Page Up / Page Down', what: 'Move a page' },
  { keys: 'Home / End', what: 'First / last shipment' },
  { keys: 'Shift+↑ ↓', what: 'Extend the selection' },
  { keys: 'Space', what: 'Select or unselect the active row' },
  { keys: 'Ctrl+A', what: 'Select all matching shipments' },
  { keys: 'Enter', what: 'Open the detail of the active row' },
  { keys: 'N', what: 'Edit the note of the active row' },
  { keys: 'Delete', what: 'Remove the selection (or the active row)' },
  { keys: 'Esc', what: 'Close the panel or dialog' },
  { keys: '?', what: 'Show these shortcuts' },
  // The views in the navigation's order (src/shared/views.ts), as the View menu has them.
  ...NUMBERED_VIEWS.map((v) => ({ keys: `Ctrl+${v.key}`, what: `Go to ${v.name}` })),
  { keys: 'Ctrl+,', what: `Go to ${viewName('settings')}` },
];

export function ShortcutsHelp({ onClose }: { onClose(): void }) {
  return (
    <Dialog
      title="Keyboard shortcuts"
      onClose={onClose}
      footer={
        <button type="button" className="button primary" onClick={onClose} data-autofocus>
          Close
        </button>
      }
    >
      <table className="shortcuts">
        <caption className="sr-only">Keyboard shortcuts</caption>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys}>
              <td>
                <kbd>{s.keys}</kbd>
              </td>
              <td>{s.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">On a Mac, use ⌘ instead of Ctrl.</p>
    </Dialog>
  );
}
