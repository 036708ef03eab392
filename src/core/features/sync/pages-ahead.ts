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
  /** The last page asked: its list (index into LISTS) and number; page 0 before the first. */
  private list = 0;
  private asked = 0;
  /** Each list's page count as its latest page to arrive said; unknown until its first page is in. */
  private readonly totals = new Map<ListStatus, number>();

  constructor(private readonly source: PageSource) {
    this.fill();
  }

  /** The next page in turn once it is in (and its payloads deflated), or null after the last. */
  async next(): Promise<ArrivedPage | null> {
    const head = this.queue.shift();
    if (!head) return null;
    this.fill();
    return head.ready;
  }

  private fill(): void {
    while (this.queue.length < AHEAD) {
      const next = this.following();
      if (next === null) return;
      ({ list: this.list, page: this.asked } = next);
      this.queue.push(this.ask(LISTS[next.list]!, next.page));
    }
  }

  /** The page after the last asked, if it is known to be there. */
  private following(): { list: number; page: number } | null {
    if (this.asked === 0) return { list: this.list, page: 1 };
    const total = this.totals.get(LISTS[this.list]!);
    if (total === undefined) return null; // its first page tells how many follow
    if (this.asked < total) return { list: this.list, page: this.asked + 1 };
    return this.list + 1 < LISTS.length ? { list: this.list + 1, page: 1 } : null;
  }

  private ask(status: ListStatus, page: number): Asked {
    const ready = this.source.fetch(status, page).then(async (result) => {
      this.totals.set(status, result.meta.totalPages);
      if (page === 1) this.fill();
      const raws = result.data.map((r) => JSON.stringify(r));
      return { status, page, result, raws, deflated: await this.source.deflate(result.data, raws) };
    });
    // Awaited in turn; a page asked ahead whose turn never comes (a write failed first) is not an unhandled failure.
    ready.catch(() => undefined);
    return { status, page, ready };
  }
}
