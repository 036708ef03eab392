/**
 * The service's webhook event types in a forwarder's words; the type itself (what a developer
 * configures the receiving system for) stays in a tooltip. A type this version does not know is
 * said by the description the service gave, else as it came.
 */
const EVENT_WORDS: Record<string, string> = {
  'tracking.eta_update': 'An ETA moved',
  'tracking.history_update': 'A new event (gate in, loaded, discharged…)',
  'tracking.info_found': 'The carrier found data for a reference',
  'tracking.info_not_found': 'The carrier has no data for a reference',
  'tracking.auto_archiving': 'The service stopped tracking shipments (archived)',
  'tracking.delivered': 'A shipment was delivered',
  'tracking.test': 'A test sent from Quayside (Send test)',
};

export function eventWords(type: string, description?: string | null): string {
  return EVENT_WORDS[type] ?? (description?.trim() || type);
}
