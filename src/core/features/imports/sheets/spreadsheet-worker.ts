/**
 * The isolated reader: runs in a worker thread that cage.ts starts with heap caps and a time
 * limit, reads one spreadsheet by path and answers by messages. Nothing here may reach the
 * calling thread except what is posted: progress, the report (its lists in slices, so the
 * calling thread copies a slice a turn, not 250,000 entries at once) or the sheet names.
 * Functions cannot cross a thread, so `isActive` is answered by the caller afterwards.
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { REPORT_LISTS, type CageMessage, type CageTask, type CageWorkerData } from './cage-protocol.js';
import { ImportError } from './errors.js';
import { validateSpreadsheet } from './spreadsheet.js';
import { readWorkbook } from './xlsx.js';

/**
 * A few ms to copy in and check (cage-schema.ts) on the calling thread; 200,000 references take
 * 100 slices. 5000 held it about 60 ms the first time (zod compiling its checks), 10 ms after.
 */
const SLICE = 2000;

function post(message: CageMessage): void {
  parentPort!.postMessage(message);
}

/**
 * Node delivers every queued message in one turn of the receiver's loop, so the next slice is
 * posted only once the caller has taken the last one (it answers on a later turn).
 */
let taken: (() => void) | null = null;
const sliceTaken = (): Promise<void> => new Promise((resolve) => (taken = resolve));

async function run(task: CageTask): Promise<void> {
  if (task.kind === 'inspect') {
    const sheets = task.format === 'xlsx' ? (await readWorkbook(await readFile(task.path))).map((s) => s.name) : [];
    post({ kind: 'sheets', sheets });
    return;
  }
  const report = await validateSpreadsheet(task.path, { ...task.options, onProgress: (progress) => post({ kind: 'progress', progress }) });
  for (const list of REPORT_LISTS) {
    const items = report[list];
    for (let at = 0; at < items.length; at += SLICE) {
      const next = sliceTaken();
      post({ kind: 'part', list, items: items.slice(at, at + SLICE) });
      await next;
    }
  }
  post({ kind: 'report', report: { ...report, accepted: [], rejected: [], duplicates: [], alreadyTracked: [] } });
}

const task = parentPort ? (workerData as Partial<CageWorkerData> | null)?.spreadsheetTask : undefined;
if (task) {
  parentPort!.on('message', () => taken?.());
  run(task).catch((error: unknown) => {
    post({
      kind: 'failed',
      code: error instanceof ImportError ? error.code : null,
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof Error && !(error instanceof ImportError) && error.stack ? { stack: error.stack } : {}),
    });
  });
}
