import { extname, resolve } from 'node:path';
import type { ShipmentFilterInput } from '../../shared/contract/index.js';
import { DEFAULT_EXPORT_COLUMNS, exportColumns, saveExport, type ExportFormat } from '../../core/features/export/index.js';
import { performanceOf } from '../../core/features/performance/index.js';
import { resolveFilter } from '../../core/features/shipments/index.js';
import { deskDay } from '../../shared/free-time.js';
import type { Reader } from '../../core/data/index.js';
import type { Command, Values } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { fieldOptions } from './shipments.js';

function formatOf(values: Values, out: string): ExportFormat {
  const named = (values.format as string | undefined)?.toLowerCase();
  const byName = extname(out).toLowerCase() === '.xlsx' ? 'xlsx' : 'csv';
  if (named === undefined) return byName;
  if (named !== 'csv' && named !== 'xlsx') throw new UsageError(`--format must be csv or xlsx, not "${values.format}".`);
  return named;
}

/** Column ids as the window names them (reference, eta, field:customer…); an imported column also by its bare name. */
function columnIds(read: Reader, raw: string | undefined): string[] {
  if (raw === undefined) return [...DEFAULT_EXPORT_COLUMNS];
  const known = exportColumns(read).map((c) => c.id);
  const wanted = raw.split(',').map((c) => c.trim()).filter(Boolean);
  if (wanted.length === 0) throw new UsageError('--columns needs at least one column, such as --columns reference,eta.');
  return wanted.map((name) => {
    if (known.includes(name)) return name;
    if (known.includes(`field:${name}`)) return `field:${name}`;
    throw new UserError(`There is no column "${name}"; the columns are ${known.join(', ')}.`);
  });
}

export const exportCommand: Command = {
  name: 'export',
  usage: 'export [--format csv|xlsx] --out FILE [--status ACTIVE|ARCHIVED] [--search TEXT] [--field name=value…] [--watchlist NAME] [--columns a,b,…] [--json]',
  summary: 'writes the cached shipments (no network) to a CSV or XLSX file for a customer, the same file as the window\'s Export; whole or not at all',
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
    const out = resolve(outOption);
    const format = formatOf(values, out);
    const status = (values.status as string | undefined)?.toUpperCase();
    if (status !== undefined && status !== 'ACTIVE' && status !== 'ARCHIVED') throw new UsageError(`--status must be ACTIVE or ARCHIVED, not "${values.status}".`);
    const fields = fieldOptions(values);
    const core = await ctx.teamCore();
    const filter: ShipmentFilterInput = { status, search: values.search as string | undefined, fields };
    let sheetName = 'Shipments';
    const watchlistName = values.watchlist as string | undefined;
    if (watchlistName !== undefined) {
      const watchlist = core.read.watchlistByName(watchlistName);
      if (!watchlist) {
        const names = core.read.listWatchlists().map((w) => `"${w.name}"`);
        throw new UserError(`There is no watchlist named "${watchlistName}"; ${names.length ? `the watchlists are ${names.join(', ')}` : 'this cache has no watchlists yet'}.`);
      }
      filter.watchlistId = watchlist.id;
      sheetName = watchlist.name;
    }
    const columns = columnIds(core.read, values.columns as string | undefined);
    // The likely arrivals as of now (the app keeps them current; a command on its own brings them up to date).
    if (columns.some((c) => c.startsWith('likely'))) await performanceOf(core).ready();
    // The window's use case: the same rows, columns, neutralising and refusals as its Export dialog.
    const result = await saveExport(core.read, { format, columns, filter: resolveFilter(core.read, filter), sort: 'eta', sheetName, today: deskDay(core.now()) }, out);
    ctx.out.data({ file: out, format, rows: result.rows, sizeBytes: result.bytes.length, columns });
    ctx.out.line(`Exported ${result.rows} shipment${result.rows === 1 ? '' : 's'} to ${out} (${format.toUpperCase()}, ${Math.max(1, Math.round(result.bytes.length / 1024))} KB).`);
  },
};
