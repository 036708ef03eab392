/** GET/DELETE /v2/shipments, PATCH /v2/shipments/{id}, GET /v2/apikey. */
import { NOTE_MAX_LENGTH } from '../shared/domain.js';
import { iso, sortedShipments } from './accounts.js';
import { HttpError, boolParam, intParam, ok } from './http-util.js';
import { paginate } from './pagination.js';
import type { Route, Services } from './route-types.js';
import { deleteShipments, shipmentRecord } from './shipments.js';

const MAX_DELETE = 500;

export function shipmentRoutes({ ctx }: Services): Route[] {
  return [
    {
      method: 'GET',
      template: '/v2/shipments',
      authStatus: 401,
      handle: ({ params, account }) => {
        const needRoute = boolParam(params, 'need_route');
        const page = intParam(params, 'page', 1, 1, 100_000_000);
        const limit = intParam(params, 'limit', 50, 1, 500);
        const status = params.get('status');
        if (status !== null && status !== 'ACTIVE' && status !== 'ARCHIVED') {
          throw new HttpError(400, 'status must be ACTIVE or ARCHIVED');
        }
        const all = sortedShipments(account);
        const rows = status === null ? all : all.filter((r) => r.status === status);
        const pageData = paginate(
          rows,
          {
            page,
            limit,
            basePath: '/v2/shipments',
            query: status === null ? [] : [['status', status]],
            filter: status === null ? {} : { status: `$eq:${status}` },
          },
          (row) => shipmentRecord(ctx, row, needRoute),
        );
        return ok(pageData, `${pageData.meta.totalItems} shipments`);
      },
    },
    {
      method: 'DELETE',
      template: '/v2/shipments',
      authStatus: 401,
      handle: async ({ account, body }) => {
        const ids = (await body()).shipmentIds;
        if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
          throw new HttpError(400, 'shipmentIds must be an array of shipment ids');
        }
        if (ids.length > MAX_DELETE) throw new HttpError(400, `At most ${MAX_DELETE} shipmentIds per request`);
        const result = deleteShipments(ctx, account, ids as string[]);
        return ok(result, `${result.deleted.length} deleted, ${result.archived.length} archived`);
      },
    },
    {
      method: 'PATCH',
      template: '/v2/shipments/{id}',
      authStatus: 401,
      handle: async ({ account, id, body }) => {
        const row = account.shipments.get(id ?? '');
        if (!row) throw new HttpError(404, `Shipment ${id} was not found`);
        const patch = await body();
        const extra = Object.keys(patch).filter((k) => k !== 'note');
        if (extra.length > 0) throw new HttpError(400, `Only note can be changed; not allowed: ${extra.join(', ')}`);
        if (!('note' in patch)) throw new HttpError(400, 'note is required');
        const note = patch.note;
        if (typeof note !== 'string') throw new HttpError(400, 'note must be a string');
        const length = [...note].length;
        if (length > NOTE_MAX_LENGTH) {
          throw new HttpError(400, `note must be at most ${NOTE_MAX_LENGTH} characters, got ${length}`);
        }
        row.note = note === '' ? null : note;
        row.updatedAt = ctx.now();
        return ok(shipmentRecord(ctx, row, false), note === '' ? 'Note deleted' : 'Note updated');
      },
    },
    {
      method: 'GET',
      template: '/v2/apikey',
      authStatus: 401,
      handle: ({ account }) =>
        ok(
          { creation_date: iso(account.creationDate), api_key: account.apiKey, requests_remaining_count: account.credits },
          'API key information',
        ),
    },
  ];
}
