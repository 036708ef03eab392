/**
 * Counts next to a navigation entry: unseen changes on "Changes", shipments needing attention
 * on "Attention" (the engine's count) and on "Watchlists" (per list).
 */
import { formatCount } from '../lib/format';
import { useAttention } from '../state/attention';
import { useFeed } from '../state/feed';
import type { ViewId } from '../state/ui';
import { attentionTotal, useWatchlists } from '../state/watchlists';
import './feed.css';
import '../attention/attention.css';

const short = (n: number): string => (n > 999 ? '999+' : formatCount(n));

export function NavBadge({ view }: { view: ViewId }) {
  const unseen = useFeed((s) => s.unseenOverall);
  const attention = useWatchlists((s) => attentionTotal(s.lists));
  const needAttention = useAttention((s) => s.needAttention) ?? 0;
  const needs = (n: number) => (n === 1 ? 'shipment needs attention' : 'shipments need attention');
  const [count, words] =
    view === 'changes'
      ? [unseen ?? 0, 'unseen changes']
      : view === 'attention'
        ? [needAttention, needs(needAttention)]
        : view === 'watchlists'
          ? [attention, attention === 1 ? 'needs attention' : 'need attention']
          : [0, ''];
  if (count <= 0) return null;
  return (
    <span className={`nav-badge nav-badge-${view}`} data-testid={`nav-badge-${view}`}>
      <span aria-hidden="true">{short(count)}</span>
      <span className="sr-only">
        , {formatCount(count)} {words}
      </span>
    </span>
  );
}
