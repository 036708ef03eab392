/**
 * Header detection and column mapping. A header cell is recognised by the words forwarders use,
 * in English, French, German and Spanish (case- and accent-insensitive, "No."/"Nr."/"N°"/"#"
 * and plurals ignored); a manual mapping wins over detection.
 */
import { fieldKey } from '../../../../shared/field-names.js';
import { ImportError } from './errors.js';
import { columnLetter, isPlaceholder, normaliseReference, normaliseWords } from './normalise.js';
import type { ColumnMapping, ColumnRole, MappingOverride, ReferenceRole } from './types.js';

type DetectedField = ReferenceRole | 'carrier' | 'customer' | 'consignee' | 'po';

const SYNONYMS: Record<DetectedField, readonly string[]> = {
  container: [
    'container', 'cntr', 'ctr', 'ctnr', 'cont', 'equipment', 'equipment id', 'container id', 'container number',
    'conteneur', 'containernummer', 'containernr', 'behalter', 'contenedor', 'contenitore',
  ],
  bl: [
    'b l', 'bl', 'mbl', 'mb l', 'bol', 'mbol', 'master bl', 'master b l', 'ocean bl', 'bill of lading',
    'master bill of lading', 'connaissement', 'konnossement', 'konossement', 'conocimiento',
    'conocimiento de embarque', 'conocimiento embarque', 'polizza di carico',
  ],
  booking: [
    'booking', 'bkg', 'booking ref', 'booking reference', 'booking confirmation', 'reservation', 'buchung',
    'buchungsnummer', 'buchungsnr', 'reserva', 'booking maritimo', 'prenotazione',
  ],
  reference: [
    'reference', 'ref', 'reference number', 'referenz', 'referencia', 'tracking', 'tracking number',
    'tracking no', 'track number', 'suivi', 'numero de suivi', 'sendungsverfolgung',
  ],
  carrier: [
    'carrier', 'line', 'shipping line', 'ocean carrier', 'scac', 'scac code', 'carrier scac', 'carrier name',
    'shipping company', 'steamship line', 'ssl', 'transporteur', 'armateur', 'compagnie maritime', 'compagnie',
    'reederei', 'carrier reederei', 'naviera', 'linea', 'linea naviera', 'compania naviera', 'transportista',
  ],
  customer: ['customer', 'customer name', 'client', 'client name', 'nom du client', 'kunde', 'kundenname', 'cliente'],
  consignee: ['consignee', 'destinataire', 'empfanger', 'empfaenger', 'consignatario'],
  po: [
    'po', 'p o', 'purchase order', 'bon de commande', 'commande', 'bestellung', 'bestellnummer', 'bestellnr',
    'orden de compra', 'pedido',
  ],
};

/** "No.", "Nr.", "N°", "#", "number", "nummer", "número", "numéro" around the words. */
const NUMBER_WORDS = new Set(['no', 'nr', 'n', 'num', 'nbr', 'number', 'numbers', 'nummer', 'numero', 'numeros', 'nro', 'id']);
const LINK_WORDS = new Set(['de', 'du', 'des', 'del', 'd', 'of', 'the']);

const LOOKUP: Map<string, DetectedField> = (() => {
  const map = new Map<string, DetectedField>();
  for (const [field, words] of Object.entries(SYNONYMS) as [DetectedField, readonly string[]][]) {
    for (const word of words) map.set(word.replace(/ /g, ''), field);
  }
  return map;
})();

function lookup(tokens: string[]): DetectedField | undefined {
  if (tokens.length === 0) return undefined;
  const key = tokens.join('');
  return LOOKUP.get(key) ?? (key.endsWith('s') ? LOOKUP.get(key.slice(0, -1)) : undefined);
}

/** The field a header cell names, or undefined. */
export function recogniseHeader(text: string): DetectedField | undefined {
  const tokens = normaliseWords(text).split(' ').filter((t) => t !== '');
  const direct = lookup(tokens);
  if (direct) return direct;
  let start = 0;
  let end = tokens.length;
  while (end > start && NUMBER_WORDS.has(tokens[end - 1]!)) end--;
  while (start < end && NUMBER_WORDS.has(tokens[start]!)) {
    start++;
    while (start < end && LINK_WORDS.has(tokens[start]!)) start++;
  }
  const core = tokens.slice(start, end);
  const stripped = lookup(core);
  if (stripped) return stripped;
  // German compounds: "Containernummer", "Buchungsnummer", "Konnossementsnr".
  if (core.length === 1) {
    const compound = /^(.+?)s?(?:nummer|nr)$/.exec(core[0]!);
    if (compound) return lookup([compound[1]!]);
  }
  return undefined;
}

const FIELD_ALIASES: Record<string, ColumnRole> = {
  container: 'container', cn: 'container', cntr: 'container',
  bl: 'bl', 'b/l': 'bl', bol: 'bl', mbl: 'bl',
  booking: 'booking', bk: 'booking', bkg: 'booking',
  reference: 'reference', ref: 'reference',
  carrier: 'carrier', scac: 'carrier',
  ignore: 'ignore', skip: 'ignore', '-': 'ignore',
};

const LOCAL_KEYS: Partial<Record<DetectedField, string>> = { customer: 'customer', consignee: 'consignee', po: 'po' };

function roleOf(field: DetectedField): ColumnRole {
  return field in LOCAL_KEYS ? 'local' : (field as ColumnRole);
}

export interface HeaderMatch {
  /** 0-based index of the header row in the rows searched; -1 for a headerless list. */
  index: number;
  mapping: ColumnMapping[];
  score: number;
}

