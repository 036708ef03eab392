import { describe, expect, it } from 'vitest';
import { detectHeader, parseMapping, recogniseHeader } from './columns.js';
import { ImportError } from './errors.js';

describe('recogniseHeader', () => {
  const cases: [string, string | undefined][] = [
    // container
    ['Container', 'container'], ['CONTAINER NO.', 'container'], ['Container #', 'container'], ['Containers', 'container'],
    ['Cntr', 'container'], ['CTR No', 'container'], ['Equipment', 'container'], ['Container Number', 'container'],
    ['N° de conteneur', 'container'], ['Numéro de conteneur', 'container'], ['Containernummer', 'container'],
    ['Container-Nr.', 'container'], ['Contenedor', 'container'], ['Nº contenedor', 'container'], ['Número de contenedor', 'container'],
    // bill of lading
    ['B/L', 'bl'], ['BL', 'bl'], ['MBL', 'bl'], ['Bill of Lading', 'bl'], ['B/L No.', 'bl'], ['BL#', 'bl'],
    ['Connaissement', 'bl'], ['N° connaissement', 'bl'], ['Konnossement', 'bl'], ['Konnossementsnummer', 'bl'], ['B/L-Nummer', 'bl'],
    ['Conocimiento', 'bl'], ['Conocimiento de embarque', 'bl'], ['Número de BL', 'bl'],
    // booking
    ['Booking', 'booking'], ['Booking No', 'booking'], ['Booking Number', 'booking'], ['Réservation', 'booking'],
    ['N° de réservation', 'booking'], ['Buchung', 'booking'], ['Buchungsnummer', 'booking'], ['Reserva', 'booking'],
    // carrier
    ['Carrier', 'carrier'], ['Line', 'carrier'], ['Shipping Line', 'carrier'], ['SCAC', 'carrier'], ['Transporteur', 'carrier'],
    ['Armateur', 'carrier'], ['Compagnie maritime', 'carrier'], ['Reederei', 'carrier'], ['Naviera', 'carrier'], ['Línea', 'carrier'],
    // local fields with a known name
    ['Customer', 'customer'], ['Client', 'customer'], ['Kunde', 'customer'], ['Cliente', 'customer'],
    ['Consignee', 'consignee'], ['Destinataire', 'consignee'], ['Empfänger', 'consignee'], ['Consignatario', 'consignee'],
    ['PO', 'po'], ['P.O. No.', 'po'], ['Purchase Order', 'po'], ['Bon de commande', 'po'], ['Bestellung', 'po'], ['Orden de compra', 'po'],
    // reference (type inferred)
    ['Reference', 'reference'], ['Ref', 'reference'], ['Réf.', 'reference'], ['Référence', 'reference'], ['Referenz', 'reference'], ['Referencia', 'reference'],
    // not references
    ['Customer reference', undefined], ['Container type', undefined], ['ETA', undefined], ['', undefined], ['N°', undefined],
  ];
  it.each(cases)('%s → %s', (header, field) => {
    expect(recogniseHeader(header)).toBe(field);
  });
});

describe('detectHeader', () => {
  it('finds the header under title rows and merged-title leftovers', () => {
    const rows = [
      ['ACME Imports - week 12', '', '', ''],
      ['', '', '', ''],
      ['Container No.', 'B/L', 'Customer', 'Notes'],
      ['MSKU1234565', 'MAEU1', 'ACME', ''],
    ];
    const match = detectHeader(rows)!;
    expect(match.index).toBe(2);
    expect(match.mapping.map((m) => [m.column, m.role, m.field])).toEqual([
      ['A', 'container', 'container'],
      ['B', 'bl', 'bl'],
      ['C', 'local', 'customer'],
      ['D', 'local', 'Notes'],
    ]);
  });

  it('lets a manual mapping win over detection, case- and accent-insensitively', () => {
    const rows = [['Equipment #', 'Kunde', 'Notes', 'Ref']];
    const match = detectHeader(rows, { 'equipment #': 'container', KUNDE: 'customer', Notes: 'ignore', Ref: 'Dossier' })!;
    expect(match.mapping.map((m) => [m.header, m.role, m.field, m.source])).toEqual([
      ['Equipment #', 'container', 'container', 'override'],
      ['Kunde', 'local', 'customer', 'override'],
      ['Notes', 'ignore', 'ignore', 'override'],
      ['Ref', 'local', 'Dossier', 'override'],
    ]);
  });

  it('makes a header of unknown words usable through the mapping alone', () => {
    const match = detectHeader([['Box', 'Who']], { Box: 'container' })!;
    expect(match.mapping[0]!.role).toBe('container');
    expect(match.mapping[1]!.field).toBe('Who');
  });

  it('refuses a mapping that names a column the header does not have', () => {
    expect(() => detectHeader([['Container', 'Kunde']], { Kundennummer: 'customer' })).toThrowError(ImportError);
    expect(() => detectHeader([['Container', 'Kunde']], { Kundennummer: 'customer' })).toThrowError(/"Kundennummer", which is not in the header row \(row 1: Container, Kunde\)/);
  });

  it('takes a bare list of container numbers as a headerless container column', () => {
    const match = detectHeader([['MSKU1234565'], ['cmau 300001-4'], ['']])!;
    expect(match.index).toBe(-1);
    expect(match.mapping).toEqual([{ index: 0, column: 'A', header: 'Column A', role: 'container', field: 'container', source: 'detected' }]);
  });

  it('gives up on rows without any reference column', () => {
    expect(detectHeader([['Name', 'Address'], ['ACME', 'Main St']])).toBeNull();
  });

  it('names two local columns with the same header apart', () => {
    const match = detectHeader([['Container', 'Notes', 'Notes']])!;
    expect(match.mapping.map((m) => m.field)).toEqual(['container', 'Notes', 'Notes (C)']);
  });
});

describe('parseMapping', () => {
  it('reads --map arguments', () => {
    expect(parseMapping(['Equipment #=container', ' Kunde = customer', 'a=b=ignore'])).toEqual({ 'Equipment #': 'container', Kunde: 'customer', 'a=b': 'ignore' });
    expect(() => parseMapping(['Container'])).toThrowError(/^"Container" is not a column mapping/);
  });
});
