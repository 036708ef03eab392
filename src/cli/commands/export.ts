import { stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { ShipmentFilterInput } from '../../shared/contract/index.js';
import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMNS, defaultExportColumns, exportColumns, exportFileName, exportSheetName, exportTitle, importedInOrder, saveExport, type ExportFormat } from '../../core/features/export/index.js';
import { performanceOf } from '../../core/features/performance/index.js';
import { resolveFilter } from '../../core/features/shipments/index.js';
import { cacheFile } from '../../core/platform/paths.js';
import { peekImportedColumnNames, type Reader } from '../../core/data/index.js';
import { deskDay } from '../../shared/free-time.js';
import { fieldLabel } from '../../shared/words.js';
import type { Command, Values } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { printable } from '../output.js';
import { fieldOptions } from './shipments.js';
import { counted } from '../../shared/plural.js';

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

/**
 * The format from the file's name (`.csv`, `.xlsx`; a folder or a name without one: --format, else
 * CSV); a name of another kind, or one that disagrees with --format, is refused in one sentence.
 */
function formatOf(values: Values, out: string, folder: boolean): ExportFormat {
  const named = (values.format as string | undefined)?.toLowerCase();
  if (named !== undefined && !(FORMATS as readonly string[]).includes(named)) throw new UsageError(`--format is csv or xlsx, not "${values.format}".`);
  const ext = folder ? '' : extname(out).toLowerCase().slice(1);
  if (ext === '') return (named as ExportFormat | undefined) ?? 'csv';
  const file = basename(out);
  const stem = file.slice(0, file.length - ext.length - 1);
  if (!(FORMATS as readonly string[]).includes(ext)) {
    throw new UsageError(`Quayside exports .csv and .xlsx files, not .${ext}: name it ${stem}.csv or ${stem}.xlsx.`);
  }
  if (named !== undefined && named !== ext) throw new UsageError(`--format ${named} and the name ${file} disagree: name it ${stem}.${named}, or leave --format out.`);
  return ext as ExportFormat;
}

/** The folder a file goes in must be there: named as missing, never as "not there any more". */
async function folderOf(out: string): Promise<void> {
  const folder = dirname(out);
  const found = await stat(folder).catch(() => null);
  if (found === null) throw new UserError(`The folder ${folder} does not exist; create it first, or choose another place with --out.`);
  if (!found.isDirectory()) throw new UserError(`${folder} is a file, not a folder; choose another place with --out.`);
}

/** Column ids as the window names them (reference, eta, field:customer…); an imported column also by its bare name. */
function columnIds(read: Reader, raw: string | undefined): string[] {
  if (raw === undefined) return defaultExportColumns(read);
  const known = exportColumns(read).map((c) => c.id);
  const wanted = raw.split(',').map((c) => c.trim()).filter(Boolean);
  if (wanted.length === 0) throw new UsageError('--columns needs at least one column, such as --columns reference,eta.');
  return wanted.map((name) => {
    if (known.includes(name)) return name;
    if (known.includes(`field:${name}`)) return `field:${name}`;
    throw new UserError(`There is no column "${name}"; the columns are ${known.join(', ')}.`);
  });
}

/** Every column id with its header in the file's order, the defaults marked, and this cache's imported columns when they can be read. */
function columnsHelp(dataDir: string): string {
  const names = peekImportedColumnNames(cacheFile(dataDir));
  const one = (name: string) => printable(name, { singleLine: true });
  const imported = importedInOrder(names ?? []).map((name) => ({ id: `field:${one(name)}`, header: `${one(fieldLabel(name))} (imported)`, byDefault: true }));
  const own = EXPORT_COLUMNS.map((c) => ({ id: c.id, header: c.header, byDefault: DEFAULT_EXPORT_COLUMNS.includes(c.id) }));
  const rows = [own[0]!, ...imported, ...own.slice(1)];
  const width = Math.max(...rows.map((c) => c.id.length));
  const listed = rows.map((c) => `  ${c.byDefault ? '*' : ' '} ${c.id.padEnd(width)}  ${c.header}`);
  const here = names === null ? '' : names.length === 0 ? ' (this cache has none yet)' : ' (this cache\'s are listed above)';
  return `Columns for --columns, in the file's order (* in the default export, the window's default too):
${listed.join('\n')}
  field:NAME picks an imported column of a customer's sheet (customer, PO…), also by its bare NAME;
  every imported column is in the default export, after the reference${here}.

--out FILE writes that file; --out FOLDER (one that exists) writes a file named after what was
exported into it, as the window's Export names it: "ACME Foods – open shipments – 2026-11-27.csv"
(the watchlist or the customer filtered on, the conditions in words, the desk's day). The XLSX
sheet is named the same way, without the day.
`;
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}

