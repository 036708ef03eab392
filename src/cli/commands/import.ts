import { cliDates } from '../dates.js';
import { diskFullError, StoreError, type ImportReport, type JobProgress } from '../../core/data/index.js';
import {
  columnUpdates, conflictingDuplicates, DELIMITERS, duplicateMessage, resumeImports, runImport, validateImport, type ColumnUpdate, type Delimiter, type ValidationReport,
} from '../../core/features/imports/index.js';
import { teamImportJobs } from '../../team/index.js';
import type { Command, Context, Values } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { bar } from '../output.js';
import { counted, pick } from '../../shared/plural.js';

function mappingOption(values: Values): Record<string, string> | undefined {
  const pairs = (values.map as string[] | undefined) ?? [];
  if (pairs.length === 0) return undefined;
  const mapping: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.lastIndexOf('=');
    if (at <= 0 || at === pair.length - 1) throw new UsageError(`--map takes column=field (for example --map "Equipment #=container"), not "${pair}".`);
    mapping[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return mapping;
}

const duration = (ms: number | null) => {
  if (ms === null) return '…';
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
};

function progressLine(p: JobProgress): string {
  return `${bar(p.done, p.total, 20)} ${p.done}/${p.total} refs · batches ${p.batchesSubmitted} sent, ${p.batchesProcessed} done · ~${duration(p.remainingMs)} left`;
}

/** The column changes, one line per changed column (the JSON's `changes`). */
function changesJson(updates: readonly ColumnUpdate[]) {
  return updates.flatMap((u) => u.changes.map((c) => ({ row: u.row, reference: u.reference, field: c.field, from: c.from, to: c.to })));
}

const LISTED_UPDATES = 20;

/** The shipments whose columns change, one line each, before they are applied. */
function printUpdates(ctx: Context, updates: readonly ColumnUpdate[], applied: boolean): void {
  if (updates.length === 0) return;
  const verb = applied ? pick(updates.length, 'en', 'is updated', 'are updated') : 'would be updated';
  ctx.out.line(`  ${counted(updates.length, 'shipment')} already tracked ${verb} with new column values (no credit; a blank cell erases nothing):`);
  for (const u of updates.slice(0, LISTED_UPDATES)) ctx.out.line(`  row ${u.row}: ${u.reference}: ${u.message}`);
  if (updates.length > LISTED_UPDATES) ctx.out.line(`  … and ${updates.length - LISTED_UPDATES} more (--json lists all)`);
}

/** Each duplicate, with the fields its rows disagree on: every value, the one kept and its row (empty when they agree). */
function duplicateRowsJson(r: ValidationReport) {
  return r.duplicates.map((d) => ({ row: d.row, value: d.value, firstRow: d.firstRow, reference: d.reference, differences: d.differences ?? [] }));
}

const LISTED_CONFLICTS = 20;

/** The duplicates whose rows disagree, one line each: both values and the one kept. */
function conflictLines(r: ValidationReport): string[] {
  const conflicts = conflictingDuplicates(r);
  const lines = conflicts.slice(0, LISTED_CONFLICTS).map((d) => `  row ${d.row}: ${d.value}: ${duplicateMessage(d)}`);
  if (conflicts.length > LISTED_CONFLICTS) lines.push(`  … and ${conflicts.length - LISTED_CONFLICTS} more (--dry-run --json lists all)`);
  return lines;
}

function dryRunJson(file: string, r: ValidationReport, updates: readonly ColumnUpdate[]) {
  return {
    file,
    dryRun: true,
    rows: r.rows,
    accepted: r.accepted.length,
    rejected: r.rejected.map((x) => ({ row: x.row, value: x.value, reason: x.reason, ...(x.suggestion ? { suggestion: x.suggestion } : {}) })),
    duplicates: r.duplicates.length,
    alreadyTracked: r.alreadyTracked.length,
    submitted: 0,
    batches: 0,
    found: 0,
    notFound: 0,
    failed: 0,
    creditsEstimated: r.creditsEstimated,
    creditsSpent: 0,
    encoding: r.encoding,
    delimiter: r.delimiter ?? null,
    sheet: r.sheet ?? null,
    sheets: r.sheets ?? null,
    headerRow: r.headerRow,
    // Quayside's own columns of a file it wrote: marked, and not stored.
    mapping: r.mapping.map((m) => ({ column: m.column, header: m.header, role: m.role, field: m.field, ...(m.quaysideColumn ? { quaysideColumn: true, stored: false } : {}) })),
    acceptedRows: r.accepted.map((a) => ({ row: a.row, reference: a.reference, type: a.type, carrier: a.scac })),
    duplicateRows: duplicateRowsJson(r),
    alreadyTrackedRows: r.alreadyTracked.map((t) => ({ row: t.row, value: t.value })),
    updated: updates.length,
    changes: changesJson(updates),
    warnings: r.warnings,
  };
}

function printValidation(ctx: Context, file: string, r: ValidationReport): void {
  const where = r.sheet ? `sheet "${r.sheet}"` : `${r.encoding}${r.delimiter ? `, delimiter ${JSON.stringify(r.delimiter)}` : ''}`;
  ctx.out.line(`${file}: ${counted(r.rows, 'row')} (${where}, header on row ${r.headerRow || 'none'})`);
  ctx.out.line(`  columns: ${r.mapping.filter((m) => m.role !== 'ignore').map((m) => `${m.header} → ${m.role === 'local' ? m.field : m.role}`).join(', ')}`);
  const own = r.mapping.filter((m) => m.quaysideColumn);
  if (own.length > 0) ctx.out.line(`  not stored (Quayside's own columns): ${own.map((m) => m.header).join(', ')}`);
  ctx.out.line(`  ${r.accepted.length} to track, ${r.rejected.length} rejected, ${counted(r.duplicates.length, 'duplicate')}, ${r.alreadyTracked.length} already tracked (no cost)`);
  for (const x of r.rejected.slice(0, 20)) ctx.out.line(`  row ${x.row}: ${x.value || '(empty)'}: ${x.reason}${x.suggestion ? ` (did you mean ${x.suggestion}?)` : ''}`);
  if (r.rejected.length > 20) ctx.out.line(`  … and ${r.rejected.length - 20} more rejected ${pick(r.rejected.length - 20, 'en', 'row', 'rows')} (--json lists all)`);
  for (const w of r.warnings) ctx.out.line(`  note: ${w}`);
  const conflicts = conflictingDuplicates(r).length;
  if (conflicts > 0) {
    ctx.out.line(`  ${conflicts} repeated row${conflicts === 1 ? ' holds' : 's hold'} other values than an earlier row of the same reference (the later row's are kept with --yes; the window lets you choose):`);
    for (const line of conflictLines(r)) ctx.out.line(line);
  }
}

/** `rows`: list the rejected rows too (not after an import that just printed them). */
function printReport(ctx: Context, r: ImportReport, rows = true): void {
  ctx.out.line(`Import ${r.jobId} of ${r.file}: ${r.state}`);
  ctx.out.line(`  ${counted(r.rows, 'row')} · ${r.accepted} accepted · ${r.rejected.length} rejected · ${counted(r.duplicates, 'duplicate')} · ${r.alreadyTracked} already tracked${r.updated ? ` (${r.updated} with columns updated)` : ''}`);
  ctx.out.line(`  ${r.submitted} submitted in ${r.batches} batch${r.batches === 1 ? '' : 'es'} → ${r.found} found, ${r.notFound} with no data from the carrier yet, ${r.failed} failed${r.overBudget ? `, ${r.overBudget} not sent (credits)` : ''}`);
  ctx.out.line(`  credits: ${r.creditsEstimated} estimated, ${r.creditsSpent ?? 'unknown'} spent`);
  if (rows) for (const x of r.rejected.slice(0, 20)) ctx.out.line(`  row ${x.row}: ${x.value || '(empty)'}: ${x.reason}${x.suggestion ? ` (did you mean ${x.suggestion}?)` : ''}`);
  for (const f of r.failures.slice(0, 20)) ctx.out.line(`  row ${f.row}: ${f.value}: failed: ${f.reason}`);
}

export const importCommand: Command = {
  name: 'import',
  usage: 'import <file> [--sheet NAME] [--map column=field…] [--carrier SCAC] [--delimiter ";"] [--dry-run] [--yes] [--json]',
  summary: 'track every reference of a CSV, TSV or XLSX file, with a credit estimate first and a report at the end',
  options: { sheet: { type: 'string' }, map: { type: 'string', multiple: true }, carrier: { type: 'string' }, delimiter: { type: 'string' }, 'dry-run': { type: 'boolean' }, yes: { type: 'boolean', short: 'y' }, route: { type: 'boolean' } },
  async run(ctx, args, values) {
    const file = args[0];
    if (!file || args.length > 1) throw new UsageError('Give exactly one file to import.');
    const delimiter = values.delimiter as string | undefined;
    if (delimiter !== undefined && !DELIMITERS.includes((delimiter === '\\t' ? '\t' : delimiter) as Delimiter)) throw new UsageError('--delimiter must be one of , ; | or \\t.');
    const options = {
      sheet: values.sheet as string | undefined,
      mapping: mappingOption(values),
      carrier: values.carrier as string | undefined,
      delimiter: (delimiter === '\\t' ? '\t' : delimiter) as Delimiter | undefined,
      onReadProgress: (rows: number, read: number, total: number | null) => ctx.out.progress(`Reading ${file} ${total ? bar(read, total) : ''} ${counted(rows, 'row')}`),
    };
    const service = ctx.service();
    if (values['dry-run']) {
      const report = await validateImport(service, file, options);
      const updates = columnUpdates(service.read, report.alreadyTracked);
      ctx.out.endProgress();
      ctx.out.data(dryRunJson(file, report, updates));
      printValidation(ctx, file, report);
      printUpdates(ctx, updates, false);
      ctx.out.line(`Dry run: nothing was sent or changed. A real import would spend up to ${counted(report.creditsEstimated, 'credit')}${updates.length ? ` and update ${counted(updates.length, 'shipment')} at no cost` : ''}.`);
      return;
    }
    let jobStored = false;
    let changes: ReturnType<typeof changesJson> = [];
    let duplicateRows: ReturnType<typeof duplicateRowsJson> = [];
    const report = await runImport(service, file, {
      ...options,
      onJobStored: () => {
        jobStored = true;
      },
      needRoute: Boolean(values.route),
      goOnWithWhatFits: Boolean(values.yes),
      onEstimate: (r, balance, updates) => {
        ctx.out.endProgress();
        printValidation(ctx, file, r);
        const conflicts = conflictingDuplicates(r).length;
        // Never cut silently: the values of a repeated row are kept only when the person says so.
        if (conflicts > 0 && !values.yes) {
          throw new UserError(
            `${conflicts} repeated row${conflicts === 1 ? '' : 's'} of this sheet hold${conflicts === 1 ? 's' : ''} other values than an earlier row of the same reference (listed above); nothing was sent or changed. Pass --yes to keep the later row's values (the others are said in the report), correct the sheet, or choose row by row in the window's import.`,
          );
        }
        if (conflicts > 0) ctx.out.note(`Kept the later row's values for ${conflicts} repeated row${conflicts === 1 ? '' : 's'} (--yes); the other values are in the report.`);
        printUpdates(ctx, updates, true);
        changes = changesJson(updates);
        duplicateRows = duplicateRowsJson(r);
        if (balance !== null) ctx.out.note(`Credit estimate: up to ${r.creditsEstimated} of ${counted(balance, 'credit')} left.${r.creditsEstimated > balance && values.yes ? ` Tracking the first ${balance} that fit.` : ''}`);
        else ctx.out.note('Nothing to track: no credit is spent and nothing is sent.');
      },
      onProgress: (p) => ctx.out.progress(progressLine(p)),
    }).catch((err: unknown) => {
      // A job that was stored resumes where it stopped; a new import would send again what is in flight.
      if (jobStored && err instanceof StoreError && err.kind === 'disk-full') {
        throw diskFullError(err.path, ', then run "quayside resume" to finish this import (nothing is sent twice)', err);
      }
      throw err;
    });
    ctx.out.endProgress();
    // The job's report, and each duplicate with its differences as the dry run gives them (fields added, none renamed).
    const byRow = new Map(duplicateRows.map((d) => [d.row, d]));
    ctx.out.data({ ...report, duplicateRows: report.duplicateRows.map((d) => ({ ...d, ...byRow.get(d.row), message: d.message })), changes });
    printReport(ctx, report, false);
  },
};

export const jobsCommand: Command = {
  name: 'jobs',
  usage: 'jobs [<id> [--csv]] [--team] [--json]',
  summary: 'the import jobs, newest first; with an id, that job\'s report (--csv: one line per row of the sheet); --team: the team\'s jobs, every desk\'s',
  options: { csv: { type: 'boolean' }, team: { type: 'boolean' } },
  async run(ctx, args, values) {
    const core = await ctx.teamCore();
    if (values.team) {
      if (args.length > 0 || values.csv) throw new UsageError('--team lists the team\'s jobs; it takes no job number.');
      const jobs = await teamImportJobs(core);
      ctx.out.data(jobs);
      if (jobs.length === 0) {
        ctx.out.line('No import jobs in the team yet.');
        return;
      }
      ctx.out.table(
        jobs.map((j) => ({ desk: j.desk, id: String(j.originJobId), file: j.file, state: j.state, done: `${j.done}/${j.references}`, finishedBy: j.finishedBy ?? '' })),
        [{ key: 'desk', title: 'DESK' }, { key: 'id', title: 'JOB' }, { key: 'file', title: 'FILE', max: 40 }, { key: 'state', title: 'STATE' }, { key: 'done', title: 'DONE' }, { key: 'finishedBy', title: 'FINISHED BY' }],
      );
      return;
    }
    if (args.length > 0) {
      const jobId = Number(args[0]);
      if (!Number.isInteger(jobId) || args.length > 1) throw new UsageError('Give one job number (see "quayside jobs").');
      const report = core.read.imports.jobReport(jobId);
      if (!report) throw new UserError(`There is no import job ${jobId}; "quayside jobs" lists them.`);
      if (values.csv) {
        ctx.out.text(core.read.imports.reportCsv(jobId));
        return;
      }
      ctx.out.data(report);
      printReport(ctx, report);
      return;
    }
    if (values.csv) throw new UsageError('--csv needs a job number.');
    const jobs = core.read.imports.listJobs();
    ctx.out.data(jobs);
    if (jobs.length === 0) {
      ctx.out.line('No import jobs yet; "quayside import FILE" starts one.');
      return;
    }
    ctx.out.table(
      jobs.map((j) => ({ id: String(j.jobId), file: j.file, state: j.state, done: `${j.done}/${j.references}`, created: cliDates().utcDateTime(j.createdAt) })),
      [{ key: 'id', title: 'JOB' }, { key: 'file', title: 'FILE', max: 40 }, { key: 'state', title: 'STATE' }, { key: 'done', title: 'DONE' }, { key: 'created', title: 'STARTED' }],
    );
    const open = jobs.filter((j) => j.state !== 'done').length;
    if (open) ctx.out.line(`${open} unfinished; "quayside resume" finishes them.`);
  },
};

export const resumeCommand: Command = {
  name: 'resume',
  usage: 'resume [--json]',
  summary: 'finish unfinished import jobs (after a crash or a lost network) and print their reports',
  async run(ctx) {
    const reports = await resumeImports(ctx.service(), (jobId, p) => ctx.out.progress(`Job ${jobId} ${progressLine(p)}`));
    ctx.out.endProgress();
    ctx.out.data(reports);
    if (reports.length === 0) ctx.out.line('No unfinished import jobs.');
    for (const r of reports) printReport(ctx, r);
  },
};
