/**
 * The feed as a coordinator reads it: a day at a time, newest first, and within a day one box per
 * shipment (its reference, carrier, POD and customer) with what changed, in words; the service's
 * codes are in each line's tooltip. A box opens its shipment.
 */
import type { FeedItem } from '../../shared/contract';
import { carrierText } from '../lib/format';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { useClock } from '../state/clock';
import { useDetail } from '../state/detail';
import { useUi } from '../state/ui';
import { describeFeedItem, groupByDay, groupByShipment } from './feed-items';

function openShipment(id: number): void {
  useDetail.getState().open(id);
  useUi.getState().setView('shipments');
}

function ChangeLine({ item, isNew, now }: { item: FeedItem; isNew: boolean; now: number }) {
  const text = describeFeedItem(item);
  const direction = item.etaMoveDays === null || item.etaMoveDays === 0 ? '' : item.etaMoveDays > 0 ? ' eta-move-later' : ' eta-move-earlier';
  return (
    <li className={`feed-item feed-${item.kind}${isNew ? ' is-new' : ''}`} title={text.code ? `As the service says it: ${text.code}` : undefined}>
      <span className="feed-kind">
        {text.title}
        {text.move && <span className={`eta-move feed-move${direction}`}>{text.move}</span>}
      </span>
      <span className="feed-detail">{text.detail}</span>
      <span className="feed-when">
        {isNew && <span className="badge badge-new">New</span>}
        <span title={absoluteTime(item.at)}>{relativeTime(item.at, now)}</span>
      </span>
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
          <ol className="feed-shipments" aria-label={`Shipments that changed ${day.label === day.day ? `on ${day.day}` : day.label.toLowerCase()}`}>
            {groupByShipment(day.items).map((group) => {
              const first = group.items[0]!;
              const unseen = group.items.filter((i) => i.id > seenUpTo).length;
              const spoken = group.items.map((i) => describeFeedItem(i).spoken.replace(`${first.reference}: `, '')).join('; ');
              return (
                <li key={group.shipmentId} className={`feed-shipment${unseen > 0 ? ' has-new' : ''}`} data-testid="feed-shipment">
                  <button
                    type="button"
                    className="feed-open"
                    aria-label={`${first.reference}: ${spoken}${unseen > 0 ? ` (${unseen} new)` : ''}. Open ${first.reference}`}
                    onClick={() => openShipment(group.shipmentId)}
                  >
                    <span className="feed-ref mono">{first.reference}</span>
                    {first.carrier && carrierText(first.carrier) && <span className="feed-meta">{carrierText(first.carrier)}</span>}
                    {first.customer && <span className="feed-meta feed-customer">{first.customer}</span>}
                    <span className="feed-count muted">{group.items.length === 1 ? '1 change' : `${group.items.length} changes`}</span>
                  </button>
                  <ol className="feed-list" aria-label={`Changes of ${first.reference}`}>
                    {group.items.map((item) => (
                      <ChangeLine key={item.id} item={item} isNew={item.id > seenUpTo} now={now} />
                    ))}
                  </ol>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </>
  );
}
