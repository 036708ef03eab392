/** Types of the spreadsheet import: what goes in, what the report says per row. */
import type { TrackingType } from '../../../../shared/domain.js';
import type { Carrier } from '../../../platform/api/types.js';

export type TextEncodingName = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';
/** `xlsx`: a workbook, whose XML is always Unicode. */
export type SpreadsheetEncoding = TextEncodingName | 'xlsx';
export type Delimiter = ',' | ';' | '\t' | '|';
export const DELIMITERS: readonly Delimiter[] = [',', ';', '\t', '|'];
export type SpreadsheetFormat = 'csv' | 'xlsx';
/** How many values of each column the mapping shows, and how long each may be. */
export const MAX_SAMPLES = 3;
export const SAMPLE_LENGTH = 60;

/** Columns that hold a reference to track. `reference`: the type is inferred per value. */
export type ReferenceRole = 'container' | 'bl' | 'booking' | 'reference';
/** What a column is used for. `local`: kept on the shipment as a field, never sent. */
export type ColumnRole = ReferenceRole | 'carrier' | 'local' | 'ignore';

export interface ColumnMapping {
  /** 0-based column index. */
  index: number;
  /** The column letter a person sees (A, B, ..., AA). */
  column: string;
  /** The header text as written (or `Column X` when the file has no header row). */
  header: string;
  role: ColumnRole;
  /** The key in `fields` for a `local` column (`customer`, `consignee`, `po` or the header text). */
  field: string;
  source: 'detected' | 'override';
  /** The first few different non-empty values below the header (what the column holds, for the person choosing). */
  samples?: string[];
  /** One of Quayside's own columns in a file it wrote (own-export.ts): not stored, its role `ignore`. */
  quaysideColumn?: true;
}

/** Where the carrier of an accepted reference came from, for the "why" in the UI. */
type CarrierSource = 'column' | 'default' | 'bl-prefix' | 'owner-prefix' | 'auto';

export interface AcceptedReference {
  /** 1-based row number as seen in the spreadsheet. */
  row: number;
  /** Normalised reference, as it will be sent. */
  reference: string;
  type: TrackingType;
  /** Carrier SCAC, or `AUTO` (containers only). */
  scac: string;
  carrierName: string | null;
  carrierSource: CarrierSource;
  /** The value as written in the cell. */
  value: string;
  /** Header of the column the reference came from. */
  column: string;
  /** Local fields of the row (customer, PO, other references of the row, ...); empty cells left out. */
  fields: Record<string, string>;
  warning?: string;
}

export interface RejectedReference {
  row: number;
  /** The value as written (empty when the row has no reference at all). */
  value: string;
  reason: string;
  /** A corrected reference (wrong ISO 6346 check digit). */
  suggestion?: string;
  column?: string;
  type?: TrackingType;
  /** What the row becomes if the suggestion is accepted: `applySuggestion` moves it to `accepted`. */
  fix?: AcceptedReference;
}

/**
 * A field the rows of one reference hold different values for (blank cells aside: a blank never
 * erases): every row's value, and the one kept for the shipment.
 */
interface DuplicateDifference {
  field: string;
  /** As written in the reference's first row; null where that row left it blank. */
  firstValue: string | null;
  /** As written in this row. */
  value: string;
  /** Each row of the reference that holds a value for it, in the sheet's order. */
  values: { row: number; value: string }[];
  /** What is stored for the shipment, and the row it comes from: the later row unless the person chose. */
  kept: string;
  keptRow: number;
}

export interface DuplicateReference {
  row: number;
  value: string;
  reference: string;
  type: TrackingType;
  /** Row of the first occurrence in the file. */
  firstRow: number;
  /** This row's local fields (empty cells left out): merged into the first row's entry (duplicates.ts). */
  fields?: Record<string, string>;
  /** The first row's own fields as written (its entry's `fields` hold the merge). */
  firstFields?: Record<string, string>;
  /** The fields this row holds that another row of the reference says otherwise; empty when they agree. */
  differences?: DuplicateDifference[];
}

/** For one reference listed more than once: take `field` from this row (a row that has a value for it). */
export interface DuplicateChoice {
  type: TrackingType;
  reference: string;
  field: string;
  row: number;
}

export interface AlreadyTrackedReference {
  row: number;
  value: string;
  reference: string;
  type: TrackingType;
  /** The row's local fields, as for an accepted row: what a sheet sent again may update (column-updates.ts). */
  fields: Record<string, string>;
}

export interface ValidationReport {
  format: SpreadsheetFormat;
  /** Data rows below the header, blank rows included. */
  rows: number;
  blankRows: number;
  accepted: AcceptedReference[];
  rejected: RejectedReference[];
  duplicates: DuplicateReference[];
  alreadyTracked: AlreadyTrackedReference[];
  /** One credit per accepted reference; duplicates and tracked references cost nothing. */
  creditsEstimated: number;
  encoding: SpreadsheetEncoding;
  delimiter?: Delimiter;
  sheet?: string;
  sheets?: string[];
  mapping: ColumnMapping[];
  /** 1-based row of the header; 0 when the file has no header row (a bare list of containers). */
  headerRow: number;
  warnings: string[];
}

export interface ImportProgress {
  bytesRead: number;
  totalBytes: number | null;
  rows: number;
}

/**
 * A manual mapping: header text (case- and accent-insensitive) to a field: `container`, `bl`,
 * `booking`, `reference`, `carrier`, `ignore`, or any other name for a local field.
 */
export type MappingOverride = Record<string, string>;

export interface ValidateOptions {
  /** The cached carrier directory (`GET /v2/companies`). */
  carriers: readonly Carrier[];
  /** True when the reference is ACTIVE in the local cache: it is reported, not sent. */
  isActive?: (type: TrackingType, reference: string) => boolean;
  /** SCAC or carrier name for rows without a carrier (`--carrier`). */
  defaultCarrier?: string;
  mapping?: MappingOverride;
  /**
   * `one` (default): a row is tracked by one reference, container before B/L before booking;
   * the other references of the row are kept in `fields`. `all`: one entry per reference cell.
   */
  referencesPerRow?: 'one' | 'all';
  /** How many leading rows are searched for the header (default 20). */
  headerSearchRows?: number;
  /** The workbook carries Quayside's export mark: its own columns are known even without a telling header. */
  quaysideExport?: boolean;
}

export interface ReadOptions {
  /** Force the CSV delimiter instead of sniffing it. */
  delimiter?: Delimiter;
  /** XLSX sheet to read, by name. */
  sheet?: string;
  onProgress?: (progress: ImportProgress) => void;
}

export type ValidateSpreadsheetOptions = ValidateOptions & ReadOptions;
