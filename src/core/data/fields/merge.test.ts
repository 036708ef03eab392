import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FieldEditFacts, mergeField } from './merge.js';

let made = 0;
const edit = (value: string, deskId: string, deskN: number, editedAt: string, more: Partial<FieldEditFacts> = {}): FieldEditFacts => ({
  uid: `u${++made}`,
  value,
  editedAt: `2026-12-02T${editedAt}:00.000Z`,
  deskId,
  deskN,
  seq: null,
  seenSeq: 0,
  earlier: false,
  ...more,
});

describe('one field merged from every desk’s edits', () => {
  it('keeps a colleague’s later edit current and shows the older offline edit beside it', () => {
    const base = edit('ACME', 'a', 1, '08:00', { seq: 1 });
    const offline = edit('A offline', 'a', 2, '09:02', { seenSeq: 1, seq: 3 });
    const online = edit('B online', 'b', 1, '09:10', { seenSeq: 1, seq: 2 });
    const merged = mergeField([base, offline, online])!;
    expect(merged.current.value).toBe('B online');
    expect(merged.conflicts.map((e) => e.value)).toEqual(['A offline']);
    expect(merged.history.map((e) => e.value)).toEqual(['ACME']);
  });

  it('lets an edit that saw the others settle the field', () => {
    const offline = edit('A offline', 'a', 2, '09:02', { seenSeq: 1, seq: 3 });
    const online = edit('B online', 'b', 1, '09:10', { seenSeq: 1, seq: 2 });
    const chosen = edit('A offline', 'b', 2, '09:30', { seenSeq: 3 });
    const merged = mergeField([offline, online, chosen])!;
    expect(merged.current).toBe(chosen);
    expect(merged.conflicts).toEqual([]);
    expect(merged.history).toEqual([online, offline]);
  });

  it('takes a desk’s own later edit as seen, pushed or not', () => {
    const first = edit('PO-1', 'a', 1, '09:00', { seq: 5 });
    const second = edit('PO-2', 'a', 2, '08:00');
    expect(mergeField([first, second])!.current).toBe(second);
  });

  it('puts values kept from before under any edit made since', () => {
    const kept = edit('old', 'a', 1, '10:00', { earlier: true });
    const keptElsewhere = edit('older', 'b', 1, '09:00', { earlier: true });
    expect(mergeField([kept, keptElsewhere])!).toMatchObject({ current: kept, conflicts: [] });
    const made = edit('new', 'b', 2, '08:00', { seenSeq: 0 });
    expect(mergeField([kept, keptElsewhere, made])!).toMatchObject({ current: made, conflicts: [], history: [kept, keptElsewhere] });
  });

  it('does not call two equal values a conflict', () => {
    const one = edit('same', 'a', 1, '09:00');
    const two = edit('same', 'b', 1, '09:05');
    expect(mergeField([one, two])).toMatchObject({ current: two, conflicts: [], history: [one] });
  });

  it('answers the same whatever order the edits arrive in, and loses none', () => {
    const arbitraryEdit = fc.record({
      value: fc.constantFrom('', 'x', 'y', 'z'),
      deskId: fc.constantFrom('a', 'b', 'c'),
      deskN: fc.integer({ min: 1, max: 20 }),
      minute: fc.integer({ min: 0, max: 59 }),
      seq: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
      seenSeq: fc.integer({ min: 0, max: 30 }),
      earlier: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryEdit, { minLength: 1, maxLength: 12 }), fc.infiniteStream(fc.nat()), (drawn, random) => {
        const edits = drawn.map((d, i) => ({ ...edit(d.value, d.deskId, d.deskN + i * 100, `09:${String(d.minute).padStart(2, '0')}`), seq: d.seq, seenSeq: d.seenSeq, earlier: d.earlier }));
        const shuffled = [...edits].sort(() => (random.next().value % 3) - 1);
        const a = mergeField(edits)!;
        const b = mergeField(shuffled)!;
        expect(b.current.uid).toBe(a.current.uid);
        expect(b.conflicts.map((e) => e.uid)).toEqual(a.conflicts.map((e) => e.uid));
        expect(b.history.map((e) => e.uid)).toEqual(a.history.map((e) => e.uid));
        const all = [a.current, ...a.conflicts, ...a.history].map((e) => e.uid).sort();
        expect(all).toEqual(edits.map((e) => e.uid).sort());
      }),
    );
  });
});
