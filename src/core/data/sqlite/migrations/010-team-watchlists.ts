/** Migration 10: this desk's view of the team's lists and members, for pushing the difference. */
import type { Migration } from '../migrate.js';
const TEAM_WATCHLISTS = `
CREATE TABLE watchlist_team (
  team_id      TEXT PRIMARY KEY,
  watchlist_id INTEGER UNIQUE REFERENCES watchlists (id) ON DELETE SET NULL,
  name         TEXT NOT NULL,
  filter       TEXT,
  seq          INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE watchlist_team_members (
  team_id     TEXT NOT NULL REFERENCES watchlist_team (team_id) ON DELETE CASCADE,
  tracking_id TEXT NOT NULL,
  seq         INTEGER NOT NULL,
  applied     INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (team_id, tracking_id)
) WITHOUT ROWID;
CREATE INDEX watchlist_team_members_waiting ON watchlist_team_members (tracking_id) WHERE applied = 0;
`;

export const migration10: Migration = {
  version: 10,
  name: "team watchlists: this desk's view of the team's lists and members, for pushing the difference",
  up: (db) => db.exec(TEAM_WATCHLISTS),
};