export const exportCommand: Command = {
  name: 'export',
  usage: 'export --out FILE.csv|FILE.xlsx|FOLDER [--format csv|xlsx] [--status ACTIVE|ARCHIVED] [--search TEXT] [--field name=value…] [--watchlist NAME] [--columns a,b,…] [--json]',
  summary: 'writes the cached shipments (no network) to a CSV or XLSX file for a customer, the same file as the window\'s Export; whole or not at all',
  help: columnsHelp,
  options: {
    format: { type: 'string' },
    out: { type: 'string' },
    status: { type: 'string' },
    search: { type: 'string' },
    field: { type: 'string', multiple: true },
    watchlist: { type: 'string' },
    columns: { type: 'string' },
  },
  async run(ctx, args, values) {
    if (args.length > 0) throw new UsageError(`Unexpected "${args[0]}"; name the file with --out.`);
    const outOption = values.out as string | undefined;
    if (!outOption) throw new UsageError('Say where to write the export with --out FILE (for example --out acme.xlsx).');
    const folder = await isFolder(resolve(outOption));
    const format = formatOf(values, resolve(outOption), folder);
    if (!folder) await folderOf(resolve(outOption));
    const status = (values.status as string | undefined)?.toUpperCase();
    if (status !== undefined && status !== 'ACTIVE' && status !== 'ARCHIVED') throw new UsageError(`--status must be ACTIVE or ARCHIVED, not "${values.status}".`);
    const fields = fieldOptions(values);
    const core = await ctx.teamCore();
    const filter: ShipmentFilterInput = { status, search: values.search as string | undefined, fields };
    const watchlistName = values.watchlist as string | undefined;
    let watchlist = null;
    if (watchlistName !== undefined) {
      watchlist = core.read.watchlistByName(watchlistName);
      if (!watchlist) {
        const names = core.read.listWatchlists().map((w) => `"${w.name}"`);
        throw new UserError(`There is no watchlist named "${watchlistName}"; ${names.length ? `the watchlists are ${names.join(', ')}` : 'this cache has no watchlists yet'}.`);
      }
    }
    const title = exportTitle({ watchlist: watchlist?.name, filter });
    const today = deskDay(core.now());
    const given = resolve(outOption);
    // A name without an extension gets the format's: the file opens in a spreadsheet program on a double-click.
    const out = folder ? join(given, exportFileName(title, today, format)) : extname(given) === '' ? `${given}.${format}` : given;
    if (watchlist) filter.watchlistId = watchlist.id;
    const columns = columnIds(core.read, values.columns as string | undefined);
    // The likely arrivals as of now (the app keeps them current; a command on its own brings them up to date).
    if (columns.some((c) => c.startsWith('likely'))) await performanceOf(core).ready();
    // The window's use case: the same rows, columns, neutralising and refusals as its Export dialog.
    const result = await saveExport(core.read, { format, columns, filter: resolveFilter(core.read, filter), sort: 'eta', sheetName: exportSheetName(title), today }, out);
    ctx.out.data({ file: out, format, rows: result.rows, sizeBytes: result.bytes.length, columns });
    ctx.out.line(`${result.rows === 0 ? 'No shipment matches: exported the column headings alone' : `Exported ${counted(result.rows, 'shipment')}`} to ${out} (${format.toUpperCase()}, ${Math.max(1, Math.round(result.bytes.length / 1024))} KB).`);
  },
};
