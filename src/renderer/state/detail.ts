/** The shipment open in the detail panel. */
import { create } from 'zustand';
import type { ShipmentDetail } from '../../shared/contract';
import { call, messageOf } from '../api/call';

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

let sequence = 0;

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
    sequence++;
    set({ openId: null, detail: null, loading: false, error: null });
  },
  async reload() {
    const id = get().openId;
    if (id === null) return;
    const mine = ++sequence;
    set({ loading: true });
    try {
      const detail = await call('shipments.get', id);
      if (mine === sequence) set({ detail, loading: false, error: null });
    } catch (error) {
      if (mine === sequence) set({ loading: false, error: messageOf(error) });
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
  sequence++;
  useDetail.setState({ openId: null, detail: null, loading: false, error: null });
}
