import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Delimiter, MappingOverride, ValidationReport } from './sheets/types.js';
import type { ImportReport, JobProgress } from '../../data/index.js';
import { BatchPoller } from './poller/poller.js';
import type { Core } from '../../context.js';
import { ServiceError } from '../../platform/failure.js';
import { syncShipments } from '../sync/index.js';
import { carrierDirectory } from '../settings/index.js';
import { readCredits } from '../credits/index.js';
import { columnUpdates, type ColumnUpdate } from './column-updates.js';
import { duplicateMessage } from './sheets/duplicates.js';

export interface ImportOptions {
  sheet?: string;
  mapping?: MappingOverride;
  carrier?: string;
  delimiter?: Delimiter;
  /** Reading and validating: rows read so far. */
  onReadProgress?: (rows: number, bytesRead: number, totalBytes: number | null) => void;
}

export interface RunImportOptions extends ImportOptions {
  /** When the estimate exceeds the balance: track what fits instead of refusing. */
  goOnWithWhatFits?: boolean;
  /**
   * Called once validated, before anything is sent or changed: the estimate, the balance (null
   * when nothing is to be tracked: then it is not read) and the column updates of rows already tracked.
   */
  onEstimate?: (report: ValidationReport, balance: number | null, updates: readonly ColumnUpdate[]) => void;
  onProgress?: (progress: JobProgress) => void;
  needRoute?: boolean;
  /** The job is stored and has started: from here on a failure leaves it for `resume`. */
  onJobStored?: () => void;
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function assertReadableFile(path: string): Promise<void> {
  const problem = await stat(path).then(
    (s) => (s.isFile() ? null : 'it is a folder, not a file'),
    (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? 'there is no such file' : err.code === 'EACCES' ? 'permission denied' : err.message),
  );
  if (problem) throw new ServiceError(`Cannot read ${path}: ${problem}; check the path and try again.`);
}

/**
 * Reads and validates a spreadsheet against the cache; sends nothing (the dry run). The file is
 * untrusted: pre-scanned first (a hostile file is refused before the carrier directory is even
 * fetched), then read in the cage, a worker with heap and time limits.
 */
export async function validateImport(core: Core, path: string, options: ImportOptions = {}): Promise<ValidationReport> {
  await assertReadableFile(path);
  // The readers (papaparse, read-excel-file, the cage) load with the first file, not at the engine's start.
  const { prescanSpreadsheet, validateSpreadsheetInCage } = await import('./sheets/index.js');
  const scanned = await prescanSpreadsheet(path, { delimiter: options.delimiter });
  const { carriers } = await carrierDirectory(core);
  return validateSpreadsheetInCage(scanned, {
    carriers,
    isActive: (type, reference) => core.read.findActive(type, reference) !== null,
    defaultCarrier: options.carrier,
    mapping: options.mapping,
    sheet: options.sheet,
    delimiter: options.delimiter,
    onProgress: options.onReadProgress ? (p) => options.onReadProgress!(p.rows, p.bytesRead, p.totalBytes) : undefined,
  });
}

/**
 * Imports a spreadsheet: validates it, checks the credit estimate against the balance,
 * stores the job, then tracks every accepted reference through batches.
 */
export async function runImport(core: Core, path: string, options: RunImportOptions = {}): Promise<ImportReport> {
  const report = await validateImport(core, path, options);
  const updates = columnUpdates(core.read, report.alreadyTracked);
  // Only updates (or nothing): no request to the service at all, not even for the balance.
  const remaining = report.accepted.length > 0 ? (await readCredits(core)).remaining : null;
  options.onEstimate?.(report, remaining, updates);
  const jobId = await createImportJob(core, path, report, remaining, {
    updates,
    goOnWithWhatFits: options.goOnWithWhatFits,
    overBudget: (needed, balance) =>
      `This import needs up to ${needed} credits and the account has ${balance}; nothing was sent. Pass --yes to track the first ${balance} that fit, or --dry-run to see the report.`,
  });
  options.onJobStored?.();
  if (report.accepted.length === 0) return finishedReport(core, jobId);
  return runJob(core, jobId, options);
}

function finishedReport(core: Core, jobId: number): ImportReport {
  const finished = core.read.imports.jobReport(jobId);
  if (!finished) throw new ServiceError(`Import job ${jobId} disappeared from the cache.`);
  return finished;
}

/**
 * Stores a job for a validated report, after checking its estimate against the balance (null:
 * not read, allowed only when nothing is to be tracked), and applies the column updates of rows
 * already tracked in the same transaction. Nothing is sent; `runJob` does that. A job with nothing
 * to track is finished here, and no credit is spent by it.
 */
export async function createImportJob(
  core: Core,
  path: string,
  report: ValidationReport,
  balance: number | null,
  options: { goOnWithWhatFits?: boolean; overBudget: (needed: number, balance: number) => string; fileName?: string; updates?: readonly ColumnUpdate[] },
): Promise<number> {
  if (balance === null && report.accepted.length > 0) throw new ServiceError('The credit balance must be read before references are tracked.');
  if (balance !== null && report.creditsEstimated > balance && !options.goOnWithWhatFits) {
    throw new ServiceError(options.overBudget(report.creditsEstimated, balance));
  }
  const updates = options.updates ?? [];
  const nothingToSend = report.accepted.length === 0;
  // Nothing is sent: the last reading stands for before and after (0 spent), or none is said.
  const creditsBefore = balance ?? core.read.latestCredits()?.remaining ?? null;
  const job = {
    fileName: options.fileName ?? basename(path),
    sha256: await sha256(path),
    // The values shown beside the mapping are the window's; the job keeps the mapping itself.
    report: {
      ...report,
      mapping: report.mapping.map(({ samples: _samples, ...column }) => column),
      // A duplicate says in its report line which values differed and which one was kept.
      duplicates: report.duplicates.map((d) => ({ ...d, message: duplicateMessage(d) })),
    },
    budget: Math.min(report.creditsEstimated, balance ?? 0),
    creditsBefore,
    now: core.now().toISOString(),
    updates: updates.map((u) => ({ row: u.row, shipmentId: u.shipmentId, fields: u.fields, message: u.message })),
  };
  const jobId = core.write((tx) => {
    const id = tx.imports.createJob(job);
    if (nothingToSend) tx.imports.setJobState(id, 'done', null, job.now, creditsBefore);
    return id;
  });
  if (updates.length > 0) {
    core.events.emit('shipments.changed', { ids: [...new Set(updates.map((u) => u.shipmentId))], reason: 'import' });
    // The updated rows are the team's to have, as tracked rows are.
    core.events.emit('imports.rowsStored', { jobId });
  }
  return jobId;
}

/**
 * Runs (or resumes) one job until every reference has an outcome. As rows are stored it tells
 * `shipments.changed` (reason import) and `imports.rowsStored`; in a team the job is the team's
 * (ports.ts, TeamImports): any desk finishes it.
 */
export async function runJob(core: Core, jobId: number, options: { onProgress?: (p: JobProgress) => void; needRoute?: boolean } = {}): Promise<ImportReport> {
  const poller = new BatchPoller({
    client: core.api(),
    store: core.pollerStore(),
    syncShipments: async () => {
      await syncShipments(core);
    },
    timeScale: core.timeScale,
  });
  let storedSeen = -1;
  const stored = () => {
    core.events.emit('shipments.changed', { ids: null, reason: 'import' });
    core.events.emit('imports.rowsStored', { jobId });
  };
  const onProgress = (p: JobProgress) => {
    if (p.done !== storedSeen) {
      storedSeen = p.done;
      stored();
    }
    options.onProgress?.(p);
  };
  core.write((tx) => {
    tx.imports.releaseHeldJob(jobId);
    tx.imports.setJobState(jobId, 'running', null, null);
  });
  try {
    const asTeamJob = await core.ports.teamImports.run(jobId, { onProgress, needRoute: options.needRoute });
    if (asTeamJob) {
      stored();
      return asTeamJob;
    }
    await poller.run(jobId, { onProgress, needRoute: options.needRoute });
  } catch (caught) {
    const err = core.translateError(caught);
    try {
      core.write((tx) => tx.imports.setJobState(jobId, 'paused', err instanceof Error ? err.message : String(err), null));
    } catch {
      // The disk is full: the job stays marked running, which resume picks up the same way.
    }
    throw err;
  }
  const after = await readCredits(core).catch(() => null);
  core.write((tx) => tx.imports.setJobState(jobId, 'done', null, core.now().toISOString(), after?.remaining ?? null));
  stored();
  const finished = core.read.imports.jobReport(jobId);
  if (!finished) throw new ServiceError(`Import job ${jobId} disappeared from the cache.`);
  return finished;
}

/** Finishes every unfinished job (after a crash, a kill or a lost network). */
export async function resumeImports(core: Core, onProgress?: (jobId: number, p: JobProgress) => void): Promise<ImportReport[]> {
  const reports: ImportReport[] = [];
  for (const jobId of core.read.imports.unfinishedJobIds()) {
    reports.push(await runJob(core, jobId, { onProgress: onProgress ? (p) => onProgress(jobId, p) : undefined }));
  }
  // In a team: the team's jobs other desks started and left unfinished.
  reports.push(...(await core.ports.teamImports.resumeOthers(onProgress ? (_key, p) => onProgress(0, p) : undefined)));
  return reports;
}
