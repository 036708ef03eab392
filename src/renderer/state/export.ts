/**
 * The export dialog's choices: the columns offered by the core, the ones the person chose and
 * the file format. Choices are remembered in localStorage, so the next export starts from them.
 */
import { create } from 'zustand';
import type { ExportColumnView, ExportInput } from '../../shared/contract';
import { call, messageOf } from '../api/call';

export type ExportFormat = ExportInput['format'];

export const COLUMNS_KEY = 'quayside.export.columns';
/** The columns offered when the person last chose: one offered since (a new imported column) takes its default. */
export const OFFERED_KEY = 'quayside.export.offered';
export const FORMAT_KEY = 'quayside.export.format';

/** Imported columns (customer, PO…) have ids `field:<name>`; they are in the default set (the core's `byDefault`). */
export function isImportedColumn(id: string): boolean {
  return id.startsWith('field:');
}

function readStored(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function store(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the choice still holds for this session.
  }
}

function storedIds(key: string): string[] | null {
  const value = readStored(key);
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
}

/**
 * What starts ticked: the core's default set, or the person's last choice plus the default of each
 * column offered since. A choice remembered before the offered list was (imported columns were
 * never ticked by default then) counts only Quayside's own columns as seen.
 */
function startingChoice(columns: readonly ExportColumnView[]): string[] {
  const remembered = storedIds(COLUMNS_KEY);
  if (remembered === null) return columns.filter((c) => c.byDefault).map((c) => c.id);
  const seen = new Set(storedIds(OFFERED_KEY) ?? columns.filter((c) => !isImportedColumn(c.id)).map((c) => c.id));
  return [...remembered, ...columns.filter((c) => c.byDefault && !seen.has(c.id) && !remembered.includes(c.id)).map((c) => c.id)];
}

function storedFormat(): ExportFormat {
  return readStored(FORMAT_KEY) === 'xlsx' ? 'xlsx' : 'csv';
}

export interface ExportState {
  /** What the core offers, in file order; null until loaded. */
  columns: readonly ExportColumnView[] | null;
  /** Ids the person chose; may hold ids of imported columns the cache no longer has (ignored). */
  chosen: readonly string[];
  format: ExportFormat;
  loadError: string | null;

  load(): Promise<void>;
  toggle(id: string): void;
  chooseAll(): void;
  chooseNone(): void;
  setFormat(format: ExportFormat): void;
}

/** The chosen columns in the order the file will have them (the offered order). */
export function chosenInOrder(s: Pick<ExportState, 'columns' | 'chosen'>): string[] {
  const chosen = new Set(s.chosen);
  return (s.columns ?? []).filter((c) => chosen.has(c.id)).map((c) => c.id);
}

export const useExport = create<ExportState>()((set, get) => {
  const choose = (chosen: string[]): void => {
    set({ chosen });
    store(COLUMNS_KEY, chosen);
    store(OFFERED_KEY, (get().columns ?? []).map((c) => c.id));
  };
  return {
    columns: null,
    chosen: [],
    format: 'csv',
    loadError: null,

    async load() {
      set({ format: storedFormat(), loadError: null });
      try {
        const columns = await call('export.columns');
        set({ columns, chosen: startingChoice(columns) });
      } catch (error) {
        set({ loadError: messageOf(error) });
      }
    },
    toggle(id) {
      const current = chosenInOrder(get());
      choose(current.includes(id) ? current.filter((c) => c !== id) : [...current, id]);
    },
    chooseAll() {
      choose((get().columns ?? []).map((c) => c.id));
    },
    chooseNone() {
      choose([]);
    },
    setFormat(format) {
      set({ format });
      store(FORMAT_KEY, format);
    },
  };
});

export function resetExportStore(): void {
  useExport.setState({ columns: null, chosen: [], format: 'csv', loadError: null });
}
