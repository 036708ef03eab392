/**
 * Team watchlists: what this desk last knew of the team's copy of each list, so a push
 * sends only the difference (a list made, renamed, refiltered, deleted; shipments added or
 * removed). `watchlist_id` NULL: the list was deleted here and its tombstone waits to be pushed.
 * A member's `seq` is the team's sequence number of the add this desk has seen (a remove wins only
 * over adds it has seen); `applied` 0: its shipment is not in this cache yet.
 */
import type { Migration } from '../migrate.js';
// A change or credit balance pulled from the team carries the desk that recorded it (NULL: this
// desk's own); a change this desk published or pulled carries the team's sequence number, unique,
// so a pull repeated stores nothing twice.
const TEAM_HISTORY = `
ALTER TABLE changes ADD COLUMN desk TEXT;
ALTER TABLE changes ADD COLUMN team_seq INTEGER;
CREATE UNIQUE INDEX changes_by_team_seq ON changes (team_seq) WHERE team_seq IS NOT NULL;
ALTER TABLE credit_snapshots ADD COLUMN desk TEXT;
`;

export const migration11: Migration = {
  version: 11,
  name: "team history: the desk that recorded a change and the team's number for it, the desk that read a credit balance",
  up: (db) => db.exec(TEAM_HISTORY),
};
