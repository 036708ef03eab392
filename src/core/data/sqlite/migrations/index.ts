/**
 * The schema, as numbered migrations. Append new migrations at the end; never edit one
 * that has shipped (a database at version k has run exactly migrations 1..k).
 *
 * Time columns: `*_at` metadata are UTC ISO 8601 strings; route and event dates are
 * naive strings exactly as the service gave them (never converted).
 * No table has a column for the API key: it lives in the OS keychain only.
 */
import type { Migration } from '../migrate.js';
import { migration1 } from './001-core.js';
import { migration2 } from './002-search-and-imports.js';
import { migration3 } from './003-notes-outbox.js';
import { migration4 } from './004-watchlists.js';
import { migration5 } from './005-rate-budget.js';
import { migration6 } from './006-attention.js';
import { migration7 } from './007-attention-marks.js';
import { migration8 } from './008-facet-counts.js';
import { migration9 } from './009-contentless-search.js';
import { migration10 } from './010-team-watchlists.js';
import { migration11 } from './011-team-history.js';
import { migration12 } from './012-compact-cache.js';
import { migration13 } from './013-customer-updates.js';
import { migration14 } from './014-performance-facts.js';
import { migration15 } from './015-carrier-names.js';
import { migration16 } from './016-performance-snapshot.js';
import { migration17 } from './017-performance-same-facts.js';
import { migration18 } from './018-team-attention.js';
import { migration19 } from './019-performance-voyage-marks.js';
import { migration20 } from './020-field-edits.js';
import { migration21 } from './021-update-states.js';
import { migration22 } from './022-moving-orders.js';

/** Every migration in order: one file each in this folder, named by its number (a test checks the two agree). */
export const MIGRATIONS: readonly Migration[] = [
  migration1,
  migration2,
  migration3,
  migration4,
  migration5,
  migration6,
  migration7,
  migration8,
  migration9,
  migration10,
  migration11,
  migration12,
  migration13,
  migration14,
  migration15,
  migration16,
  migration17,
  migration18,
  migration19,
  migration20,
  migration21,
  migration22,
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.length;
