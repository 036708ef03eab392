/** The Performance view's calls: the figures, the back-test, one shipment's ETA history, the settings, the workbook. */
import { basename } from 'node:path';
import type { Core } from '../../context.js';
import type { AreaHandlers, ChooseExportPath } from '../../handlers.js';
import { AppFailure } from '../../platform/failure.js';
import { customerColumn, performanceChoices, updatePerformanceChoices } from './settings.js';
import type { PerformanceState } from './state.js';
import type { PerformanceFilters } from './types.js';
import { savePerformanceWorkbook } from './workbook.js';

/** Empty filters are no filters. */
export function cleanFilters(f: PerformanceFilters): PerformanceFilters {
  const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : undefined);
  const out: PerformanceFilters = {};
  if (text(f.since)) out.since = text(f.since);
  if (text(f.carrier)) out.carrier = text(f.carrier)!.toUpperCase();
  if (text(f.lane)) out.lane = text(f.lane);
  if (text(f.customer)) out.customer = text(f.customer);
  return out;
}

function performanceSettingsView(core: Core) {
  const choices = performanceChoices(core);
  const fieldNames = core.read.attention.fieldNames();
  return { ...choices, customerColumn: customerColumn(core, choices, fieldNames), fieldNames };
}

export function createPerformanceHandlers(core: Core, state: PerformanceState, choosePath: ChooseExportPath | undefined): AreaHandlers<'performance'> {
  return {
    'performance.report': async (filters) => state.report(cleanFilters(filters)),
    'performance.backtest': async () => state.backtest(),
    'performance.shipment': async (id) => state.shipment(id),
    'performance.settings': async () => performanceSettingsView(core),
    'performance.updateSettings': async (patch) => {
      updatePerformanceChoices(core, patch);
      await state.settingsChanged();
      return performanceSettingsView(core);
    },
    'performance.export': async (filters) => {
      if (!choosePath) throw new AppFailure('internal', 'This window cannot save files; export from the desktop app.');
      const clean = cleanFilters(filters);
      const [report, backtest] = [await state.report(clean), await state.backtest()];
      const stamp = core.now().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      const target = await choosePath(`carrier-performance-${stamp}.xlsx`, 'xlsx');
      if (!target) return null;
      const book = await savePerformanceWorkbook(report, backtest, target.path);
      return {
        fileName: basename(target.path),
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        sheets: book.sheets,
        sizeBytes: book.bytes.length,
        savedTo: target.path,
        download: target.download ?? null,
      };
    },
  };
}
