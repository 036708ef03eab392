/** The shell's small pure parts: saved window state, file hand-over, connectivity nudges, notification wording. */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchConnectivity } from './connectivity.js';
import { spreadsheetInArgv } from './file-actions.js';
import { createDigestNotifier, createFeedNotifier, describeChange } from './notifications.js';
import { clampToDisplays, parseWindowState } from './window-state.js';

describe('window state', () => {
  it('refuses anything but whole sizes and positions', () => {
    expect(parseWindowState('{"x":10,"y":20,"width":1000,"height":700,"maximized":true}')).toEqual({ x: 10, y: 20, width: 1000, height: 700, maximized: true });
    expect(parseWindowState('{"width":1000,"height":700}')).toEqual({ width: 1000, height: 700, maximized: false });
    for (const bad of ['', 'null', '[]', '{"width":"1000","height":700}', '{"width":-5,"height":700}', '{"width":1e9,"height":700}', '{"width":10.5,"height":700}']) {
      expect(parseWindowState(bad), bad).toBeNull();
    }
    expect(parseWindowState('{"x":"a","y":1,"width":900,"height":600}')).toEqual({ width: 900, height: 600, maximized: false });
  });

  it('keeps at least the minimum size that fits, and never leaves the title bar off screen', () => {
    const primary = { x: 0, y: 0, width: 1920, height: 1040 };
    expect(clampToDisplays({ x: -3000, y: -3000, width: 500, height: 300 }, [primary], primary)).toEqual({ x: 480, y: 220, width: 960, height: 600, maximized: false });
    expect(clampToDisplays({ x: 1800, y: 1000, width: 1200, height: 800 }, [primary], primary)).toEqual({ x: 720, y: 240, width: 1200, height: 800, maximized: false });
    expect(clampToDisplays({ x: 1500, y: 10, width: 1200, height: 800 }, [primary], primary)).toEqual({ x: 720, y: 10, width: 1200, height: 800, maximized: false });
  });
});

describe('a file handed to the app', () => {
  it('is the first spreadsheet among the arguments', () => {
    expect(spreadsheetInArgv(['quayside', '--demo', '/data/March.XLSX', 'b.csv'])).toBe('/data/March.XLSX');
    expect(spreadsheetInArgv(['quayside', 'notes.pdf', '--x.csv'])).toBeNull();
    expect(spreadsheetInArgv(['/tmp/a.csv'])).toBeNull();
    // A relative name is where the person's shell was (a second launch passes its working folder).
    expect(spreadsheetInArgv(['quayside', 'Week 12.csv'], '/home/ops/Downloads')).toBe('/home/ops/Downloads/Week 12.csv');
  });
});

describe('connectivity', () => {
  afterEach(() => vi.useRealTimers());
  it('refreshes once when the network comes back and when the computer wakes, never while offline', () => {
    vi.useFakeTimers();
    let online = true;
    let refreshes = 0;
    const power = new EventEmitter();
    const stop = watchConnectivity({ isOnline: () => online, powerMonitor: power, refreshNow: () => refreshes++, pollMs: 1000 });
    vi.advanceTimersByTime(5000);
    expect(refreshes).toBe(0);
    online = false;
    vi.advanceTimersByTime(5000);
    power.emit('resume');
    expect(refreshes).toBe(0);
    online = true;
    vi.advanceTimersByTime(3000);
    expect(refreshes).toBe(1);
    power.emit('resume');
    expect(refreshes).toBe(2);
    stop();
    online = false;
    vi.advanceTimersByTime(2000);
    online = true;
    vi.advanceTimersByTime(2000);
    power.emit('resume');
    expect(refreshes).toBe(2);
  });
});