function isReferenceRole(role: ColumnRole): boolean {
  return role === 'container' || role === 'bl' || role === 'booking' || role === 'reference';
}

function overrideFor(header: string, overrides: Map<string, string>): string | undefined {
  return overrides.get(header.trim()) ?? overrides.get(normaliseWords(header));
}

function mapRow(cells: readonly string[], overrides: Map<string, string>): ColumnMapping[] {
  const mapping: ColumnMapping[] = [];
  const usedKeys = new Set<string>();
  cells.forEach((cell, index) => {
    const header = cell.trim();
    const column = columnLetter(index);
    const override = header === '' ? undefined : overrideFor(header, overrides);
    let role: ColumnRole;
    let field: string;
    let source: ColumnMapping['source'] = 'detected';
    if (override !== undefined) {
      source = 'override';
      role = FIELD_ALIASES[override.trim().toLowerCase()] ?? 'local';
      field = role === 'local' ? override.trim() : role;
    } else {
      if (header === '') return;
      const detected = recogniseHeader(header);
      role = detected ? roleOf(detected) : 'local';
      field = detected && role === 'local' ? LOCAL_KEYS[detected]! : role === 'local' ? header : role;
    }
    if (role === 'local') {
      // One field per name: "PO" and "po" in one sheet are two columns, so the second is named by its letter.
      if (usedKeys.has(fieldKey(field))) field = `${field} (${column})`;
      usedKeys.add(fieldKey(field));
    }
    mapping.push({ index, column, header: header === '' ? `Column ${column}` : header, role, field, source });
  });
  return mapping;
}

function scoreOf(mapping: readonly ColumnMapping[]): number {
  let score = 0;
  let references = 0;
  for (const m of mapping) {
    if (m.source === 'override') score += 3;
    else if (m.role !== 'local') score += 1;
    else if (m.field !== m.header) score += 1;
    if (isReferenceRole(m.role)) references++;
  }
  return references === 0 ? 0 : score + 2 * references;
}

const CONTAINER_SHAPE = /^[A-Z]{3}[UJZ]\d{7}$/;

/** A file with no header: the column where most values are container numbers. */
function headerlessContainerColumn(rows: readonly (readonly string[])[]): number {
  const hits = new Map<number, number>();
  let filled = 0;
  for (const row of rows) {
    let any = false;
    row.forEach((cell, i) => {
      if (isPlaceholder(cell)) return;
      any = true;
      if (CONTAINER_SHAPE.test(normaliseReference(cell))) hits.set(i, (hits.get(i) ?? 0) + 1);
    });
    if (any) filled++;
  }
  let best = -1;
  let bestHits = 0;
  for (const [i, n] of hits) if (n > bestHits) [best, bestHits] = [i, n];
  return filled > 0 && bestHits >= Math.max(1, filled * 0.6) ? best : -1;
}

/** Finds the header among the given leading rows, or returns null. Throws on a bad override. */
export function detectHeader(rows: readonly (readonly string[])[], overrideInput: MappingOverride = {}): HeaderMatch | null {
  const overrides = new Map<string, string>();
  for (const [header, field] of Object.entries(overrideInput)) {
    overrides.set(header.trim(), field);
    overrides.set(normaliseWords(header), field);
  }
  let best: HeaderMatch | null = null;
  rows.forEach((cells, index) => {
    const mapping = mapRow(cells, overrides);
    const score = scoreOf(mapping);
    if (score > 0 && (!best || score > best.score)) best = { index, mapping, score };
  });
  if (best === null) {
    const column = headerlessContainerColumn(rows);
    if (column === -1) return null;
    const letter = columnLetter(column);
    return { index: -1, score: 0, mapping: [{ index: column, column: letter, header: `Column ${letter}`, role: 'container', field: 'container', source: 'detected' }] };
  }
  const found: HeaderMatch = best;
  const missing = Object.keys(overrideInput).filter(
    (header) => !found.mapping.some((m) => m.source === 'override' && (m.header === header.trim() || normaliseWords(m.header) === normaliseWords(header))),
  );
  if (missing.length > 0) {
    const headers = found.mapping.map((m) => m.header).join(', ');
    throw new ImportError('bad-mapping', `The mapping names ${missing.map((h) => `"${h}"`).join(', ')}, which is not in the header row (row ${found.index + 1}: ${headers}); use the header text as written.`);
  }
  return found;
}

/** The ImportError for a file whose header cannot be found. */
export function noHeaderError(searched: number, where = ''): ImportError {
  return new ImportError(
    'no-header',
    `No header row found in the first ${searched} rows${where}; name the column with the numbers "Container", "B/L" or "Booking" (English, French, German or Spanish), or say by hand which header holds them (in the terminal: --map "Header=container").`,
  );
}

/** `--map` arguments ("Equipment #=container", "Kunde=customer", "Notes=ignore") to a mapping. */
export function parseMapping(specs: readonly string[]): MappingOverride {
  const mapping: MappingOverride = {};
  for (const spec of specs) {
    const at = spec.lastIndexOf('=');
    const header = spec.slice(0, at).trim();
    const field = spec.slice(at + 1).trim();
    if (at === -1 || header === '' || field === '') {
      throw new ImportError('bad-mapping', `"${spec}" is not a column mapping; write it as "Header=field", e.g. "Equipment #=container" or "Notes=ignore".`);
    }
    mapping[header] = field;
  }
  return mapping;
}
