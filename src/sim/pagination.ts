/** The pagination envelope of the service's interface 2.7, with relative links. */
import type { Page } from '../core/platform/api/types.js';

export interface PageRequest {
  page: number;
  limit: number;
  basePath: string;
  /** Extra query parameters kept in every link (status, webhook_id), in this order. */
  query: [string, string][];
  filter: Record<string, string>;
  /** Extra meta fields (the delivery list carries searchBy, search, select). */
  extraMeta?: Record<string, unknown>;
}

export function paginate<T, R>(items: readonly T[], req: PageRequest, map: (item: T) => R): Page<R> {
  const totalItems = items.length;
  const totalPages = Math.ceil(totalItems / req.limit);
  const start = (req.page - 1) * req.limit;
  const data = items.slice(start, start + req.limit).map(map);
  const link = (page: number): string => {
    const params = new URLSearchParams([['page', String(page)], ['limit', String(req.limit)], ...req.query]);
    return `${req.basePath}?${params.toString()}`;
  };
  const last = Math.max(1, totalPages);
  return {
    data,
    meta: {
      itemsPerPage: req.limit,
      totalItems,
      currentPage: req.page,
      totalPages,
      sortBy: [
        ['created_at', 'DESC'],
        ['id', 'DESC'],
      ],
      filter: req.filter,
      ...req.extraMeta,
    },
    links: {
      first: link(1),
      previous: req.page > 1 ? link(Math.min(req.page - 1, last)) : null,
      current: link(req.page),
      next: req.page < totalPages ? link(req.page + 1) : null,
      last: link(last),
    },
  };
}
