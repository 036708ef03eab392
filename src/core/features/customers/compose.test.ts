import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acmeWeek48, actualEvent, customerRule, customerShipment } from '../../../../test/support/customer-shipments.js';
import { composeUpdate, type ComposedUpdate, type UpdateInput } from './compose.js';

function compose(patch: Partial<UpdateInput> = {}): Extract<ComposedUpdate, { state: 'update' }> {
  const update = composeUpdate({ rule: customerRule(), shipments: acmeWeek48(), today: '2026-11-24', previousUpdateDay: '2026-11-17', signature: 'Nordhafen Logistik', ...patch });
  if (update.state !== 'update') throw new Error('expected an update');
  return update;
}

const TZ = process.env.TZ;
beforeEach(() => {
  // A zone far from UTC: a date shifted by a conversion anywhere would show up as another day.
  process.env.TZ = 'Pacific/Kiritimati';
});
afterEach(() => {
  process.env.TZ = TZ;
});

describe('composing a customer update', () => {
  it('says the most important thing in the subject, in English', () => {
    const update = compose();
    expect(update.subject).toBe('2 containers delayed, 1 arrived: ACME GmbH, week 48');
    expect(update.changes).toBe(3);
    expect(update.told.map((t) => t.shipmentId)).toEqual([2, 1, 3]);
  });

  it('writes one line per shipment with news: their reference, the container, the vessel, the ETA as given and against the first ETA', () => {
    const { text } = compose();
    const lines = text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toEqual([
      '- PO 4702 · MSKU1234502 · vessel not given: Delayed 2 days. ETA 30 Nov 2026 23:30 → 02 Dec 2026 23:30 (2 days later than the first ETA of 30 Nov 2026 23:30).',
      '- PO 4701 · MSKU1234501 · MAERSK SEVILLE: Delayed 3 days. ETA 01 Dec 2026 14:00 → 04 Dec 2026 08:00 (5 days later than the first ETA of 29 Nov 2026 06:00).',
      '- PO 4703 · MSKU1234503 · MAERSK SEVILLE: Arrived at Rotterdam on 24 Nov 2026 23:30. ETA 24 Nov 2026 23:30 (2 days later than the first ETA of 22 Nov 2026 05:00).',
    ]);
    // A move below the threshold (12 hours on the same day) and a shipment with nothing new are not mentioned.
    expect(text).not.toContain('PO 4704');
    expect(text).not.toContain('PO 4705');
    expect(text).toContain('here is the news on your shipments (ACME GmbH) since our update of 17 Nov 2026.');
    expect(text).toContain('Dates are local time at the port, as the carrier gives them.');
    expect(text.endsWith('Kind regards\nNordhafen Logistik\n')).toBe(true);
  });

  it('answers nothing-new when nothing passes the rule', () => {
    const rule = customerRule({ tell: { etaMovedDays: 5, arrived: false } });
    expect(composeUpdate({ rule, shipments: acmeWeek48(), today: '2026-11-24', previousUpdateDay: null, signature: '' })).toEqual({ state: 'nothing-new', customer: 'ACME GmbH' });
    expect(composeUpdate({ rule: customerRule(), shipments: [], today: '2026-11-24', previousUpdateDay: null, signature: '' }).state).toBe('nothing-new');
  });

  it('says missing data as missing, never as delivered', () => {
    const shipments = [
      customerShipment(7, { outcome: 'INFO_NOT_FOUND', daysWithoutData: 4, eta: { told: null, now: null, firstSeen: null }, vessel: null, customerReference: null }),
      customerShipment(8, { eta: { told: '2026-12-01T14:00:00', now: null, firstSeen: '2026-12-01T14:00:00' } }),
    ];
    const update = compose({ shipments });
    expect(update.subject).toBe('1 container without data from the carrier, 1 without an ETA: ACME GmbH, week 48');
    expect(update.text).toContain('- no reference given · MSKU1234507 · vessel not given: No data from the carrier yet, 4 days after tracking started. No ETA from the carrier.');
    expect(update.text).toContain('- PO 4708 · MSKU1234508 · MAERSK SEVILLE: ETA withdrawn by the carrier. No ETA from the carrier (previously 01 Dec 2026 14:00).');
    expect(update.text.toLowerCase()).not.toContain('deliver');
    expect(update.html.toLowerCase()).not.toContain('deliver');
    // Said once: the next update does not repeat it.
    expect(composeUpdate({ rule: customerRule(), shipments: [{ ...shipments[0]!, noDataTold: true }], today: '2026-11-25', previousUpdateDay: '2026-11-24', signature: '' }).state).toBe('nothing-new');
  });

  it('leaves out the reference column when none of the shipments told has a reference of the customer\'s', () => {
    const shipments = acmeWeek48().map((s) => ({ ...s, customerReference: null }));
    const { text, html } = compose({ shipments });
    const lines = text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines[0]).toBe('- MSKU1234502 · vessel not given: Delayed 2 days. ETA 30 Nov 2026 23:30 → 02 Dec 2026 23:30 (2 days later than the first ETA of 30 Nov 2026 23:30).');
    expect(text).not.toContain('no reference given');
    expect(html).not.toContain('Your reference');
    expect(html).not.toContain('no reference given');
    // With one reference among them, the column stays and the others say theirs is missing.
    const mixed = compose({ shipments: shipments.map((s, i) => (i === 0 ? { ...s, customerReference: 'PO 4701' } : s)) });
    expect(mixed.html).toContain('Your reference');
    expect(mixed.text).toContain('- no reference given · MSKU1234502');
  });

  it('tells the free time only when a clock is set and it is at or below the rule, and each time it drops', () => {
    const arrived = (daysLeft: number | null, told: number | null) =>
      customerShipment(9, { freeTime: daysLeft === null ? null : { daysLeft, lastFreeDay: '2026-11-26' }, freeTimeTold: told });
    expect(composeUpdate({ rule: customerRule(), shipments: [arrived(null, null)], today: '2026-11-24', previousUpdateDay: null, signature: '' }).state).toBe('nothing-new');
    expect(composeUpdate({ rule: customerRule(), shipments: [arrived(5, null)], today: '2026-11-24', previousUpdateDay: null, signature: '' }).state).toBe('nothing-new');
    const update = compose({ shipments: [arrived(2, null)] });
    expect(update.subject).toBe('1 container with free time running out: ACME GmbH, week 48');
    expect(update.text).toContain('2 free days left (last free day 26 Nov 2026)');
    expect(composeUpdate({ rule: customerRule(), shipments: [arrived(2, 2)], today: '2026-11-24', previousUpdateDay: null, signature: '' }).state).toBe('nothing-new');
    expect(compose({ shipments: [arrived(0, 2)] }).text).toContain('Last free day today (26 Nov 2026)');
    expect(compose({ shipments: [arrived(-2, 0)] }).text).toContain('Free time ended 2 days ago (last free day 26 Nov 2026)');
  });

  it('tells milestones only where they happened: CLL at the POL, VAD and CDD at the POD, CDC anywhere, CGO at the POD; expected events are not news', () => {
    const bl = customerShipment(10, {
      containers: ['MSKU1234510', 'TGHU1234567', 'CMAU7654321'],
      billOfLading: 'MAEU240012345',
      events: [
        actualEvent('CLL', 'pol', '2026-11-02T10:00:00', 'Shanghai', 'MSKU1234510'),
        actualEvent('VAD', 'transshipment', '2026-11-12T04:00:00', 'Singapore', 'MSKU1234510'),
        actualEvent('CDD', 'pod', '2026-11-24T06:15:00', 'Rotterdam', 'MSKU1234510'),
        actualEvent('CDD', 'pod', '2026-11-24T09:40:00', 'Rotterdam', 'TGHU1234567'),
        actualEvent('CGO', 'pod', null, null, 'MSKU1234510'),
        { ...actualEvent('CDC', 'destination', '2026-11-30T12:00:00', 'Duisburg', 'MSKU1234510'), actual: false },
        actualEvent('XYZ', 'pod', '2026-11-24T10:00:00', 'Rotterdam', 'MSKU1234510'),
      ],
    });
    const update = compose({ shipments: [bl] });
    // A gate-out is told as picked up, in the subject as in the body, never as delivered.
    expect(update.subject).toBe('1 shipment discharged, 1 picked up, 1 departed: ACME GmbH, week 48');
    expect(update.text).toContain(
      '- PO 4710 · B/L MAEU240012345 (MSKU1234510 +2 more) · MAERSK SEVILLE: Discharged at Rotterdam on 24 Nov 2026 09:40 (2 of 3 containers); Picked up at the port of discharge (date not given) (1 of 3 containers); Departed Shanghai on 02 Nov 2026 10:00 (1 of 3 containers). ETA 01 Dec 2026 14:00.',
    );
    expect(update.text).not.toContain('Singapore');
  });

  it('keeps dates exactly as the carrier gave them, whatever the desk\'s time zone', () => {
    const late = customerShipment(11, { eta: { told: '2026-12-31T23:59:00', now: '2027-01-03T00:00', firstSeen: '2026-12-31' } });
    const { text, html } = compose({ shipments: [late] });
    expect(text).toContain('Delayed 3 days. ETA 31 Dec 2026 23:59 → 03 Jan 2027 00:00 (3 days later than the first ETA of 31 Dec 2026).');
    // Each date whole on its line; the pair may break at the arrow, so a narrow window never cuts it.
    expect(html).toContain('<span style="white-space:nowrap">31 Dec 2026 23:59</span> → <span style="white-space:nowrap">03 Jan 2027 00:00</span>');
  });

  it('escapes a customer\'s cells in the HTML and keeps control characters out of both bodies and the subject', () => {
    const hostile = customerShipment(12, {
      customerReference: '<img src=x onerror=alert(1)>\r\nBcc: all@evil.example',
      vessel: '"MAERSK" & <b>SONS</b>',
      eta: { told: '2026-12-01', now: '2026-12-09', firstSeen: null },
    });
    const rule = customerRule({ name: 'Smith & <Sons> "Ltd"' });
    const { html, text, subject } = compose({ rule, shipments: [hostile] });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>SONS');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Bcc: all@evil.example');
    expect(html).toContain('&quot;MAERSK&quot; &amp; &lt;b&gt;SONS&lt;/b&gt;');
    expect(html).toContain('(Smith &amp; &lt;Sons&gt; &quot;Ltd&quot;)');
    expect(text).toContain('- <img src=x onerror=alert(1)> Bcc: all@evil.example · MSKU1234512');
    expect(subject).toBe('1 container delayed: Smith & <Sons> "Ltd", week 48');
    expect(text.split('\n').some((l) => l.startsWith('Bcc:'))).toBe(false);
  });

  it('names the attachment in the customer\'s language and counts their open shipments', () => {
    const shipments = [...acmeWeek48(), customerShipment(20, { open: false })];
    const update = compose({ rule: customerRule({ attachXlsx: true, language: 'de' }), shipments });
    expect(update.attachment).toEqual({ filename: 'ACME GmbH offene Sendungen 2026-11-24.xlsx', openShipmentIds: [1, 2, 3, 4, 5] });
    expect(update.text).toContain('Im Anhang: Ihre 5 offenen Sendungen als Excel-Datei.');
    expect(compose().attachment).toBeNull();
  });
});

