/**
 * Mounted once by the window: a file dropped anywhere opens the import wizard with it; a file
 * opened outside the window (Open with…, the dock) does the same; import progress events keep
 * the job list current on every view, and a small indicator shows a running import elsewhere.
 */
import { useEffect, useState } from 'react';
import { onBridgeReconnect } from '../api/bridge';
import { onEvent } from '../api/call';
import { useImports } from '../state/imports';
import { useUi } from '../state/ui';
import { percentDone } from './wizard-logic';
import './import.css';
import './import-jobs.css';

function hasFiles(e: DragEvent): boolean {
  return [...(e.dataTransfer?.types ?? [])].includes('Files');
}

export function ImportWindowDrop() {
  const [dragging, setDragging] = useState(false);
  const view = useUi((s) => s.view);
  const jobs = useImports((s) => s.jobs);
  const running = jobs.filter((j) => j.state === 'running');

  useEffect(() => {
    const imports = useImports.getState();
    void imports.loadJobs();
    const offProgress = onEvent('imports.progress', (event) => useImports.getState().applyProgress(event));
    const offOpened = onEvent('import.fileOpened', (file) => {
      useUi.getState().setView('import');
      useImports.getState().openedElsewhere(file);
    });
    // Progress pushed while the connection was down is lost; the list is read again.
    const offReconnect = onBridgeReconnect(() => void useImports.getState().loadJobs());
    return () => {
      offProgress();
      offOpened();
      offReconnect();
    };
  }, []);

  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      // Without this the browser would open the file itself instead of handing it over.
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      depth = 0;
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      e.preventDefault();
      if (document.querySelector('[role="dialog"]')) {
        useUi.getState().toast(`Close the open dialog first, then drop ${file.name} again.`, 'info');
        return;
      }
      useUi.getState().setView('import');
      if ((e.dataTransfer?.files.length ?? 0) > 1) useUi.getState().toast(`Only ${file.name} was opened; import the other files one at a time.`, 'info');
      void useImports.getState().openFile(file);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);

  const first = running[0];
  return (
    <>
      {dragging && (
        <div className="import-drop-overlay" aria-hidden="true">
          <div className="import-drop-card">Drop the spreadsheet to import it</div>
        </div>
      )}
      {first && view !== 'import' && (
        <button type="button" className="import-indicator" onClick={() => useUi.getState().setView('import')}>
          <span className="import-indicator-bar" aria-hidden="true">
            <span style={{ width: `${percentDone(first.progress, first)}%` }} />
          </span>
          Importing {first.fileName}: {percentDone(first.progress, first)}%{running.length > 1 ? ` (+${running.length - 1} more)` : ''}
        </button>
      )}
    </>
  );
}
