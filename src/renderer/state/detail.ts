/** The shipment open in the detail panel. */
import { create } from 'zustand';
import type { ShipmentDetail } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';

export interface DetailState {
  openId: number | null;
  detail: ShipmentDetail | null;
  loading: boolean;
  error: string | null;
  open(id: number): void;
  close(): void;
  reload(): Promise<void>;
  patchNote(note: string | null, pending: boolean): void;
}

/** Only the answer for the shipment open now is shown; an older ask is cancelled. */
const details = newestOnly();

export const useDetail = create<DetailState>()((set, get) => ({
  openId: null,
  detail: null,
  loading: false,
  error: null,

  open(id) {
    const same = get().openId === id;
    set({ openId: id, error: null, ...(same ? {} : { detail: null }) });
    void get().reload();
  },
  close() {
    details.cancel();
    set({ openId: null, detail: null, loading: false, error: null });
  },
  async reload() {
    const id = get().openId;
    if (id === null) return;
    set({ loading: true });
    try {
      const detail = await details.run((signal) => call('shipments.get', id, { signal }));
      set({ detail, loading: false, error: null });
    } catch (error) {
      if (!isAbort(error)) set({ loading: false, error: messageOf(error) });
    }
  },
  patchNote(note, pending) {
    const d = get().detail;
    if (!d) return;
    set({
      detail: {
        ...d,
        shipment: { ...d.shipment, note },
        pendingNote: pending
          ? { shipmentId: d.shipment.id, reference: d.shipment.reference, note, queuedAt: new Date().toISOString(), attempts: 0, lastError: null }
          : null,
      },
    });
  },
}));

export function resetDetailStore(): void {
  details.cancel();
  useDetail.setState({ openId: null, detail: null, loading: false, error: null });
}
