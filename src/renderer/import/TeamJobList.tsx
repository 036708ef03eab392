/**
 * The team's imports, every desk's (shown on the Import page while this desk is in a team): the
 * sheet, the desk that started it and the one working it now (another after a takeover), its
 * progress and state, so a colleague knows whom to ask about a sheet.
 */
import { useEffect } from 'react';
import type { TeamImportJobView } from '../../shared/contract';
import { formatCount, plural } from '../lib/format';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useClock } from '../state/clock';
import { useTeam } from '../state/team';
import { useTeamJobs } from '../state/team-jobs';
import { percentOf } from './wizard-logic';

/** "Anna (this desk)" for this desk's own name. */
function deskLabel(desk: string, thisDesk: string | null): string {
  return desk === thisDesk ? `${desk} (this desk)` : desk;
}

function whoWorksIt(job: TeamImportJobView, thisDesk: string | null): string {
  const worker = job.state === 'done' ? (job.finishedBy ?? job.desk) : job.runningOn;
  if (worker === null) return 'Waiting for a desk to send its first batch';
  return `${job.state === 'done' ? 'Finished by' : 'Running on'} ${deskLabel(worker, thisDesk)}${worker === job.desk ? '' : ' (taken over)'}`;
}

/** "10 of 40 references done", "20 sent", "9 tracked", and what was not found or failed: each kept on one line. */
function countsOf(job: TeamImportJobView): string[] {
  const facts = [`${formatCount(job.done)} of ${plural(job.references, 'reference')} done`, `${formatCount(job.sent)} sent`, `${formatCount(job.found)} tracked`];
  if (job.notFound > 0) facts.push(`${formatCount(job.notFound)} not found`);
  if (job.failed > 0) facts.push(`${formatCount(job.failed)} failed`);
  return facts;
}

function TeamJobProgress({ job }: { job: TeamImportJobView }) {
  const percent = percentOf(job.done, job.references);
  return (
    <div className="import-progress">
      <div
        className="import-progress-bar"
        role="progressbar"
        aria-label={`Progress of ${job.file} (started by ${job.desk})`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${formatCount(job.done)} of ${plural(job.references, 'reference')} done`}
      >
        <span className="import-progress-submitted" style={{ width: `${percentOf(job.sent, job.references)}%` }} />
        <span className="import-progress-done" style={{ width: `${percent}%` }} />
      </div>
      <p className="small team-job-counts">
        {countsOf(job).map((fact, i) => (
          <span key={fact}>
            {i > 0 && ' · '}
            <span className="team-job-count">{fact}</span>
          </span>
        ))}
      </p>
    </div>
  );
}

function TeamJobItem({ job, now, thisDesk }: { job: TeamImportJobView; now: number; thisDesk: string | null }) {
  return (
    <li className={`import-job team-job import-job-${job.state}`} aria-label={`${job.file}, started by ${deskLabel(job.desk, thisDesk)}`}>
      <div className="import-job-head">
        <span className="team-job-name">{job.file}</span>
        <span className={`pill pill-${job.state === 'done' ? 'done' : 'transit'}`}>{job.state === 'done' ? 'Finished' : 'Running'}</span>
      </div>
      <p className="muted small" title={absoluteTime(job.createdAt)}>
        Started by <strong className="team-job-desk">{deskLabel(job.desk, thisDesk)}</strong> {relativeTime(job.createdAt, now)}
      </p>
      <p className="small">{whoWorksIt(job, thisDesk)}</p>
      <TeamJobProgress job={job} />
    </li>
  );
}

export function TeamJobList() {
  const view = useTeam((s) => s.view);
  const jobs = useTeamJobs((s) => s.jobs);
  const error = useTeamJobs((s) => s.error);
  const now = useClock((s) => s.now);
  const inTeam = Boolean(view?.team);
  const connected = Boolean(view?.connected);
  // Read when the page opens and when the desk (re)connects; the engine's event keeps it current.
  useEffect(() => {
    if (inTeam && connected) void useTeamJobs.getState().load();
  }, [inTeam, connected]);
  if (!inTeam) return null;
  return (
    <section className="card import-jobs team-jobs" aria-labelledby="team-jobs-title">
      <h2 id="team-jobs-title" className="section-title">
        Team imports
      </h2>
      {!connected && <p className="muted small">The team database cannot be reached; these are the team's imports as last seen.</p>}
      {connected && error && <p className="import-warning small">{error}</p>}
      {jobs.length === 0 ? (
        <p className="muted small">No desk of the team has imported a sheet yet.</p>
      ) : (
        // Scrollable, so reachable by keyboard (Tab, then the arrow keys) as well.
        <ul className="import-job-list team-job-list" tabIndex={0} aria-label="The team's imports, newest first">
          {jobs.map((job) => (
            <TeamJobItem key={job.jobKey} job={job} now={now} thisDesk={view?.desk ?? null} />
          ))}
        </ul>
      )}
    </section>
  );
}
