/** The wizard's first step: drop a spreadsheet here (or anywhere on the window) or choose one. */
import { useRef } from 'react';
import { useImports } from '../state/imports';
import { useSettings } from '../state/settings';
import { IMPORT_ACCEPT } from './wizard-logic';

const FILE_INPUT_ID = 'import-file-input';

export function FileChooser() {
  const opening = useImports((s) => s.opening);
  const error = useImports((s) => s.error);
  const input = useRef<HTMLInputElement>(null);
  const demo = useSettings((s) => s.settings?.demo ?? false);

  const choose = (file: File | undefined) => {
    if (file) void useImports.getState().openFile(file);
  };

  return (
    <div className="card import-chooser" aria-busy={opening !== null}>
      <div className="import-chooser-icon" aria-hidden="true">⇪</div>
      <h2 className="import-chooser-title">Drop a customer spreadsheet anywhere on the window</h2>
      <p className="muted">
        CSV or Excel (.xlsx) with container, B/L or booking numbers. Nothing is sent to the tracking service until you
        start the import.
      </p>
      <input
        ref={input}
        id={FILE_INPUT_ID}
        className="sr-only"
        tabIndex={-1}
        type="file"
        accept={IMPORT_ACCEPT}
        aria-label="Choose a spreadsheet to import"
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <button type="button" className="button primary" disabled={opening !== null} onClick={() => input.current?.click()}>
        Choose a file…
      </button>
      {demo && (
        <p className="import-try-sample">
          <button type="button" className="button" disabled={opening !== null} onClick={() => void useImports.getState().openSample()}>
            Try the sample customer spreadsheet
          </button>
          <span className="muted small"> A customer's list as it comes, with a mistyped check digit and a container listed twice.</span>
        </p>
      )}
      {opening && (
        <p role="status">
          Reading {opening}
          <span className="spinner" aria-hidden="true" />
        </p>
      )}
      {error && !opening && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
