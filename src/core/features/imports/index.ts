/**
 * The imports feature's public face: a customer's spreadsheet read in a cage and validated, an
 * import job stored and tracked through batches, resumed after a crash; the reference rules the
 * import reads with (check digits, carrier inference), which quick track and the Attention hints
 * share. The spreadsheet readers load with the first file (sheets/index.ts is imported lazily).
 */
import type { Core } from '../../context.js';
import type { FeatureParts, Host } from '../../handlers.js';
import { createImportHandlers } from './handlers.js';

export { resumeImports, runImport, runJob, validateImport } from './imports.js';
export { columnUpdates, type ColumnUpdate } from './column-updates.js';
export { BATCH_SIZE, TASK_RETENTION_MS } from './poller/poller.js';
export { matchResults } from './poller/match.js';
export { normaliseReference } from './sheets/normalise.js';
export { buildCarrierDirectory, carrierFromBlPrefix, carrierFromContainerOwner, chooseCarrier, resolveCarrierText, type CarrierDirectory } from './sheets/carriers.js';
export { ImportError } from './sheets/errors.js';
export { conflictingDuplicates, duplicateMessage } from './sheets/duplicates.js';
export { DELIMITERS, type Delimiter, type ImportProgress, type ValidationReport } from './sheets/types.js';

export interface ImportsFeature extends FeatureParts<'imports'> {
  /** Imports cut off by a restart or a lost network carry on by themselves; those of a restored backup wait for the person. */
  resumeUnfinished(): void;
}

export function importsFeature(core: Core, host: Host): ImportsFeature {
  const handlers = createImportHandlers(core, host);
  const { close, ...methods } = handlers;
  return {
    handlers: methods,
    resumeUnfinished() {
      const held = core.read.imports.heldJobIds();
      for (const jobId of core.read.imports.unfinishedJobIds()) if (!held.has(jobId)) void methods['imports.resume'](jobId).catch(() => undefined);
    },
    close,
  };
}
