/**
 * Untrusted spreadsheets are read in a cage: pre-scanned on the calling thread (prescan.ts), then
 * read and validated in a worker thread with a heap cap and a wall-time limit. Whatever the file
 * does to the reader (runs it out of memory, crashes it, keeps it busy), the caller gets one
 * sentence as an ImportError and carries on; a worker out of time is terminated.
 *
 * Where the worker is: next to this module. From the TypeScript sources (tsx, vitest) that is
 * spreadsheet-worker.mjs, which registers tsx and loads spreadsheet-worker.ts; in the desktop
 * bundle it is spreadsheet-worker.js, built as its own entry beside the bundle that holds this code.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { TrackingType } from '../../../../shared/domain.js';
import { ImportError, type ImportErrorCode } from './errors.js';
import { CAGE_LIMITS, formatCount, type CageLimits } from './limits.js';
import { prescanSpreadsheet, type Prescan } from './prescan.js';
import { REPORT_LISTS, type CageTask, type CageWorkerData, type CagedValidateOptions, type ReportList } from './cage-protocol.js';
import { parseCageMessage } from './cage-schema.js';
import type { AlreadyTrackedReference, ImportProgress, ValidateSpreadsheetOptions, ValidationReport } from './types.js';

export interface CageOptions {
  /** Tests inject small ones; the app uses CAGE_LIMITS. */
  limits?: Partial<CageLimits>;
  /** The reader's file; by default the one next to this module (spreadsheetWorkerFile). */
  reader?: URL;
}

const SOURCE_WORKER = 'spreadsheet-worker.mjs';
const BUILT_WORKER = 'spreadsheet-worker.js';

/**
 * The worker's file. A variable, not a literal, inside `new URL`: a bundler must not try to
 * resolve or copy it (the desktop build makes it an entry of its own). `../` covers a bundle
 * that puts this code in a chunk one folder below the entries.
 */
export function spreadsheetWorkerFile(here: string = import.meta.url): URL {
  const name = /\.[cm]?tsx?$/.test(new URL(here).pathname) ? SOURCE_WORKER : BUILT_WORKER;
  for (const folder of ['./', '../']) {
    const file = new URL(folder + name, here);
    if (existsSync(file)) return file;
  }
  throw new Error(`The spreadsheet reader ${name} is missing next to ${here}; the installation is incomplete.`);
}

function duration(ms: number): string {
  if (ms >= 60_000) return `${formatCount(Math.round(ms / 60_000))} minute${ms >= 90_000 ? 's' : ''}`;
  if (ms >= 1000) return `${formatCount(Math.round(ms / 100) / 10)} s`;
  return `${formatCount(ms)} ms`;
}

function failure(code: Extract<ImportErrorCode, `reader-${string}`>, limits: CageLimits, detail = ''): ImportError {
  const advice = 'split it into smaller files, or export only the sheet with the references as CSV';
  switch (code) {
    case 'reader-out-of-memory':
      return new ImportError(code, `Reading this file needed more memory than one import may use (${formatCount(limits.heapMb)} MB); ${advice}.`);
    case 'reader-timeout':
      return new ImportError(code, `Reading this file took longer than ${duration(limits.timeMs)}, the most one import may take; ${advice}.`);
    default:
      return new ImportError(code, `Reading this file stopped unexpectedly${detail ? ` (${detail})` : ''}; try again, and if it happens again, export the sheet as CSV.`);
  }
}

/** The reader threw something of its own (not an ImportError): the file holds what it cannot take. */
function readerThrew(message: string, stack: string | undefined): ImportError {
  const detail = message.split('\n')[0]!.replace(/[.;]+$/, '').slice(0, 200);
  const cause = Object.assign(new Error(message), stack ? { stack } : {});
  return new ImportError(
    'reader-failed',
    `The reader could not make sense of this file (${detail}); open it in Excel and save it again as .xlsx, or export the sheet with the references as CSV.`,
    { cause },
  );
}

interface CageRun {
  report?: ValidationReport;
  sheets?: string[];
}

