import { describe, expect, it } from 'vitest';
import { WORDING } from './index.js';

describe('counts in a customer\'s mail', () => {
  it('is what every language of a customer\'s mail says for 1 and 2', () => {
    const said = (n: number) => [WORDING.en.etaNews('delayed', n), WORDING.de.etaNews('delayed', n), WORDING.fr.etaNews('delayed', n), WORDING.es.etaNews('delayed', n)];
    expect(said(1)).toEqual(['Delayed 1 day', '1 Tag verspätet', 'Retardé de 1 jour', 'Retrasado 1 día']);
    expect(said(2)).toEqual(['Delayed 2 days', '2 Tage verspätet', 'Retardé de 2 jours', 'Retrasado 2 días']);
    expect(WORDING.fr.noData(0)).toBe('Pas encore de données du transporteur, 0 jour après le début du suivi');
    expect([1, 2].map((n) => WORDING.de.subject('delayed', n, 'shipment'))).toEqual(['1 Sendung verspätet', '2 Sendungen verspätet']);
    expect([1, 2].map((n) => WORDING.fr.subject('arrived', n, 'container'))).toEqual(['1 conteneur arrivé', '2 conteneurs arrivés']);
  });
});
