/**
 * Similar cards together: the Attention list in groups by each shipment's worst open reason, the
 * groups in the order of their worst shipment (the engine's worst-first order is kept inside each),
 * so nineteen stuck shipments are one group a coordinator can open, not nineteen cards above the rest.
 */
import type { AttentionItem } from '../../shared/contract';
import { reasonWords } from '../../shared/words';

export interface CardGroup {
  /** The reason kind the group's shipments lead with; 'handled' for those with every reason handled. */
  key: string;
  label: string;
  items: AttentionItem[];
}

/** Narrowed to one reason, the list is that reason's shipments alone: one group, under its name. */
export function groupForReason(items: readonly AttentionItem[], kind: string): CardGroup[] {
  return items.length === 0 ? [] : [{ key: kind, label: reasonWords(kind), items: [...items] }];
}

export function groupByLeadReason(items: readonly AttentionItem[]): CardGroup[] {
  const groups = new Map<string, CardGroup>();
  for (const item of items) {
    // The reasons come worst first: the first open one leads.
    const lead = item.reasons.find((r) => !r.acknowledged)?.kind;
    const key = lead ?? 'handled';
    let group = groups.get(key);
    if (group === undefined) {
      group = { key, label: lead === undefined ? 'Handled' : reasonWords(lead), items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}
