/**
 * The pages of GET /v2/shipments in the order a sync stores them (the ACTIVE list, then the
 * ARCHIVED one), each asked up to AHEAD pages before its turn and its raw payloads deflated off
 * the thread as soon as it arrives: the service answers, and the payloads are deflated, while the
 * cache writes the page before. At most AHEAD pages are asked beyond the one being written (the
 * scheduler lets four of their bucket fly at once, so a person's call still finds room).
 */
import type { DeflatedRaws } from '../../data/index.js';
import type { Page, ShipmentRecord } from '../../platform/api/types.js';

const LISTS = ['ACTIVE', 'ARCHIVED'] as const;
export type ListStatus = (typeof LISTS)[number];

/** Pages asked beyond the one being written. */
export const AHEAD = 2;

export interface ArrivedPage {
  status: ListStatus;
  page: number;
  result: Page<ShipmentRecord>;
  /** The exact JSON text of each record, in order. */
  raws: string[];
  deflated: DeflatedRaws | null;
}

export interface PageSource {
  fetch(status: ListStatus, page: number): Promise<Page<ShipmentRecord>>;
  deflate(records: readonly ShipmentRecord[], raws: readonly string[]): Promise<DeflatedRaws | null>;
}

interface Asked {
  status: ListStatus;
  page: number;
  ready: Promise<ArrivedPage>;
}

export class PagesAhead {
  private readonly queue: Asked[] = [];
  /** The list being asked (index into LISTS). */
  private list = 0;
  /** Each list's last page asked; 0 before its first. */
  private readonly asked = new Map<ListStatus, number>();
  /** Each list's page count as its latest page to arrive said; unknown until its first page is in. */
  private readonly totals = new Map<ListStatus, number>();
  private stopped = false;

  constructor(private readonly source: PageSource) {
    this.fill();
  }

  /** The next page in turn once it is in (and its payloads deflated), or null after the last. */
  async next(): Promise<ArrivedPage | null> {
    // A page of a list already passed may have said the list grew: its pages past the old end come next.
    this.fill();
    const head = this.queue.shift();
    if (!head) return null;
    this.fill();
    return head.ready;
  }

  /** Nothing more is asked (the sync ended or failed); pages already asked are left to arrive. */
  stop(): void {
    this.stopped = true;
  }

  private fill(): void {
    while (!this.stopped && this.queue.length < AHEAD) {
      const next = this.following();
      if (next === null) return;
      this.list = Math.max(this.list, next.list);
      const status = LISTS[next.list]!;
      this.asked.set(status, next.page);
      this.queue.push(this.ask(status, next.page));
    }
  }

  /** The page after the last asked, if it is known to be there. */
  private following(): { list: number; page: number } | null {
    // A list passed whose page arrived late saying it has more pages (shipments created meanwhile).
    for (let i = 0; i < this.list; i++) {
      const asked = this.asked.get(LISTS[i]!) ?? 0;
      if (asked < (this.totals.get(LISTS[i]!) ?? 0)) return { list: i, page: asked + 1 };
    }
    const status = LISTS[this.list]!;
    const asked = this.asked.get(status) ?? 0;
    if (asked === 0) return { list: this.list, page: 1 };
    const total = this.totals.get(status);
    if (total === undefined) return null; // its first page tells how many follow
    if (asked < total) return { list: this.list, page: asked + 1 };
    return this.list + 1 < LISTS.length ? { list: this.list + 1, page: 1 } : null;
  }

  private ask(status: ListStatus, page: number): Asked {
    const ready = this.source.fetch(status, page).then(async (result) => {
      // The largest count any page said: a later page of a list that shrank says less, and its tail is asked anyway.
      this.totals.set(status, Math.max(this.totals.get(status) ?? 0, result.meta.totalPages));
      if (page === 1) this.fill();
      const raws = result.data.map((r) => JSON.stringify(r));
      return { status, page, result, raws, deflated: await this.source.deflate(result.data, raws) };
    });
    // Awaited in turn; a page asked ahead whose turn never comes (a write failed first) is not an unhandled failure.
    ready.catch(() => undefined);
    return { status, page, ready };
  }
}