describe('an update in each language', () => {
  it('English', () => {
    const { subject, html } = compose({ rule: customerRule({ language: 'en' }) });
    expect(subject).toBe('2 containers delayed, 1 arrived: ACME GmbH, week 48');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Your reference');
  });

  it('German', () => {
    const { subject, text, html } = compose({ rule: customerRule({ language: 'de' }) });
    expect(subject).toBe('2 Container verspätet, 1 angekommen: ACME GmbH, KW 48');
    expect(text).toContain('Guten Tag,\n\nhier die Neuigkeiten zu Ihren Sendungen (ACME GmbH) seit unserer Nachricht vom 17.11.2026.');
    expect(text).toContain('- PO 4701 · MSKU1234501 · MAERSK SEVILLE: 3 Tage verspätet. ETA 01.12.2026 14:00 → 04.12.2026 08:00 (5 Tage später als die erste ETA vom 29.11.2026 06:00).');
    expect(text).toContain('- PO 4702 · MSKU1234502 · Schiff nicht gemeldet: 2 Tage verspätet.');
    expect(text).toContain(': Angekommen in Rotterdam am 24.11.2026 23:30. ETA 24.11.2026 23:30');
    expect(text).toContain('Mit freundlichen Grüßen');
    expect(html).toContain('<html lang="de">');
  });

  it('French', () => {
    const { subject, text } = compose({ rule: customerRule({ language: 'fr' }) });
    expect(subject).toBe('2 conteneurs retardés, 1 arrivé : ACME GmbH, semaine 48');
    expect(text).toContain('voici les nouvelles de vos envois (ACME GmbH) depuis notre message du 17/11/2026.');
    expect(text).toContain(': Retardé de 3 jours. ETA 01/12/2026 14:00 → 04/12/2026 08:00 (5 jours de retard sur la première ETA du 29/11/2026 06:00).');
    expect(text).toContain(': Arrivé à Rotterdam le 24/11/2026 23:30. ETA');
    expect(text).toContain('navire non communiqué');
  });

  it('Spanish', () => {
    const { subject, text } = compose({ rule: customerRule({ language: 'es' }) });
    expect(subject).toBe('2 contenedores retrasados, 1 llegado: ACME GmbH, semana 48');
    expect(text).toContain('le enviamos las novedades de sus envíos (ACME GmbH) desde nuestra actualización del 17/11/2026.');
    expect(text).toContain(': Retrasado 3 días. ETA 01/12/2026 14:00 → 04/12/2026 08:00 (5 días de retraso respecto a la primera ETA del 29/11/2026 06:00).');
    expect(text).toContain(': Llegó a Rotterdam el 24/11/2026 23:30. ETA');
    expect(text).toContain('buque no indicado');
  });

  it('every language says missing data as missing and the free time in its words', () => {
    const shipments = [
      customerShipment(7, { outcome: 'INFO_NOT_FOUND', daysWithoutData: 1, eta: { told: null, now: null, firstSeen: null } }),
      customerShipment(9, { freeTime: { daysLeft: 1, lastFreeDay: '2026-11-25' } }),
    ];
    const rule = (language: 'en' | 'de' | 'fr' | 'es') => customerRule({ language, tell: { noDataDays: 1 } });
    expect(compose({ rule: rule('de'), shipments }).text).toMatch(/Noch 1 freier Tag \(letzter freier Tag 25\.11\.2026\)[\s\S]*: Noch keine Daten von der Reederei, 1 Tag nach Beginn der Verfolgung\. Keine ETA von der Reederei\./);
    expect(compose({ rule: rule('fr'), shipments }).text).toMatch(/Encore 1 jour de franchise[\s\S]*Pas encore de données du transporteur, 1 jour après le début du suivi/);
    expect(compose({ rule: rule('es'), shipments }).text).toMatch(/Queda 1 día libre[\s\S]*Aún sin datos de la naviera, 1 día después de iniciar el seguimiento/);
    expect(compose({ rule: rule('en'), shipments }).subject).toBe('1 container with free time running out, 1 without data from the carrier: ACME GmbH, week 48');
  });
});
