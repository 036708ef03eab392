/** Values the filters offer (carriers, ports of discharge, statuses, imported columns), with counts. */
import { create } from 'zustand';
import type { ShipmentFacets } from '../../shared/contract';
import { call, messageOf } from '../api/call';

export interface FacetsState {
  facets: ShipmentFacets | null;
  error: string | null;
  load(): Promise<void>;
}

let sequence = 0;

export const useFacets = create<FacetsState>()((set) => ({
  facets: null,
  error: null,
  async load() {
    const mine = ++sequence;
    try {
      const facets = await call('shipments.facets');
      if (mine === sequence) set({ facets, error: null });
    } catch (error) {
      if (mine === sequence) set({ error: messageOf(error) });
    }
  },
}));

export function resetFacetsStore(): void {
  sequence++;
  useFacets.setState({ facets: null, error: null });
}
