/**
 * Canned payloads shaped as the service's interface, section 2, gives them, for the client's tests.
 * Each function returns a fresh object so a test may break one field of it.
 */
export const KEY = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
export const TRACKING_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
export const TASK_ID = '0c9e8d7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f';
export const WEBHOOK_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

export function trackingData(): Record<string, unknown> {
  return {
    summary: {
      origin: { location: 1, terminal: null, date: '2024-03-01 08:00:00' },
      pol: { location: 1, terminal: 10, date: '2024-03-02 14:30:00' },
      pod: { location: 2, terminal: 20, date: '2024-04-05 06:00:00' },
      destination: { location: 2, terminal: null, date: null },
      company: { name: 'Maersk', full_name: 'Maersk Line', url: 'https://www.maersk.com', scacs: ['MAEU', 'SEAU'] },
    },
    locations: [
      { id: 1, name: 'Shanghai', state: null, terminal: null, country: 'CN', lat: 31.23, lng: 121.47 },
      { id: 2, name: 'Rotterdam', state: 'South Holland', terminal: null, country: 'NL', lat: 51.92, lng: 4.48 },
    ],
    terminals: [
      { id: 10, name: 'Yangshan Phase IV' },
      { id: 20, name: 'APM Terminals Maasvlakte II' },
    ],
    containers: [
      {
        number: 'MSKU1234565',
        type: "40' HIGH CUBE",
        events: [
          { location: 2, terminal: 20, status: 'Vessel arrival', status_code: 'VAD', date: '2024-04-05 06:00:00', actual: false, vessel: 'MAERSK ESSEN', voyage: '412W' },
          { location: 1, terminal: 10, status: 'Loaded', status_code: 'CLL', date: '2024-03-02 14:30:00', actual: true, vessel: 'MAERSK ESSEN', voyage: '412W' },
          { location: 1, terminal: 10, status: 'Gate in', status_code: 'CGI', date: '2024-03-01 08:00:00', actual: true, vessel: null, voyage: null },
        ],
      },
    ],
    route_info: null,
    shipment_status: 'IN_TRANSIT',
    references: { booking_numbers: ['BK123'], bill_of_lading_numbers: [] },
    tracking_metadata: {
      id: TRACKING_ID,
      end_date: null,
      status: 'ACTIVE',
      note: null,
      created_at: '2024-03-03T10:00:00.000Z',
      updated_at: '2024-03-03T10:00:00.000Z',
    },
  };
}

export function routeInfo(): Record<string, unknown> {
  return {
    route: [{ path: [[31.23, 121.47], [1.29, 103.85], [51.92, 4.48]], type: 'sea' }],
    current_position: [1.29, 103.85],
    last_updated: '2024-03-20T12:00:00.000Z',
    course: 271.5,
  };
}

export function requestEcho(): Record<string, unknown> {
  return { track_number: { type: 'container', value: 'MSKU1234565' }, company: 'MAEU' };
}

export function trackingResponse(data: unknown = trackingData()): Record<string, unknown> {
  return { success: true, data, status: 'OK', status_description: 'Tracking data found', request: requestEcho() };
}

export function notFoundResponse(): Record<string, unknown> {
  return {
    success: true,
    data: null,
    status: 'INFO_NOT_FOUND',
    status_description: 'No tracking information was found',
    request: requestEcho(),
  };
}

export function shipmentRecord(): Record<string, unknown> {
  const data = trackingData();
  delete data.tracking_metadata;
  return {
    id: TRACKING_ID,
    tracked_item: {
      track_number: 'MSKU1234565',
      track_number_type: 'container',
      company_id: 7,
      data: { success: true, data, status: 'OK', status_description: 'Tracking data found' },
      updated_at: '2024-03-03T10:00:00.000Z',
      checked_at: '2024-03-03T10:00:00.000Z',
      company_name: 'Maersk Line',
    },
    start_date: '2024-03-03T10:00:00.000Z',
    end_date: '2024-06-03T10:00:00.000Z',
    status: 'ACTIVE',
    note: 'Customer A',
    created_at: '2024-03-03T10:00:00.000Z',
    track_number: 'MSKU1234565',
  };
}

export function page(items: unknown[], extraMeta: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    data: items,
    meta: {
      itemsPerPage: 50,
      totalItems: items.length,
      currentPage: 1,
      totalPages: 1,
      sortBy: [['created_at', 'DESC'], ['id', 'DESC']],
      filter: {},
      ...extraMeta,
    },
    links: {
      first: '/v2/shipments?page=1&limit=50',
      previous: null,
      current: '/v2/shipments?page=1&limit=50',
      next: null,
      last: '/v2/shipments?page=1&limit=50',
    },
  };
}

export function webhook(withSecret = false): Record<string, unknown> {
  return {
    id: WEBHOOK_ID,
    callback_url: 'https://example.com/hooks/tracking',
    is_active: true,
    event_types: ['tracking.delivered', 'tracking.eta_update'],
    created_at: '2024-03-03T10:00:00.000Z',
    updated_at: '2024-03-03T10:00:00.000Z',
    ...(withSecret ? { secret: 'abcdefghij_KLMNOPQ-123' } : {}),
  };
}

export function delivery(): Record<string, unknown> {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    webhook_id: WEBHOOK_ID,
    event_type: 'tracking.delivered',
    payload: { id: 'ev-1', type: 'tracking.delivered', changes: [] },
    status: 'failed',
    attempt_count: 5,
    next_attempt_at: null,
    delivered_at: null,
    created_at: '2024-03-03T10:00:00.000Z',
    webhook: webhook(),
    attempts: [
      {
        id: 'a1',
        notification_id: '11111111-2222-4333-8444-555555555555',
        attempt_number: 1,
        http_status: 500,
        error_message: 'Internal Server Error',
        attempted_at: '2024-03-03T10:00:01.000Z',
      },
    ],
  };
}

export function ok(data: unknown, description: string | undefined = 'OK'): Record<string, unknown> {
  return description === undefined
    ? { success: true, data, status: 'OK' }
    : { success: true, data, status: 'OK', status_description: description };
}
