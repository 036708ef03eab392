/** Every import in the cache: running ones with their progress, unfinished ones to resume, finished ones with their report. */
import type { ImportJobView } from '../../shared/contract';
import { formatCount, plural } from '../lib/format';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useClock } from '../state/clock';
import { useImports } from '../state/imports';
import { batchesText, percentDone, percentSubmitted, timeLeft } from './wizard-logic';

const STATE_LABELS: Record<ImportJobView['state'], string> = { running: 'Running', done: 'Finished', paused: 'Unfinished', failed: 'Stopped' };

export function JobProgress({ job }: { job: ImportJobView }) {
  const percent = percentDone(job.progress, job);
  const p = job.progress;
  return (
    <div className="import-progress">
      <div
        className="import-progress-bar"
        role="progressbar"
        aria-label={`Progress of ${job.fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span className="import-progress-submitted" style={{ width: `${percentSubmitted(p)}%` }} />
        <span className="import-progress-done" style={{ width: `${percent}%` }} />
      </div>
      <p className="small">
        {formatCount(p?.done ?? job.done)} of {plural(p?.total ?? job.references, 'reference')} done
        {p ? ` · ${batchesText(p)} · ${timeLeft(p.remainingMs, p.done)}` : ' · waiting for the first batch'}
      </p>
    </div>
  );
}

function JobItem({ job, now }: { job: ImportJobView; now: number }) {
  const resume = useImports((s) => s.resume);
  const openReport = useImports((s) => s.openReport);
  const unfinished = job.state === 'paused' || job.state === 'failed';
  return (
    <li className={`import-job import-job-${job.state}`} aria-label={`Import ${job.jobId}: ${job.fileName}`}>
      <div className="import-job-head">
        <span className="import-job-name" title={job.fileName}>
          {job.fileName}
        </span>
        <span className={`pill pill-${job.state === 'done' ? 'done' : job.state === 'running' ? 'transit' : 'waiting'}`}>{STATE_LABELS[job.state]}</span>
      </div>
      <p className="muted small" title={absoluteTime(job.createdAt)}>
        Started {relativeTime(job.createdAt, now)}
        {job.state === 'running' ? ` · ${plural(job.references, 'reference')}` : job.references > 0 ? ` · ${formatCount(job.done)} of ${plural(job.references, 'reference')} done` : ''}
        {job.updated > 0 && ` · ${plural(job.updated, 'shipment')} updated`}
      </p>
      {job.state === 'running' && <JobProgress job={job} />}
      {job.message && job.state !== 'done' && <p className="import-warning small">{job.message}</p>}
      <div className="import-job-actions">
        {unfinished && (
          <button type="button" className="button small primary" onClick={() => void resume(job.jobId)} aria-label={`Resume ${job.fileName}`}>
            Resume
          </button>
        )}
        <button type="button" className="button small" onClick={() => void openReport(job.jobId)} aria-label={`Report of ${job.fileName}`}>
          Report
        </button>
      </div>
    </li>
  );
}

export function JobList() {
  const jobs = useImports((s) => s.jobs);
  const now = useClock((s) => s.now);
  return (
    <section className="card import-jobs" aria-labelledby="import-jobs-title">
      <h2 id="import-jobs-title" className="section-title">
        Imports
      </h2>
      {jobs.length === 0 ? (
        <p className="muted small">No imports yet. They keep running here while you work elsewhere.</p>
      ) : (
        <ul className="import-job-list">
          {jobs.map((job) => (
            <JobItem key={job.jobId} job={job} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
