import { NUMBERED_VIEWS, viewName } from '../../shared/views';
import { Dialog } from './Dialog';

/** What the keys do in the table and its dialogs. */
const IN_THE_WINDOW: readonly Shortcut[] = [
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
];

/** The views in the navigation's order (src/shared/views.ts), as the View menu has them. */
const VIEW_KEYS: readonly Shortcut[] = [
  ...NUMBERED_VIEWS.map((v) => ({ keys: `Ctrl+${v.key}`, what: `Go to ${v.name}` })),
  { keys: 'Ctrl+,', what: `Go to ${viewName('settings')}` },
];

interface Shortcut {
  keys: string;
  what: string;
}

/** One table of keys; the two stand side by side, so the dialog never needs to scroll. */
function KeysTable({ caption, shortcuts }: { caption: string; shortcuts: readonly Shortcut[] }) {
  return (
    <table className="shortcuts">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Keys</th>
          <th scope="col">Does</th>
        </tr>
      </thead>
      <tbody>
        {shortcuts.map((s) => (
          <tr key={s.keys}>
            <td>
              <kbd>{s.keys}</kbd>
            </td>
            <td>{s.what}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ShortcutsHelp({ onClose }: { onClose(): void }) {
  return (
    <Dialog
      title="Keyboard shortcuts"
      className="shortcuts-dialog"
      onClose={onClose}
      footer={
        <button type="button" className="button primary" onClick={onClose} data-autofocus>
          Close
        </button>
      }
    >
      <div className="shortcuts-tables">
        <KeysTable caption="In the window" shortcuts={IN_THE_WINDOW} />
        <KeysTable caption="Views" shortcuts={VIEW_KEYS} />
      </div>
      <p className="muted small">On a Mac, use ⌘ instead of Ctrl.</p>
    </Dialog>
  );
}
