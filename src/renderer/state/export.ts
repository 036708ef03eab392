/**
 * The export dialog's choices: the columns offered by the core, the ones the person chose and
 * the file format. Choices are remembered in localStorage, so the next export starts from them.
 */
import { create } from 'zustand';
import type { ExportColumnView, ExportInput } from '../../shared/contract';
import { call, messageOf } from '../api/call';

export type ExportFormat = ExportInput['format'];

export const COLUMNS_KEY = 'quayside.export.columns';
export const FORMAT_KEY = 'quayside.export.format';

/** Imported columns (customer, PO…) have ids `field:<name>`; they are offered but not chosen by default. */
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

function storedColumns(): string[] | null {
  const value = readStored(COLUMNS_KEY);
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
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
        const remembered = storedColumns();
        set({ columns, chosen: remembered ?? columns.filter((c) => !isImportedColumn(c.id)).map((c) => c.id) });
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
