/** The feed, grouped by day, newest first; each change opens its shipment. */
import type { FeedItem } from '../../shared/contract';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useClock } from '../state/clock';
import { useDetail } from '../state/detail';
import { useUi } from '../state/ui';
import { describeFeedItem, groupByDay } from './feed-items';

function openShipment(id: number): void {
  useDetail.getState().open(id);
  useUi.getState().setView('shipments');
}

function FeedRow({ item, isNew, now }: { item: FeedItem; isNew: boolean; now: number }) {
  const text = describeFeedItem(item);
  const direction = item.etaMoveDays === null || item.etaMoveDays === 0 ? '' : item.etaMoveDays > 0 ? ' eta-move-later' : ' eta-move-earlier';
  return (
    <li className={`feed-item feed-${item.kind}${isNew ? ' is-new' : ''}`}>
      <button
        type="button"
        className="feed-open"
        aria-label={`${text.spoken}${isNew ? ' (new)' : ''}. Open ${item.reference}`}
        onClick={() => openShipment(item.shipmentId)}
      >
        <span className="feed-kind">
          {text.title}
          {text.move && <span className={`eta-move feed-move${direction}`}>{text.move}</span>}
        </span>
        <span className="feed-ref">{item.reference}</span>
        <span className="feed-detail" title={text.detail}>
          {text.detail}
        </span>
        <span className="feed-when">
          {isNew && <span className="badge badge-new">New</span>}
          <span title={absoluteTime(item.at)}>{relativeTime(item.at, now)}</span>
        </span>
      </button>
    </li>
  );
}

export function FeedList({ items, seenUpTo }: { items: readonly FeedItem[]; seenUpTo: number }) {
  const now = useClock((s) => s.now);
  return (
    <>
      {groupByDay(items, now).map((day) => (
        <section key={day.key} aria-labelledby={`feed-day-${day.key}`}>
          <h2 className="feed-day" id={`feed-day-${day.key}`}>
            {day.label}
          </h2>
          <ol className="feed-list" aria-label={`Changes seen ${day.label === day.day ? `on ${day.day}` : day.label.toLowerCase()}`}>
            {day.items.map((item) => (
              <FeedRow key={item.id} item={item} isNew={item.id > seenUpTo} now={now} />
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
