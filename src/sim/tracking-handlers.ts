/** GET /v2/companies, GET /v2/tracking, POST and GET /v2/tracking/batch. */
import { CARRIERS } from './carriers.js';
import { HttpError, boolParam, isUuid, ok } from './http-util.js';
import type { Route, Services } from './route-types.js';
import { trackOne, validateTrackInput, type TrackInput } from './shipments.js';

const MAX_BATCH = 500;

function batchItem(raw: unknown, index: number): TrackInput {
  const where = `tracked_items[${index}]`;
  if (typeof raw !== 'object' || raw === null) throw new HttpError(400, `${where} must be an object`);
  const item = raw as Record<string, unknown>;
  const trackNumber = item.track_number as Record<string, unknown> | undefined;
  if (typeof item.company !== 'string') throw new HttpError(400, `${where}.company must be a string`);
  if (typeof trackNumber !== 'object' || trackNumber === null) throw new HttpError(400, `${where}.track_number is required`);
  if (typeof trackNumber.value !== 'string') throw new HttpError(400, `${where}.track_number.value must be a string`);
  if (typeof trackNumber.type !== 'string') throw new HttpError(400, `${where}.track_number.type must be a string`);
  return { company: item.company, type: trackNumber.type, value: trackNumber.value };
}

export function trackingRoutes({ ctx, batches }: Services): Route[] {
  return [
    {
      method: 'GET',
      template: '/v2/companies',
      authStatus: 401,
      handle: () => {
        const data: Record<string, { scac: string; cn: boolean; bl: boolean; bk: boolean }> = {};
        for (const c of CARRIERS) data[c.fullName] = { scac: c.scac, cn: c.cn, bl: c.bl, bk: c.bk };
        return { success: true, data, status: 'OK' };
      },
    },
    {
      method: 'GET',
      template: '/v2/tracking',
      authStatus: 401,
      handle: ({ params, account }) => {
        const input: TrackInput = {
          company: params.get('company') ?? '',
          type: params.get('type') ?? '',
          value: params.get('value') ?? '',
        };
        const needRoute = boolParam(params, 'need_route');
        boolParam(params, 'force_update');
        const carrier = validateTrackInput(ctx, input);
        return trackOne(ctx, account, input, carrier, needRoute);
      },
    },
    {
      method: 'POST',
      template: '/v2/tracking/batch',
      authStatus: 403,
      handle: async ({ params, account, body }) => {
        const needRoute = boolParam(params, 'need_route');
        const items = (await body()).tracked_items;
        if (!Array.isArray(items)) throw new HttpError(400, 'tracked_items must be an array');
        if (items.length < 1 || items.length > MAX_BATCH) {
          throw new HttpError(400, `tracked_items must hold 1 to ${MAX_BATCH} items, got ${items.length}`);
        }
        const checked = items.map((raw, i) => {
          const input = batchItem(raw, i);
          try {
            return { input, carrier: validateTrackInput(ctx, input) };
          } catch (err) {
            if (err instanceof HttpError) throw new HttpError(400, `tracked_items[${i}]: ${err.description}`);
            throw err;
          }
        });
        return { success: true, data: { task_id: batches.create(account, checked, needRoute) }, status: 'OK' };
      },
    },
    {
      method: 'GET',
      template: '/v2/tracking/batch',
      authStatus: 403,
      handle: ({ params, account }) => {
        const taskId = params.get('task_id');
        if (!taskId) throw new HttpError(400, 'task_id is required');
        if (!isUuid(taskId)) throw new HttpError(400, 'task_id must be a uuid');
        const task = batches.get(account, taskId);
        if (!task) throw new HttpError(400, `Task ${taskId} was not found; task data is kept for 6 hours`);
        return ok(task);
      },
    },
  ];
}