describe('notifications', () => {
  const base = { id: 1, at: '2026-11-23T09:00:00Z', shipmentId: 1, reference: 'REF', from: null, to: null, etaMoveDays: null, containerNumber: null };
  it('say what changed in the words of the Changes view', () => {
    expect(describeChange({ ...base, kind: 'eta_moved', from: '2026-12-02', to: '2026-12-01', etaMoveDays: -1 })).toBe('ETA moved \u22121 d: 2026-12-02 → 2026-12-01');
    expect(describeChange({ ...base, kind: 'eta_moved', from: '2026-12-01T08:00:00', to: '2026-12-04T14:00:00', etaMoveDays: 3 })).toBe(
      'ETA moved +3 d: 2026-12-01 08:00 → 2026-12-04 14:00',
    );
    expect(describeChange({ ...base, kind: 'status_changed', from: 'IN_TRANSIT', to: 'DELIVERED' })).toBe('Status changed: In transit → Delivered');
    expect(describeChange({ ...base, kind: 'status_changed', from: 'IN_TRANSIT', to: 'STUCK' })).toBe('Status changed: In transit → Stuck');
    // The carrier's event code (VDL) is left out, as the Changes view leaves it to a tooltip.
    expect(describeChange({ ...base, kind: 'event_added', to: 'VDL Vessel departure, Rotterdam, 2026-11-20T10:00:00', containerNumber: 'MSCU1234565' })).toBe(
      'New event: Vessel departure, Rotterdam, 2026-11-20 10:00 (container MSCU1234565)',
    );
    expect(describeChange({ ...base, kind: 'not_found' })).toBe('No data from the carrier: The carrier has no data for it yet; this is not a delivery.');
  });

  it('summarise many shipments in one notification that opens the Changes view', () => {
    const shown: { options: { title?: string }; click?: () => void }[] = [];
    class Note {
      click?: () => void;
      constructor(readonly options: { title?: string }) {}
      on(_event: 'click', listener: () => void) {
        this.click = listener;
      }
      show() {
        shown.push(this);
      }
      static isSupported = () => true;
    }
    const requests: unknown[] = [];
    const notify = createFeedNotifier({ Notification: Note, windowInFront: () => false, show: (r) => requests.push(r) });
    const items = [1, 2, 3, 4, 5].map((n) => ({ ...base, id: n, shipmentId: n, kind: 'delivered' as const }));
    expect(notify({ items, notify: items, unseen: 5 })).toBe(1);
    expect(shown[0]!.options.title).toBe('5 shipments changed');
    shown[0]!.click!();
    expect(requests).toEqual([{ view: 'changes' }]);
    expect(notify({ items, notify: [], unseen: 5 })).toBe(0);
  });

  it('shows the morning digest as one notification that opens the Attention view, and nothing when nothing needs attention', () => {
    const shown: Note[] = [];
    class Note {
      click?: () => void;
      constructor(readonly options: { title?: string; body?: string }) {}
      on(_event: 'click', listener: () => void) {
        this.click = listener;
      }
      show() {
        shown.push(this);
      }
      static isSupported = () => true;
    }
    const requests: unknown[] = [];
    const notify = createDigestNotifier({ Notification: Note, windowInFront: () => true, show: (r) => requests.push(r) });
    const byKind = { eta_slipped: 2, vessel_changed: 0, stale: 0, arrived_not_delivered: 3, stuck: 1, unknown_status: 0, not_found: 0, likely_later: 0 };
    expect(notify({ count: 5, byKind, text: '5 shipments need attention', at: '2026-11-24T07:00:00.000Z' })).toBe(true);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.options).toMatchObject({ title: '5 shipments need attention', body: '3 arrived, not delivered · 2 ETA slipped · 1 stuck' });
    shown[0]!.click!();
    expect(requests).toEqual([{ view: 'attention' }]);
    const none = { ...byKind, eta_slipped: 0, arrived_not_delivered: 0, stuck: 0 };
    expect(notify({ count: 0, byKind: none, text: 'Nothing needs attention', at: '2026-11-25T07:00:00.000Z' })).toBe(false);
    expect(shown).toHaveLength(1);
  });
});
