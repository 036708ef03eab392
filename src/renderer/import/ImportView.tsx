/**
 * The Import page: the wizard (file, sheet and columns, rows, credits and start), a finished
 * import's report, and the list of imports with their progress beside it (in a team, the team's
 * imports, every desk's, below).
 */
import { useEffect, useRef } from 'react';
import { useImports } from '../state/imports';
import { FileChooser } from './FileChooser';
import { ImportReport, REPORT_TITLE_ID } from './ImportReport';
import { JobList, JobProgress } from './JobList';
import { MappingStep } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import { StartStep } from './StartStep';
import { TeamJobList } from './TeamJobList';
import { formatBytes } from './wizard-logic';
import './import.css';
import './import-jobs.css';

export { ImportWindowDrop } from './ImportWindowDrop';

/** The import just started from the wizard, until its report opens. */
function CurrentImport() {
  const job = useImports((s) => s.jobs.find((j) => j.jobId === s.watchedJobId && j.state === 'running'));
  if (!job) return null;
  return (
    <section className="card import-current" aria-labelledby="import-current-title">
      <h2 id="import-current-title" className="section-title">
        Tracking {job.fileName}
      </h2>
      <JobProgress job={job} />
      <p className="muted small">You can work elsewhere meanwhile; the report opens here when it is finished.</p>
    </section>
  );
}

function Wizard() {
  const file = useImports((s) => s.file);
  const closeWizard = useImports((s) => s.closeWizard);
  const name = useRef<HTMLHeadingElement>(null);
  // A keyboard user lands on the opened file, not on the page's start.
  useEffect(() => {
    name.current?.focus();
  }, [file?.fileId]);
  if (!file) {
    return (
      <>
        <CurrentImport />
        <FileChooser />
      </>
    );
  }
  return (
    <div className="import-wizard">
      <div className="card import-file">
        <h2 ref={name} className="import-file-name" tabIndex={-1}>
          {file.fileName}
        </h2>
        <span className="muted small">
          {file.format === 'xlsx' ? 'Excel workbook' : 'Text (CSV)'} · {formatBytes(file.sizeBytes)}
        </span>
        <span className="spacer" />
        <button type="button" className="button small ghost" onClick={closeWizard}>
          Choose another file
        </button>
      </div>
      <MappingStep />
      <PreviewStep />
      <StartStep />
    </div>
  );
}

export function ImportView() {
  const report = useImports((s) => s.report);
  useEffect(() => {
    void useImports.getState().loadJobs();
  }, []);
  useEffect(() => {
    if (report) document.getElementById(REPORT_TITLE_ID)?.focus();
  }, [report]);

  return (
    <section className="import-page" aria-labelledby="page-title">
      <div className="import-main">
        <h1 id="page-title" className="page-title">
          Import
        </h1>
        {report ? <ImportReport /> : <Wizard />}
      </div>
      <aside className="import-side">
        <JobList />
        <TeamJobList />
      </aside>
    </section>
  );
}
