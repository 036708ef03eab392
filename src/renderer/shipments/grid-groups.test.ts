import { describe, expect, it } from 'vitest';
import { tableLines } from './grid-groups';

const GROUPS = [
  { key: 'Atlas', label: 'Atlas', count: 3 },
  { key: 'Borealis', label: 'Borealis', count: 2 },
  { key: null, label: 'No customer', count: 2 },
];

describe('the lines of a grouped table', () => {
  it('puts each group under its heading, its rows at their place in the list', () => {
    const lines = tableLines(7, GROUPS, new Set());
    expect(lines.count).toBe(10);
    expect([0, 1, 3, 4, 5, 9].map((l) => lines.at(l))).toEqual([
      { kind: 'group', group: 0 },
      { kind: 'row', row: 0, group: 0 },
      { kind: 'row', row: 2, group: 0 },
      { kind: 'group', group: 1 },
      { kind: 'row', row: 3, group: 1 },
      { kind: 'row', row: 6, group: 2 },
    ]);
    expect(lines.lineOfRow(3)).toBe(5);
  });

  it('folds a group to its heading; keys move over it, to the rows shown', () => {
    const lines = tableLines(7, GROUPS, new Set(['Borealis']));
    expect(lines.count).toBe(8);
    expect(lines.at(5)).toEqual({ kind: 'group', group: 2 });
    expect(lines.at(6)).toEqual({ kind: 'row', row: 5, group: 2 });
    expect(lines.lineOfRow(3)).toBeNull();
    expect(lines.moveRow(2, 1)).toBe(5);
    expect(lines.moveRow(5, -1)).toBe(2);
    expect(lines.moveRow(0, 100)).toBe(6);
    expect(lines.moveRow(null, 1)).toBe(0);
    expect(lines.moveRow(null, -1)).toBe(6);
    // The group without a value is folded by its empty key.
    expect(tableLines(7, GROUPS, new Set([''])).lastRow()).toBe(4);
  });

  it('is every row when not grouped', () => {
    const lines = tableLines(5, null, new Set());
    expect(lines.count).toBe(5);
    expect(lines.at(3)).toEqual({ kind: 'row', row: 3, group: null });
    expect(lines.moveRow(4, 3)).toBe(4);
    expect(lines.moveRow(null, 1)).toBe(0);
  });
});
