/** Values the filters offer (carriers, ports of discharge, statuses, imported columns), with counts. */
import { create } from 'zustand';
import type { ShipmentFacets } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';

export interface FacetsState {
  facets: ShipmentFacets | null;
  error: string | null;
  load(): Promise<void>;
}

/** Only the newest reading counts (a reload asked while another is on its way cancels it). */
const readings = newestOnly();

export const useFacets = create<FacetsState>()((set) => ({
  facets: null,
  error: null,
  async load() {
    try {
      const facets = await readings.run((signal) => call('shipments.facets', undefined, { signal }));
      set({ facets, error: null });
    } catch (error) {
      if (!isAbort(error)) set({ error: messageOf(error) });
    }
  },
}));

export function resetFacetsStore(): void {
  readings.cancel();
  useFacets.setState({ facets: null, error: null });
}
