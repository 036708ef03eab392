import { describe, expect, it } from 'vitest';
import type { Page, PageMeta, ShipmentRecord } from '../../platform/api/types.js';
import { type ListStatus, PagesAhead } from './pages-ahead.js';

/** A service whose pages are answered when the test says so. */
function service() {
  const asked: string[] = [];
  const answers = new Map<string, (page: Page<ShipmentRecord>) => void>();
  const source = {
    fetch: (status: ListStatus, page: number) =>
      new Promise<Page<ShipmentRecord>>((resolve) => {
        asked.push(`${status} ${page}`);
        answers.set(`${status} ${page}`, resolve);
      }),
    deflate: async () => null,
  };
  const answer = async (page: string, totalPages: number) => {
    const meta: PageMeta = { itemsPerPage: 500, totalItems: totalPages * 500, currentPage: Number(page.split(' ')[1]), totalPages, sortBy: [], filter: {} };
    answers.get(page)!({ data: [], meta, links: { first: null, previous: null, current: null, next: null, last: null } });
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { source, asked, answer };
}

describe('pages asked ahead of their turn', () => {
  it('asks the pages after the first as soon as the first says how many there are', async () => {
    const { source, asked, answer } = service();
    new PagesAhead(source);
    expect(asked).toEqual(['ACTIVE 1']);
    await answer('ACTIVE 1', 5);
    expect(asked).toEqual(['ACTIVE 1', 'ACTIVE 2']);
  });

  it('asks nothing more once stopped (the sync ended or failed), even when a page asked arrives', async () => {
    const { source, asked, answer } = service();
    const ahead = new PagesAhead(source);
    ahead.stop();
    await answer('ACTIVE 1', 5);
    expect(asked).toEqual(['ACTIVE 1']);
    expect(await ahead.next()).toMatchObject({ status: 'ACTIVE', page: 1 });
    expect(asked).toEqual(['ACTIVE 1']);
  });
});
