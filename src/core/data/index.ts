/**
 * The data layer's public face: the only SQL of the core lives under src/core/data. Use cases read
 * through `read` and write through `write(tx => …)` (data.ts); nothing else reaches the connection.
 */
export { openData } from './data.js';
export type { Data, DeflatedRaws, Reader, Writer } from './data.js';
export { StoreError } from './sqlite/errors.js';
export { SETTING_OBJECT } from './settings.js';
export { latLngFromApi } from './shipments/coordinates.js';
export type { ShipmentFilter, ShipmentSort } from './shipments/queries.js';
export type { OutboxEntry } from './notes.js';
export type { WatchlistRecord } from './watchlists.js';
export { ftsMatchExpression } from './shipments/search.js';
export { WRITE_PARTS, measuringClock, type PartClock, type WritePart } from './shipments/write-parts.js';
export type { ImportReport } from './imports/jobs.js';
export type { JobProgress, OpenTask, PollItem, PollerStore } from './imports/poller-types.js';
export { RESTORED_JOB_MESSAGE, holdJobsAfterRestore } from './imports/restored-jobs.js';
export { isCacheFile, restoreCacheFile, undoRestore, type BackupCheck } from './sqlite/backup.js';
export type { AcknowledgementRow, AttentionReads, CandidateWindow, EventRow, KeptAcknowledgement, SummaryRow } from './attention.js';
export { ARRIVAL_CODES, DELIVERY_CODES, DISCHARGE_CODES } from './attention.js';
export { eventText } from './shipments/changes.js';
export { useSqliteAddon } from './sqlite/sqlite-addon.js';
export { diskFullError, translateSqliteError } from './sqlite/errors.js';
export { peekImportedColumnNames } from './sqlite/peek.js';
export type { RestoreResult } from './sqlite/backup.js';
export type { OwnChange, TeamChangeRow } from './team/changes.js';
export type { TeamCreditRow } from './team/credits.js';
export type { AttentionMarkToPush, PushedAttentionMark, TeamAttentionRow } from './team/attention.js';
export type { PushResult } from './team/watchlists.js';
export type { TeamListRow, TeamMemberRow } from './team/watchlists-apply.js';
export type { TeamItemResult, TeamTaskResult } from './imports/repository.js';
export type { CustomerRecord, NewUpdate, NewUpdateLine, OutboxFields, UpdateRecord, UpdateRow } from './customers/rows.js';
export type { EtaMoveRow, MilestoneRow, ShipmentDetailRow, ShipmentStateRow, ToldRow } from './customers/facts.js';
export type { PulledUpdate } from './customers/team.js';
export type { KeptVoyageColumns, LikelyArrivalRow, MeasuredVoyageRow, VoyageRecord } from './performance/index.js';
export { NO_SAMPLE } from './performance/index.js';
export type { FieldEditView, FieldState, PulledEdit } from './fields/repository.js';
