import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tempDir } from '../../../test/helpers/store-fixtures.js';
import { openData, type Data } from './data.js';
import { SETTING_OBJECT } from './settings.js';

let store: Data;
let cleanup: () => void;
beforeEach(() => {
  const made = tempDir();
  cleanup = made.cleanup;
  store = openData(path.join(made.dir, 'cache.sqlite'));
});
afterEach(() => {
  store.close();
  cleanup();
});

describe('a setting kept as JSON', () => {
  const layout = z.object({ sort: z.array(z.string()) });

  it('reads back what was written, of the shape asked for', () => {
    store.write((tx) => tx.setSetting('table.layout', JSON.stringify({ sort: ['eta'] })));
    expect(store.read.setting('table.layout', layout)).toEqual({ sort: ['eta'] });
  });

  it('reads as not set when missing, damaged or of another shape, so the default applies', () => {
    expect(store.read.setting('table.layout', layout)).toBeNull();
    store.write((tx) => tx.setSetting('table.layout', '{"sort": ["eta"'));
    expect(store.read.setting('table.layout', layout)).toBeNull();
    store.write((tx) => tx.setSetting('table.layout', JSON.stringify({ sort: 'eta' })));
    expect(store.read.setting('table.layout', layout)).toBeNull();
    store.write((tx) => tx.setSetting('attention.freeDays', '[1, 2]'));
    expect(store.read.setting('attention.freeDays', SETTING_OBJECT)).toBeNull();
  });
});
