/**
 * Rows to a ValidationReport. Rows are fed in batches (streamed CSV, or a sheet), the header is
 * found among the first rows, and each data row is checked once: what it will track, with which
 * carrier, or why not. Duplicates and references already ACTIVE in the cache cost nothing.
 */
import type { TrackingType } from '../../../../shared/domain.js';
import type { Carrier } from '../../../platform/api/types.js';
import { checkContainerNumber } from '../../../../shared/iso6346.js';
import { buildCarrierDirectory, carrierFromBlPrefix, chooseCarrier, resolveCarrierText, type CarrierDirectory } from './carriers.js';
import { detectHeader, noHeaderError } from './columns.js';
import { resolveDuplicates } from './duplicates.js';
import { exportedType, ownExport } from './own-export.js';
import { ImportError } from './errors.js';
import { isAlphanumeric, isPlaceholder, isScientificNotation, normaliseReference } from './normalise.js';
import {
  MAX_SAMPLES, SAMPLE_LENGTH,
  type AcceptedReference, type AlreadyTrackedReference, type ColumnMapping, type Delimiter, type DuplicateReference, type ReferenceRole,
  type RejectedReference, type SpreadsheetEncoding, type SpreadsheetFormat, type ValidateOptions, type ValidationReport,
} from './types.js';

export const DEFAULT_HEADER_SEARCH_ROWS = 20;
const CONTAINER_SHAPE = /^[A-Z]{3}[UJZ]\d{7}$/;
const PRIORITY: Record<ReferenceRole, number> = { container: 0, bl: 1, booking: 2, reference: 3 };
const ROLE_TYPE: Record<Exclude<ReferenceRole, 'reference'>, TrackingType> = { container: 'container', bl: 'bl', booking: 'bk' };
const TYPE_NAME: Record<TrackingType, string> = { container: 'container', bl: 'B/L', bk: 'booking' };
const MAX_WARNINGS = 20;

export interface ReportMeta {
  format: SpreadsheetFormat;
  encoding: SpreadsheetEncoding;
  delimiter?: Delimiter;
  sheet?: string;
  sheets?: string[];
  warnings?: readonly string[];
}

interface RefColumn { index: number; role: ReferenceRole; header: string; fieldKey: string }

/** Builds the report from rows fed in order. One builder per file. */
export class ReportBuilder {
  private readonly directory: CarrierDirectory;
  private readonly defaultCarrier: Carrier | null;
  private readonly isActive: (type: TrackingType, reference: string) => boolean;
  private readonly all: boolean;
  private readonly searchRows: number;
  private readonly searched: { cells: string[]; row: number }[] = [];
  private header: { row: number; cells: string[]; mapping: ColumnMapping[] } | null = null;
  private refColumns: RefColumn[] = [];
  private carrierColumn = -1;
  /** In a file Quayside wrote: its Type column, which says what each reference is. */
  private typeColumn = -1;
  private marked = false;
  private localColumns: { index: number; field: string }[] = [];
  /** The first row of each reference, with its own fields (what its duplicates are compared with). */
  private readonly seen = new Map<string, { row: number; fields: Record<string, string> }>();
  private readonly accepted: AcceptedReference[] = [];
  private readonly rejected: RejectedReference[] = [];
  private readonly duplicates: DuplicateReference[] = [];
  private readonly alreadyTracked: AlreadyTrackedReference[] = [];
  private readonly warnings: string[] = [];
  /** Column index → its first different non-empty values; `sampling` counts the columns still short of MAX_SAMPLES. */
  private readonly samples = new Map<number, string[]>();
  private sampling = 0;
  private sawContent = false;
  private pendingBlank = 0;
  private blankRows = 0;
  private lastDataRow = 0;

  constructor(private readonly options: ValidateOptions) {
    this.directory = buildCarrierDirectory(options.carriers);
    this.isActive = options.isActive ?? (() => false);
    this.all = options.referencesPerRow === 'all';
    this.searchRows = options.headerSearchRows ?? DEFAULT_HEADER_SEARCH_ROWS;
    this.defaultCarrier = null;
    const wanted = options.defaultCarrier?.trim();
    if (wanted) {
      this.defaultCarrier = resolveCarrierText(this.directory, wanted);
      if (!this.defaultCarrier) {
        throw new ImportError('unknown-carrier', `The default carrier "${wanted}" is not in the carrier directory; give its SCAC (e.g. MAEU) or refresh the carrier list.`);
      }
    }
  }

  /** The workbook carries Quayside's export mark (read before its rows). */
  markedByQuayside(): void {
    this.marked = true;
  }

