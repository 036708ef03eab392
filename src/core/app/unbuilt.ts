// TEMPORARY while this session builds these areas; removed before the change lands.
import { AppFailure } from './app-errors.js';
import type { AreaHandlers } from './handlers.js';

const fail = async (): Promise<never> => {
  throw new AppFailure('internal', 'This part of Quayside is being built.');
};

export const unbuilt = {
  'import.open': fail,
  'import.preview': fail,
  'import.start': fail,
  'import.jobs': fail,
  'import.report': fail,
  'import.reportCsv': fail,
  'import.resume': fail,
  'map.view': fail,
  'map.route': fail,
  'webhooks.list': fail,
  'webhooks.eventTypes': fail,
  'webhooks.create': fail,
  'webhooks.update': fail,
  'webhooks.delete': fail,
  'webhooks.test': fail,
  'webhooks.deliveries': fail,
} satisfies AreaHandlers<'import' | 'map' | 'webhooks'>;
