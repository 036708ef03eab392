/**
 * How a change of the feed reads to a forwarder: the Changes view and main's desktop
 * notifications say it the same way.
 */
import { type Dates, ISO_DATES } from './dates.js';
import { formatEtaMove } from './eta.js';
import { describeEtaMove, formatEventText } from './naive-date.js';
import { shipmentStatusWords } from './words.js';
import type { FeedItem, FeedKind } from './contract/index.js';

export const FEED_KIND_LABELS: Record<FeedKind, string> = {
  eta_moved: 'ETA moved',
  event_added: 'New event',
  status_changed: 'Status changed',
  delivered: 'Delivered',
  not_found: 'No data from the carrier',
  archived: 'Archived',
  removed: 'Removed at the service',
};

export interface FeedItemText {
  title: string;
  /** The move ("+3 d") of an ETA change, shown apart. */
  move: string | null;
  detail: string;
  /** The whole change in words, for screen readers. */
  spoken: string;
  /** The service's code behind the words (an event's status code, the statuses as sent), for a tooltip. */
  code: string | null;
}

/**
 * An event as the core recorded it ("CGI Gate in at inland depot, Hamburg, 2026-12-01T09:28:00")
 * in words alone, and the code it began with; a text that does not begin with a code is kept whole.
 */
function eventWords(text: string): { words: string; code: string | null } {
  const m = /^([A-Z0-9]{2,6}) (?=[A-Za-z])(.+)$/s.exec(text);
  return m ? { words: m[2]!, code: m[1]! } : { words: text, code: null };
}

const status = (value: string | null): string => (value ? shipmentStatusWords(value) : 'none');

export function describeFeedItem(item: FeedItem, dates: Dates = ISO_DATES): FeedItemText {
  const title = FEED_KIND_LABELS[item.kind] ?? item.kind;
  const container = item.containerNumber ? ` (container ${item.containerNumber})` : '';
  switch (item.kind) {
    case 'eta_moved': {
      const move = formatEtaMove(item.from, item.to);
      const detail = `${dates.dateTime(item.from) || 'no ETA'} → ${dates.dateTime(item.to) || 'no ETA'}`;
      return { title, move, detail, spoken: `${item.reference}: ${describeEtaMove({ from: item.from, to: item.to }, dates)}`, code: null };
    }
    case 'event_added': {
      const { words, code } = eventWords(item.to ?? '');
      const detail = `${item.to ? formatEventText(words, dates) : 'An event was recorded'}${container}`;
      return { title, move: null, detail, spoken: `${item.reference}: new event, ${detail}`, code };
    }
    case 'status_changed':
    case 'delivered': {
      const detail = `${status(item.from)} → ${status(item.to)}`;
      return { title, move: null, detail, spoken: `${item.reference}: ${title.toLowerCase()}, ${detail.replace('→', 'to')}`, code: `${item.from ?? 'none'} → ${item.to ?? 'none'}` };
    }
    case 'not_found': {
      const detail = 'The carrier has no data for it yet; this is not a delivery.';
      return { title, move: null, detail, spoken: `${item.reference}: ${detail}`, code: 'INFO_NOT_FOUND' };
    }
    case 'archived': {
      const detail = 'No longer tracked at the service.';
      return { title, move: null, detail, spoken: `${item.reference}: archived. ${detail}`, code: 'ARCHIVED' };
    }
    case 'removed': {
      const detail = 'The service no longer has it (deleted outside Quayside); no updates will come. Track it again to follow it, at the usual cost.';
      return { title, move: null, detail, spoken: `${item.reference}: removed at the service. ${detail}`, code: null };
    }
    default:
      // A kind this window does not know yet is shown as it came.
      return { title, move: null, detail: [item.from, item.to].filter(Boolean).join(' → '), spoken: `${item.reference}: ${title}`, code: item.kind };
  }
}
