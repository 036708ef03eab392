import type { Command } from '../context.js';
import { attentionCommand } from './attention.js';
import { carriersCommand, creditsCommand } from './carriers.js';
import { customersCommand } from './customers.js';
import { exportCommand } from './export.js';
import { fieldCommand } from './field.js';
import { importCommand, jobsCommand, resumeCommand } from './import.js';
import { keyCommand } from './key.js';
import { performanceCommand } from './performance.js';
import { listCommand, noteCommand, removeCommand, showCommand } from './shipments.js';
import { mailCommand } from './mail.js';
import { syncCommand } from './sync.js';
import { teamCommand } from './team.js';
import { trackCommand } from './track.js';
import { updatesCommand } from './updates.js';
import { watchlistsCommand } from './watchlists.js';
import { webhooksCommand } from './webhooks.js';

export const COMMANDS: Command[] = [
  keyCommand,
  carriersCommand,
  creditsCommand,
  trackCommand,
  syncCommand,
  listCommand,
  attentionCommand,
  performanceCommand,
  showCommand,
  noteCommand,
  fieldCommand,
  removeCommand,
  importCommand,
  jobsCommand,
  resumeCommand,
  exportCommand,
  watchlistsCommand,
  webhooksCommand,
  teamCommand,
  customersCommand,
  mailCommand,
  updatesCommand,
];
