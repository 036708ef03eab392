/**
 * The demurrage clock where a shipment is shown (table, detail, Attention view): the last free day
 * as a naive date on the POD's calendar and the days left, counted on the desk's calendar. No
 * last free day (no free days set, not arrived, delivered): nothing, never a guess.
 */
import { daysLeft, daysLeftText, deskDay } from '../../shared/free-time';
import { useDates } from '../lib/dates';

function freeTimeTone(days: number): 'over' | 'due' | 'ok' {
  return days < 0 ? 'over' : days <= 1 ? 'due' : 'ok';
}

export function FreeTime({ lastFreeDay, nowMs, long = false }: { lastFreeDay: string | null; nowMs: number; long?: boolean }) {
  const dates = useDates();
  const days = daysLeft(lastFreeDay, deskDay(new Date(nowMs)));
  if (lastFreeDay === null || days === null) return null;
  const day = dates.day(lastFreeDay);
  const text = daysLeftText(days);
  const short = days === 0 ? 'last day' : days > 0 ? `${days} d left` : `${-days} d over`;
  return (
    <span className={`free-time free-time-${freeTimeTone(days)}`} title={`Last free day ${day} (port local): ${text}`}>
      {long ? (
        <>
          Last free day <span className="date">{day}</span>, {text}
        </>
      ) : (
        <>
          <span className="mono date">{day}</span> · {short}
        </>
      )}
    </span>
  );
}