  addRows(rows: readonly string[][], firstRow: number): void {
    for (let i = 0; i < rows.length; i++) this.addRow(rows[i]!, firstRow + i);
  }

  addRow(cells: string[], row: number): void {
    if (this.header) {
      this.dataRow(cells, row);
      return;
    }
    this.searched.push({ cells, row });
    if (this.searched.length >= this.searchRows) this.findHeader();
  }

  private findHeader(): void {
    const match = detectHeader(this.searched.map((r) => r.cells), this.options.mapping);
    if (!match) {
      if (this.searched.some((r) => !isBlank(r.cells))) throw noHeaderError(this.searchRows);
      throw emptyFile();
    }
    const headerAt = match.index === -1 ? null : this.searched[match.index]!;
    // Quayside's own export imported again: its own columns are not the customer's.
    const own = ownExport(match.mapping, this.marked || this.options.quaysideExport === true);
    if (own) {
      match.mapping = own.mapping;
      this.typeColumn = own.typeColumn;
      this.warn(own.warning);
    }
    this.header = { row: headerAt?.row ?? 0, cells: headerAt?.cells ?? [], mapping: match.mapping };
    this.refColumns = match.mapping
      .filter((m): m is ColumnMapping & { role: ReferenceRole } => m.role in PRIORITY)
      .map((m) => ({ index: m.index, role: m.role, header: m.header, fieldKey: m.role === 'reference' ? m.header : m.role }))
      .sort((a, b) => PRIORITY[a.role] - PRIORITY[b.role] || a.index - b.index);
    this.carrierColumn = match.mapping.find((m) => m.role === 'carrier')?.index ?? -1;
    for (const m of match.mapping) this.samples.set(m.index, []);
    this.sampling = match.mapping.length;
    this.localColumns = match.mapping.filter((m) => m.role === 'local').map((m) => ({ index: m.index, field: m.field }));
    const rest = this.searched.splice(0).filter((r) => r.row > this.header!.row);
    for (const r of rest) this.dataRow(r.cells, r.row);
  }

  private warn(message: string): void {
    if (this.warnings.length < MAX_WARNINGS) this.warnings.push(message);
  }

  private dataRow(cells: string[], row: number): void {
    if (isBlank(cells)) {
      this.pendingBlank++;
      return;
    }
    this.sawContent = true;
    this.blankRows += this.pendingBlank;
    this.pendingBlank = 0;
    this.lastDataRow = row;
    const first = this.refColumns[0];
    if (first && this.header!.cells.length > 0 && cells[first.index] === this.header!.cells[first.index]) {
      this.warn(`Row ${row} repeats the header row; skipped.`);
      return;
    }
    if (this.sampling > 0) this.sample(cells);
    const present = this.refColumns.filter((c) => !isPlaceholder(cells[c.index] ?? ''));
    if (present.length === 0) {
      this.rejected.push({ row, value: '', reason: 'no container, B/L or booking number in this row' });
      return;
    }
    const fields: Record<string, string> = {};
    for (const local of this.localColumns) {
      const value = cells[local.index]?.trim();
      if (value) fields[local.field] = value;
    }
    const chosen = this.all ? present : present.slice(0, 1);
    if (!this.all) for (const other of present.slice(1)) fields[other.fieldKey] = cells[other.index]!.trim();
    const carrierText = this.carrierColumn === -1 ? '' : (cells[this.carrierColumn] ?? '');
    const typeHint = this.typeColumn === -1 ? null : exportedType(cells[this.typeColumn]);
    for (const column of chosen) this.evaluate(cells[column.index]!.trim(), column, row, carrierText, fields, typeHint);
  }

  private sample(cells: readonly string[]): void {
    for (const [index, values] of this.samples) {
      if (values.length >= MAX_SAMPLES) continue;
      const value = cells[index]?.trim().slice(0, SAMPLE_LENGTH);
      if (!value || values.includes(value)) continue;
      values.push(value);
      if (values.length === MAX_SAMPLES) this.sampling--;
    }
  }

