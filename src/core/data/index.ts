/**
 * The data layer's public face: the only SQL of the core lives under src/core/data. Use cases read
 * through `read` and write through `write(tx => …)` (data.ts); nothing else reaches the connection.
 */
export { openData } from './data.js';
export type { Data, DataOptions, PageResult, Reader, Writer } from './data.js';
export { StoreError } from './sqlite/errors.js';
export type { StoreErrorKind } from './sqlite/errors.js';
export { latLngFromApi } from './shipments/coordinates.js';
export type { GeoPoint } from './shipments/coordinates.js';
export type { PortName, ShipmentFilter, ShipmentQuery, ShipmentSort, ShipmentTableRow } from './shipments/queries.js';
export type { PendingInput, RawPayload } from './shipments/shipment-edits.js';
export type { CreditSnapshot } from './settings.js';
export type { OutboxEntry } from './notes.js';
export type { WatchlistCounts, WatchlistRecord } from './watchlists.js';
export type { PayloadSource, TrackingResultInput } from './shipments/snapshot.js';
export type { WriteResult, WriteStatus } from './shipments/write.js';
export { LATEST_SCHEMA_VERSION } from './sqlite/migrations.js';
export { ftsMatchExpression } from './shipments/search.js';
export type { ImportReport, JobState, JobSummary, NewJob } from './imports/jobs.js';
export type { ItemState } from './imports/job-store.js';
export type { JobProgress, JobProgressCounts, OpenTask, PollItem, PollerStore } from './imports/poller-types.js';
export { RESTORED_JOB_MESSAGE, holdJobsAfterRestore } from './imports/restored-jobs.js';
export { checkBackup, isCacheFile, restoreCacheFile, undoRestore, type BackupCheck } from './sqlite/backup.js';
export type { AcknowledgementRow, AttentionReads, AttentionWrites, CandidateWindow, ChangeRow, EventRow, PlanRow, SummaryRow } from './attention.js';
export { ARRIVAL_CODES, DELIVERY_CODES, DISCHARGE_CODES } from './attention.js';
export type { FeedRequest } from './feed.js';
export { eventText } from './shipments/changes.js';
export { useSqliteAddon } from './sqlite/sqlite-addon.js';
export { diskFullError, translateSqliteError } from './sqlite/errors.js';
export type { RestoreResult } from './sqlite/backup.js';
export type { OwnChange, TeamChangeRow } from './team/changes.js';
export type { TeamCreditRow } from './team/credits.js';
export type { PushOp, PushResult } from './team/watchlists.js';
export type { TeamListRow, TeamMemberRow, WatchlistKind } from './team/watchlists-apply.js';
export type { TeamItemResult, TeamTaskResult } from './imports/repository.js';
export type { KeptVoyageColumns, LikelyArrivalRow, MeasuredVoyageRow, VoyageRecord } from './performance/index.js';
export { NO_SAMPLE } from './performance/index.js';
