/**
 * The import wizard's back end. A dropped file (by its path) is copied under the data folder by its SHA-256
 * (`imports/<sha>.<ext>`), so a preview, a start and a resume after a restart all read the
 * same bytes. Jobs run in the background through the scheduler; progress is pushed as events.
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportJobView, ImportOptionsInput, ImportPreview, ImportProgressView } from '../../../shared/contract/index.js';
import { applySuggestion } from './sheets/report.js';
import { resolveDuplicates } from './sheets/duplicates.js';
import type { ValidationReport } from './sheets/types.js';
import type { JobProgress } from '../../data/index.js';
import { BATCH_SIZE } from './poller/poller.js';
import { createImportJob, runJob, validateImport } from './imports.js';
import type { Core } from '../../context.js';
import { AppFailure, toAppError } from '../../platform/failure.js';
import { keepCopy } from './import-file.js';
import { pruneImportFiles } from './retention.js';
import { SAMPLE_SHEET_NAME, sampleCustomerSheet } from './sample-sheet.js';
import { deskDay } from '../../../shared/free-time.js';
import type { AreaHandlers, Host } from '../../handlers.js';
import { readCredits } from '../credits/index.js';
import { columnUpdates } from './column-updates.js';

const LIST_CAP = 1000;
const BALANCE_WAIT_MS = 3000;
const PROGRESS_THROTTLE_MS = 200;

function progressView(p: JobProgress): ImportProgressView {
  return {
    total: p.total,
    done: p.done,
    found: p.found,
    notFound: p.notFound,
    failed: p.failed,
    batchesSubmitted: p.batchesSubmitted,
    batchesProcessed: p.batchesProcessed,
    batchesTotal: Math.ceil(p.total / BATCH_SIZE),
    remainingMs: p.remainingMs,
  };
}

export function createImportHandlers(core: Core, host: Host): AreaHandlers<'imports'> & { close(): void } {
  const folder = join(core.dataDir, 'imports');
  const progress = (jobId: number, state: ImportJobView['state'], view: ImportProgressView | null, message: string | null) =>
    core.events.emit('imports.progress', { jobId, state, progress: view, message });
  const names = new Map<string, string>();
  const live = new Map<number, ImportProgressView | null>();
  let closed = false;
  /** The retention rule for `imports/` (retention.ts); a failure to remove a copy only leaves it for next time. */
  const prune = (): Promise<string[]> => pruneImportFiles(core, folder, core.now()).catch(() => []);

  const openFile = async (original: string) => {
    const { fileId, fileName, path } = await keepCopy(original, folder);
    names.set(fileId, fileName);
    // Pre-scanned and read in the cage: a hostile file is refused in a sentence, the engine keeps answering.
    // The readers load with the first file, not at the engine's start.
    const { inspectSpreadsheet } = await import('./sheets/index.js');
    const { format, sheets } = await inspectSpreadsheet(path);
    return { fileId, fileName, format, sheets, sizeBytes: statSync(path).size };
  };

  const fileOf = (fileId: string): { path: string; fileName: string } => {
    const match = readdirSync(folder, { withFileTypes: true }).find((f) => f.isFile() && f.name.startsWith(`${fileId}.`));
    if (!match) throw new AppFailure('not-found', 'That file is no longer available; drop it on the window again.');
    return { path: join(folder, match.name), fileName: names.get(fileId) ?? match.name };
  };

  /** The balance now if the service answers within seconds, else the last one read. */
  const balance = async (): Promise<number | null> => {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), BALANCE_WAIT_MS).unref());
    const read = readCredits(core).then((c) => c.remaining, () => null);
    return (await Promise.race([read, timeout])) ?? core.read.latestCredits()?.remaining ?? null;
  };

  const validate = async (input: ImportOptionsInput): Promise<{ report: ValidationReport; path: string; fileName: string }> => {
    const { path, fileName } = fileOf(input.fileId);
    let report = await validateImport(core, path, { sheet: input.sheet, mapping: input.mapping, carrier: input.carrier });
    const isActive = (type: string, reference: string) => core.read.findActive(type, reference) !== null;
    for (const row of input.acceptSuggestions ?? []) report = applySuggestion(report, row, { isActive });
    // A reference listed more than once: the rows' columns merged, the person's choices applied (else the later row's).
    report = resolveDuplicates(report, input.duplicateChoices);
    return { report, path, fileName };
  };

  const jobView = (jobId: number): ImportJobView => {
    const summary = core.read.imports.listJobs().find((j) => j.jobId === jobId);
    if (!summary) throw new AppFailure('not-found', `Import ${jobId} is not in the cache.`);
    const report = core.read.imports.jobReport(jobId);
    return {
      jobId,
      fileName: summary.file,
      state: summary.state,
      createdAt: summary.createdAt,
      finishedAt: summary.finishedAt,
      references: summary.references,
      done: summary.done,
      updated: summary.updated,
      message: report?.message ?? null,
      progress: live.get(jobId) ?? null,
    };
  };

  const run = (jobId: number) => {
    if (live.has(jobId)) return;
    live.set(jobId, null);
    let last = -Infinity;
    progress(jobId, 'running', null, null);
    void runJob(core, jobId, {
      needRoute: true,
      onProgress: (p) => {
        if (closed) return;
        const view = progressView(p);
        live.set(jobId, view);
        const now = performance.now();
        if (now - last < PROGRESS_THROTTLE_MS && p.done < p.total) return;
        last = now;
        progress(jobId, 'running', view, null);
      },
    }).then(
      () => {
        live.delete(jobId);
        if (closed) return;
        progress(jobId, 'done', null, null);
        void prune();
      },
      (err: unknown) => {
        live.delete(jobId);
        if (closed) return;
        progress(jobId, 'paused', null, toAppError(err).message);
      },
    );
  };

  // At engine start: copies whose jobs finished long ago (or that no job ever read) go.
  void prune();

  return {
    close: () => {
      closed = true;
    },
    'imports.open': async ({ path }) => openFile(path),
    'imports.openSample': async () => {
      if (!host.info.demo) throw new AppFailure('invalid-input', 'The sample customer spreadsheet comes with the sample data; choose a file of your own.');
      mkdirSync(folder, { recursive: true });
      const path = join(folder, SAMPLE_SHEET_NAME);
      writeFileSync(path, sampleCustomerSheet(deskDay(core.now())));
      return openFile(path);
    },
    'imports.preview': async (input): Promise<ImportPreview> => {
      const { report, fileName } = await validate(input);
      const updates = columnUpdates(core.read, report.alreadyTracked);
      const fieldNames = [...new Set(report.mapping.filter((m) => m.role === 'local').map((m) => m.field))];
      return {
        fileId: input.fileId,
        fileName,
        sheet: report.sheet ?? null,
        sheets: report.sheets ?? [],
        rows: report.rows,
        headerRow: report.headerRow,
        mapping: report.mapping.map((m) => ({
          column: m.column, header: m.header, role: m.role, field: m.field, source: m.source, samples: m.samples ?? [], ...(m.quaysideColumn ? { quaysideColumn: true } : {}),
        })),
        counts: {
          accepted: report.accepted.length,
          rejected: report.rejected.length,
          duplicates: report.duplicates.length,
          alreadyTracked: report.alreadyTracked.length,
          updated: updates.length,
          conflicting: report.duplicates.filter((d) => (d.differences ?? []).length > 0).length,
        },
        accepted: report.accepted.slice(0, LIST_CAP).map((a) => ({ row: a.row, reference: a.reference, type: a.type, scac: a.scac, carrierName: a.carrierName, fields: a.fields, warning: a.warning ?? null })),
        rejected: report.rejected.slice(0, LIST_CAP).map((r) => ({ row: r.row, value: r.value, reason: r.reason, suggestion: r.suggestion ?? null })),
        // The ones whose values differ first: they are what a person chooses between.
        duplicates: [...report.duplicates]
          .sort((a, b) => Number((b.differences ?? []).length > 0) - Number((a.differences ?? []).length > 0) || a.row - b.row)
          .slice(0, LIST_CAP)
          .map((d) => ({ row: d.row, value: d.value, firstRow: d.firstRow, reference: d.reference, type: d.type, differences: d.differences ?? [] })),
        alreadyTracked: report.alreadyTracked.slice(0, LIST_CAP).map((t) => ({ row: t.row, value: t.value })),
        updated: updates.slice(0, LIST_CAP).map((u) => ({ row: u.row, reference: u.reference, changes: u.changes })),
        creditsEstimated: report.creditsEstimated,
        balance: await balance(),
        warnings: report.warnings,
        fieldNames,
      };
    },
    'imports.start': async (input) => {
      const { report, path, fileName } = await validate(input);
      // Worked out again from the cache as it is now: what is applied is what the cache holds, not an older preview.
      const updates = columnUpdates(core.read, report.alreadyTracked);
      if (report.accepted.length === 0 && updates.length === 0) {
        throw new AppFailure('invalid-input', 'Nothing in this file needs tracking or updating (every row is rejected, a duplicate, or already tracked with the same columns); nothing was sent.');
      }
      // Only column updates: nothing is sent, not even a balance reading.
      const remaining = report.accepted.length > 0 ? (await readCredits(core)).remaining : null;
      const jobId = await createImportJob(core, path, report, remaining, {
        fileName,
        updates,
        goOnWithWhatFits: input.goOnWithWhatFits,
        overBudget: (needed, have) => `This import needs up to ${needed} credits and the account has ${have}; nothing was sent. Track the first ${have} that fit, or top up the account first.`,
      });
      if (report.accepted.length > 0) run(jobId);
      else {
        progress(jobId, 'done', null, null);
        void prune();
      }
      return jobView(jobId);
    },
    'imports.jobs': async () => core.read.imports.listJobs().map((j) => jobView(j.jobId)),
    'imports.report': async (jobId) => {
      const report = core.read.imports.jobReport(jobId);
      if (!report) throw new AppFailure('not-found', `Import ${jobId} is not in the cache.`);
      return report;
    },
    'imports.reportCsv': async (jobId) => {
      const report = core.read.imports.jobReport(jobId);
      if (!report) throw new AppFailure('not-found', `Import ${jobId} is not in the cache.`);
      return { fileName: `${report.file.replace(/\.[^.]+$/, '')}-import-${jobId}-report.csv`, text: core.read.imports.reportCsv(jobId) };
    },
    'imports.resume': async (jobId) => {
      const view = jobView(jobId);
      if (view.state === 'done') return view;
      run(jobId);
      return jobView(jobId);
    },
  };
}