  private evaluate(value: string, column: RefColumn, row: number, carrierText: string, fields: Record<string, string>, typeHint: TrackingType | null = null): void {
    const reject = (reason: string, type?: TrackingType, extra: Partial<RejectedReference> = {}): void => {
      this.rejected.push({ row, value, reason, column: column.header, ...(type ? { type } : {}), ...extra });
    };
    if (isScientificNotation(value)) {
      reject(`Excel shortened this number to ${value}; format the column as Text in Excel and export the file again`);
      return;
    }
    const reference = normaliseReference(value);
    if (!isAlphanumeric(reference)) {
      reject(`"${value}" has characters other than letters, digits, spaces, dashes, dots and slashes`);
      return;
    }
    let type: TrackingType;
    if (column.role !== 'reference') type = ROLE_TYPE[column.role];
    else if (typeHint !== null) type = typeHint;
    else if (CONTAINER_SHAPE.test(reference)) type = 'container';
    else if (carrierFromBlPrefix(this.directory, reference)) type = 'bl';
    else {
      reject(`cannot tell whether ${value} is a B/L or a booking number; put it in a "B/L" or "Booking" column, or use this column as "B/L number" or "Booking number" (in the terminal: --map "${column.header}=bl")`);
      return;
    }

    if (type === 'container') {
      const check = checkContainerNumber(reference);
      if (!check.valid) {
        const extra: Partial<RejectedReference> = {};
        if (check.suggestion) {
          extra.suggestion = check.suggestion;
          const choice = chooseCarrier(this.directory, type, check.suggestion, carrierText, this.defaultCarrier);
          if (choice.ok) extra.fix = this.entry(row, check.suggestion, type, choice, value, column.header, fields);
        }
        reject(`not a valid container number: ${check.reason}`, type, extra);
        return;
      }
    } else if (reference.length < 5 || reference.length > 35 || !/\d/.test(reference)) {
      reject(`"${value}" does not look like a ${TYPE_NAME[type]} number (5 to 35 letters and digits, at least one digit)`, type);
      return;
    }

    const choice = chooseCarrier(this.directory, type, reference, carrierText, this.defaultCarrier);
    if (!choice.ok) {
      reject(choice.reason, type);
      return;
    }
    const key = `${type}:${reference}`;
    const first = this.seen.get(key);
    if (first !== undefined) {
      // Tracked once; its columns are merged into the first row's (duplicates.ts), never dropped.
      this.duplicates.push({ row, value, reference, type, firstRow: first.row, fields, firstFields: first.fields });
      return;
    }
    this.seen.set(key, { row, fields });
    if (this.isActive(type, reference)) {
      this.alreadyTracked.push({ row, value, reference, type, fields });
      return;
    }
    this.accepted.push(this.entry(row, reference, type, choice, value, column.header, fields));
  }

  private entry(
    row: number, reference: string, type: TrackingType, choice: Extract<ReturnType<typeof chooseCarrier>, { ok: true }>,
    value: string, column: string, fields: Record<string, string>,
  ): AcceptedReference {
    const entry: AcceptedReference = { row, reference, type, scac: choice.scac, carrierName: choice.name, carrierSource: choice.source, value, column, fields };
    if (choice.warning) entry.warning = choice.warning;
    return entry;
  }

  finish(meta: ReportMeta): ValidationReport {
    if (!this.header) this.findHeader();
    if (!this.sawContent && this.header!.row === 0) throw emptyFile();
    if (!this.sawContent) this.warn(`There are no rows below the header (row ${this.header!.row}).`);
    const report: ValidationReport = {
      format: meta.format,
      rows: this.lastDataRow === 0 ? 0 : this.lastDataRow - this.header!.row,
      blankRows: this.blankRows,
      accepted: this.accepted,
      rejected: this.rejected,
      duplicates: this.duplicates,
      alreadyTracked: this.alreadyTracked,
      creditsEstimated: this.accepted.length,
      encoding: meta.encoding,
      mapping: this.header!.mapping.map((m) => ({ ...m, samples: this.samples.get(m.index) ?? [] })),
      headerRow: this.header!.row,
      warnings: [...(meta.warnings ?? []), ...this.warnings],
    };
    if (meta.delimiter !== undefined) report.delimiter = meta.delimiter;
    if (meta.sheet !== undefined) report.sheet = meta.sheet;
    if (meta.sheets !== undefined) report.sheets = meta.sheets;
    return resolveDuplicates(report);
  }
}

function isBlank(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell !== '' && cell.trim() !== '') return false;
  return true;
}

function emptyFile(): ImportError {
  return new ImportError('empty', 'The file is empty; export the spreadsheet again with its header row and at least one reference.');
}

/** Validates rows already in memory (a pasted table, a sheet). Row 1 is `rows[0]`. */
export function validateRows(rows: readonly string[][], options: ValidateOptions, meta: ReportMeta): ValidationReport {
  const builder = new ReportBuilder(options);
  builder.addRows(rows, 1);
  return builder.finish(meta);
}
