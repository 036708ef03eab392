/** Customer update drafts in the desktop app: main writes where it says and opens only what it handed out. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { draftPlaces } from './drafts.js';

describe('draftPlaces', () => {
  let folder = '';
  afterEach(() => folder && rmSync(folder, { recursive: true, force: true }));

  it('hands out a fresh .eml path under its folder and opens it with the system handler', async () => {
    folder = mkdtempSync(join(tmpdir(), 'quayside-drafts-'));
    const opened: string[] = [];
    const drafts = draftPlaces(folder, async (path) => (opened.push(path), ''));
    const a = await drafts.place('ACME GmbH update 2026-11-24');
    const b = await drafts.place('../../etc/ACME GmbH update 2026-11-24.eml');
    expect(a.path.startsWith(folder)).toBe(true);
    expect(a.path.endsWith('ACME GmbH update 2026-11-24.eml')).toBe(true);
    expect(dirname(b.path)).not.toBe(dirname(a.path));
    expect(dirname(dirname(b.path))).toBe(folder);
    writeFileSync(a.path, 'X-Unsent: 1\r\n\r\n');
    expect(await drafts.open(a.path)).toBe(true);
    expect(opened).toEqual([a.path]);
  });

  it('refuses a path it did not hand out, and says when the system could not open it', async () => {
    folder = mkdtempSync(join(tmpdir(), 'quayside-drafts-'));
    const drafts = draftPlaces(folder, async () => 'No application is associated with this file.');
    expect(await drafts.open(join(folder, 'other.eml'))).toBe(false);
    const placed = await drafts.place('x.eml');
    expect(await drafts.open(placed.path)).toBe(false);
  });
});
