/**
 * In a team, which desk's import gave the shipment its imported columns, and when they reached
 * the team (with the sets they replaced in the title). Asked of the team database when the detail
 * shows the columns; says nothing in no team or while the team database cannot be reached.
 */
import { useEffect, useState } from 'react';
import type { FieldsOrigin as Origin } from '../../shared/contract';
import { call } from '../api/call';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useClock } from '../state/clock';
import { useTeam } from '../state/team';

export function FieldsOrigin({ shipmentId, fieldsKey }: { shipmentId: number; fieldsKey: string }) {
  const inTeam = useTeam((s) => Boolean(s.view?.team));
  const now = useClock((c) => c.now);
  const [origin, setOrigin] = useState<Origin | null>(null);

  useEffect(() => {
    setOrigin(null);
    if (!inTeam) return;
    const abort = new AbortController();
    call('team.fieldsOrigin', { shipmentId }, { signal: abort.signal }).then(
      (o) => !abort.signal.aborted && setOrigin(o),
      () => undefined, // Not knowing who imported the columns is no error to show.
    );
    return () => abort.abort();
  }, [shipmentId, fieldsKey, inTeam]);

  if (!origin) return null;
  const earlier = origin.earlier.map((e) => `${e.desk}, ${absoluteTime(e.changedAt)}`).join('\n');
  return (
    <>
      <dt>Columns imported by</dt>
      <dd title={earlier ? `Replaced sets, newest first:\n${earlier}` : absoluteTime(origin.changedAt)}>
        {origin.desk} <span className="muted">({relativeTime(origin.changedAt, now)}{origin.earlier.length > 0 ? `; before that ${origin.earlier[0]!.desk}` : ''})</span>
      </dd>
    </>
  );
}
