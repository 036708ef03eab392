import { cliDates } from '../dates.js';
import { diskFullError, StoreError, type ImportReport, type JobProgress } from '../../core/data/index.js';
import { columnUpdates, DELIMITERS, resumeImports, runImport, validateImport, type ColumnUpdate, type Delimiter, type ValidationReport } from '../../core/features/imports/index.js';
import { teamImportJobs } from '../../team/index.js';
import type { Command, Context, Values } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { bar } from '../output.js';

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
  const verb = applied ? 'are updated' : 'would be updated';
  ctx.out.line(`  ${updates.length} shipment${updates.length === 1 ? '' : 's'} already tracked ${verb} with new column values (no credit; a blank cell erases nothing):`);
  for (const u of updates.slice(0, LISTED_UPDATES)) ctx.out.line(`  row ${u.row}: ${u.reference}: ${u.message}`);
  if (updates.length > LISTED_UPDATES) ctx.out.line(`  … and ${updates.length - LISTED_UPDATES} more (--json lists all)`);
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
    mapping: r.mapping.map((m) => ({ column: m.column, header: m.header, role: m.role, field: m.field })),
    acceptedRows: r.accepted.map((a) => ({ row: a.row, reference: a.reference, type: a.type, carrier: a.scac })),
    duplicateRows: r.duplicates.map((d) => ({ row: d.row, value: d.value, firstRow: d.firstRow })),
    alreadyTrackedRows: r.alreadyTracked.map((t) => ({ row: t.row, value: t.value })),
    updated: updates.length,
    changes: changesJson(updates),
    warnings: r.warnings,
  };
}

function printValidation(ctx: Context, file: string, r: ValidationReport): void {
  const where = r.sheet ? `sheet "${r.sheet}"` : `${r.encoding}${r.delimiter ? `, delimiter ${JSON.stringify(r.delimiter)}` : ''}`;
  ctx.out.line(`${file}: ${r.rows} rows (${where}, header on row ${r.headerRow || 'none'})`);
  ctx.out.line(`  columns: ${r.mapping.filter((m) => m.role !== 'ignore').map((m) => `${m.header} → ${m.role === 'local' ? m.field : m.role}`).join(', ')}`);
  ctx.out.line(`  ${r.accepted.length} to track, ${r.rejected.length} rejected, ${r.duplicates.length} duplicates, ${r.alreadyTracked.length} already tracked (no cost)`);
  for (const x of r.rejected.slice(0, 20)) ctx.out.line(`  row ${x.row}: ${x.value || '(empty)'}: ${x.reason}${x.suggestion ? ` (did you mean ${x.suggestion}?)` : ''}`);
  if (r.rejected.length > 20) ctx.out.line(`  … and ${r.rejected.length - 20} more rejected rows (--json lists all)`);
  for (const w of r.warnings) ctx.out.line(`  note: ${w}`);
}

/** `rows`: list the rejected rows too (not after an import that just printed them). */
function printReport(ctx: Context, r: ImportReport, rows = true): void {
  ctx.out.line(`Import ${r.jobId} of ${r.file}: ${r.state}`);
  ctx.out.line(`  ${r.rows} rows · ${r.accepted} accepted · ${r.rejected.length} rejected · ${r.duplicates} duplicates · ${r.alreadyTracked} already tracked${r.updated ? ` (${r.updated} with columns updated)` : ''}`);
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
      onReadProgress: (rows: number, read: number, total: number | null) => ctx.out.progress(`Reading ${file} ${total ? bar(read, total) : ''} ${rows} rows`),
    };
    const service = ctx.service();
    if (values['dry-run']) {
      const report = await validateImport(service, file, options);
      const updates = columnUpdates(service.read, report.alreadyTracked);
      ctx.out.endProgress();
      ctx.out.data(dryRunJson(file, report, updates));
      printValidation(ctx, file, report);
      printUpdates(ctx, updates, false);
      ctx.out.line(`Dry run: nothing was sent or changed. A real import would spend up to ${report.creditsEstimated} credits${updates.length ? ` and update ${updates.length} shipment${updates.length === 1 ? '' : 's'} at no cost` : ''}.`);
      return;
    }
    let jobStored = false;
    let changes: ReturnType<typeof changesJson> = [];
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
        printUpdates(ctx, updates, true);
        changes = changesJson(updates);
        if (balance !== null) ctx.out.note(`Credit estimate: up to ${r.creditsEstimated} of ${balance} credits left.${r.creditsEstimated > balance && values.yes ? ` Tracking the first ${balance} that fit.` : ''}`);
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
    ctx.out.data({ ...report, changes });
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