function runCaged(task: CageTask, options: CageOptions, onProgress?: (progress: ImportProgress) => void): Promise<CageRun> {
  const limits: CageLimits = { ...CAGE_LIMITS, ...options.limits };
  return new Promise((resolve, reject) => {
    const worker = new Worker(options.reader ?? spreadsheetWorkerFile(), {
      workerData: { spreadsheetTask: task } satisfies CageWorkerData,
      // Not the caller's flags (an inspector port, Electron's switches): the reader needs none.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, limits.heapMb / 8)) },
    });
    const parts: Record<ReportList, unknown[][]> = { accepted: [], rejected: [], duplicates: [], alreadyTracked: [] };
    let settled = false;
    const settle = (error: Error | null, value?: CageRun): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(value!);
    };
    const timer = setTimeout(() => settle(failure('reader-timeout', limits)), limits.timeMs);

    worker.on('message', (raw: unknown) => {
      const message = parseCageMessage(raw);
      if (!message) {
        settle(failure('reader-failed', limits, 'it answered something that is not a report'));
        return;
      }
      switch (message.kind) {
        case 'progress':
          if (!settled) onProgress?.(message.progress);
          return;
        case 'part':
          parts[message.list].push(message.items);
          setImmediate(() => {
            if (!settled) worker.postMessage('next');
          });
          return;
        case 'report': {
          const report = message.report;
          for (const list of REPORT_LISTS) (report[list] as unknown[]) = parts[list].flat();
          settle(null, { report });
          return;
        }
        case 'sheets':
          settle(null, { sheets: message.sheets });
          return;
        case 'failed':
          settle(message.code ? new ImportError(message.code, message.message) : readerThrew(message.message, message.stack));
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? failure('reader-out-of-memory', limits) : failure('reader-failed', limits, error.message.split('\n')[0]));
    });
    worker.on('messageerror', () => settle(failure('reader-failed', limits, 'an answer could not be read')));
    worker.on('exit', (code) => settle(failure('reader-failed', limits, `exit code ${code}`)));
  });
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const TRACKED_CHECKS_PER_TURN = 2000;

/**
 * The cache's answer to "already ACTIVE?" for each accepted reference, as ReportBuilder would have
 * given it: accepted and already-tracked keep the file's order, duplicates are untouched (they
 * are decided before the cache is asked). A turn of the event loop every few thousand lookups.
 */
async function markAlreadyTracked(report: ValidationReport, isActive: (type: TrackingType, reference: string) => boolean): Promise<ValidationReport> {
  const accepted: ValidationReport['accepted'] = [];
  const alreadyTracked: AlreadyTrackedReference[] = [...report.alreadyTracked];
  for (const [i, entry] of report.accepted.entries()) {
    if (i > 0 && i % TRACKED_CHECKS_PER_TURN === 0) await turn();
    if (isActive(entry.type, entry.reference)) alreadyTracked.push({ row: entry.row, value: entry.value, reference: entry.reference, type: entry.type, fields: entry.fields });
    else accepted.push(entry);
  }
  return { ...report, accepted, alreadyTracked, creditsEstimated: accepted.length };
}

/**
 * Reads and validates a spreadsheet file in the cage: the same report validateSpreadsheet gives.
 * `file`: a path, or what prescanSpreadsheet said of it (so a caller can refuse a hostile file
 * before other work, such as fetching the carrier directory).
 */
export async function validateSpreadsheetInCage(file: string | Prescan, options: ValidateSpreadsheetOptions & CageOptions): Promise<ValidationReport> {
  const scanned = typeof file === 'string' ? await prescanSpreadsheet(file, { delimiter: options.delimiter }) : file;
  const { isActive, onProgress, limits, reader, ...data } = options;
  const { report } = await runCaged({ kind: 'validate', path: scanned.path, options: data satisfies CagedValidateOptions }, { limits, reader }, onProgress);
  return isActive ? markAlreadyTracked(report!, isActive) : report!;
}

/** For the window's "open this file" step: what it is and its sheets, pre-scanned and read in the cage. */
export async function inspectSpreadsheet(path: string, options: CageOptions = {}): Promise<{ format: 'xlsx' | 'csv'; sheets: string[] }> {
  const scanned = await prescanSpreadsheet(path);
  if (scanned.format === 'csv') return { format: 'csv', sheets: [] };
  const { sheets } = await runCaged({ kind: 'inspect', path: scanned.path, format: scanned.format }, options);
  return { format: 'xlsx', sheets: sheets! };
}
