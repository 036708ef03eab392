/**
 * The carrier for rows that name none (the `--carrier` of `quayside import`). Without it,
 * containers go to the service as AUTO (it finds the carrier) and B/L and booking numbers are
 * refused: the service needs a carrier for them.
 */
import { useEffect, useState } from 'react';
import type { CarrierView } from '../../shared/contract';
import { call, messageOf } from '../api/call';
import { useImports } from '../state/imports';

export function DefaultCarrier() {
  const carrier = useImports((s) => s.carrier);
  const setCarrier = useImports((s) => s.setCarrier);
  const [carriers, setCarriers] = useState<CarrierView[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    call('settings.carriers', { refresh: false }).then(
      (d) => live && setCarriers([...d.carriers].sort((a, b) => a.name.localeCompare(b.name))),
      (err: unknown) => live && setError(messageOf(err)),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="import-default-carrier">
      <label className="field">
        <span className="field-label">Default carrier, for rows without one</span>
        <select className="select input" value={carrier} disabled={!carriers} onChange={(e) => setCarrier(e.target.value)}>
          <option value="">None: the service finds the carrier of a container; a B/L or booking needs one</option>
          {carriers?.map((c) => (
            <option key={c.scac} value={c.scac}>
              {c.name} ({c.scac})
            </option>
          ))}
        </select>
      </label>
      {error && <p className="muted small">The carrier list could not be read: {error}</p>}
    </div>
  );
}
