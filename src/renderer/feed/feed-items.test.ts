import { beforeAll, describe, expect, it } from 'vitest';
import { setSystemLocale } from '../lib/dates';
import { feedItem } from '../test-support/fixtures';
import { describeFeedItem, groupByDay, localDay, mergeFeed, notifyMessage } from './feed-items';

// A system without a locale of its own writes ISO dates on a 24-hour clock.
beforeAll(() => setSystemLocale(null));

describe('a change in the forwarder\'s words', () => {
  it('an ETA move says by how much, with the naive dates as given', () => {
    expect(describeFeedItem(feedItem(1))).toMatchObject({ title: 'ETA moved', move: '+3 d', detail: '2026-12-01 08:00 → 2026-12-04 14:00' });
    expect(describeFeedItem(feedItem(1)).spoken).toBe('MSCU0000001: ETA moved 3 days later, from 2026-12-01 08:00 to 2026-12-04 14:00');
    expect(describeFeedItem(feedItem(2, { from: '2026-12-04', to: '2026-12-02', etaMoveDays: -2 })).move).toBe('\u22122 d');
  });

  it('status changes use the labels, unknown statuses as they came; not found is never a delivery', () => {
    expect(describeFeedItem(feedItem(1, { kind: 'status_changed', from: 'PLANNED', to: 'IN_TRANSIT' })).detail).toBe('Planned → In transit');
    expect(describeFeedItem(feedItem(1, { kind: 'status_changed', from: 'IN_TRANSIT', to: 'STUCK' })).detail).toBe('In transit → Stuck');
    expect(describeFeedItem(feedItem(1, { kind: 'delivered', from: 'IN_TRANSIT', to: 'DELIVERED' }))).toMatchObject({ title: 'Delivered', detail: 'In transit → Delivered' });
    expect(describeFeedItem(feedItem(1, { kind: 'not_found', from: 'OK', to: 'INFO_NOT_FOUND' })).detail).toMatch(/not a delivery/);
    expect(describeFeedItem(feedItem(1, { kind: 'event_added', from: null, to: 'Gate out, Rotterdam', containerNumber: 'MSCU1234565' })).detail).toBe(
      'Gate out, Rotterdam (container MSCU1234565)',
    );
    const withDate = feedItem(1, { kind: 'event_added', from: null, to: 'VDL Vessel departure, Rotterdam, 2026-11-20T10:00:00', containerNumber: null });
    // In words, the code behind them in a tooltip.
    expect(describeFeedItem(withDate)).toMatchObject({ detail: 'Vessel departure, Rotterdam, 2026-11-20 10:00', code: 'VDL' });
  });
});

describe('the feed by day, newest first', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('groups by the local day the change was seen: Today, Yesterday, then the date', () => {
    const days = groupByDay(
      [feedItem(1, { at: '2026-11-20T12:00:00Z' }), feedItem(3, { at: '2026-11-23T11:00:00Z' }), feedItem(2, { at: '2026-11-22T12:00:00Z' }), feedItem(4, { at: '2026-11-23T11:30:00Z' })],
      now,
    );
    expect(days.map((d) => [d.label, d.items.map((i) => i.id)])).toEqual([
      ['Today', [4, 3]],
      ['Yesterday', [2]],
      [localDay('2026-11-20T12:00:00Z'), [1]],
    ]);
    expect(new Set(days.map((d) => d.key)).size).toBe(3);
  });

  it('keeps group keys unique when check times are out of order', () => {
    const days = groupByDay([feedItem(3, { at: '2026-11-23T11:00:00Z' }), feedItem(2, { at: '2026-11-20T11:00:00Z' }), feedItem(1, { at: '2026-11-23T10:00:00Z' })], now);
    expect(days.map((d) => d.label)).toEqual(['Today', localDay('2026-11-20T11:00:00Z'), 'Today']);
    expect(new Set(days.map((d) => d.key)).size).toBe(3);
  });

  it('merges a newer and an older page without repeating an item', () => {
    const shown = [feedItem(5), feedItem(4), feedItem(3)];
    expect(mergeFeed(shown, [feedItem(7), feedItem(6), feedItem(5)]).map((i) => i.id)).toEqual([7, 6, 5, 4, 3]);
    expect(mergeFeed(shown, [feedItem(2), feedItem(1)]).map((i) => i.id)).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('the in-window notification', () => {
  it('names one change, and counts several by kind', () => {
    expect(notifyMessage([])).toBeNull();
    expect(notifyMessage([feedItem(1)])).toBe('MSCU0000001: ETA moved +3 d');
    expect(notifyMessage([feedItem(1), feedItem(2), feedItem(3, { kind: 'delivered', from: 'IN_TRANSIT', to: 'DELIVERED' })])).toBe('3 changes: ETA moved 2, Delivered 1');
  });
});
