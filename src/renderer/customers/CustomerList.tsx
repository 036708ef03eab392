/** The customers and their rules at a glance: who they are, whom the updates go to, what and when. */
import { cadenceLabel, LANGUAGE_NAMES, type CustomerRule } from '../../shared/customer-rules';
import { formatCount, plural } from '../lib/format';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { nextText, STATE_LABELS, STATE_PILLS, type CustomerSummary } from './customer-view';

export interface CustomerListProps {
  customers: readonly CustomerSummary[];
  selected: string | null;
  nowMs: number;
  onSelect(name: string): void;
}

export function whoText(rule: CustomerRule): string {
  return rule.who.kind === 'watchlist' ? `Watchlist "${rule.who.watchlist}"` : `"${rule.who.value}" in column ${rule.who.column}`;
}

const TELL_WORDS: [keyof CustomerRule['tell'], string][] = [
  ['departed', 'departed'],
  ['etaMovedDays', 'ETA moves'],
  ['arrived', 'arrived'],
  ['discharged', 'discharged'],
  ['delivered', 'delivered'],
  ['freeTimeDays', 'free time'],
  ['noDataDays', 'no data'],
];

function tellText(tell: CustomerRule['tell']): string {
  const on = TELL_WORDS.filter(([key]) => tell[key] !== false && tell[key] !== null).map(([, word]) => word);
  return on.length === 0 ? 'Nothing' : on.join(', ');
}

export function CustomerList({ customers, selected, nowMs, onSelect }: CustomerListProps) {
  return (
    <ul className="customer-list" aria-label="Customers">
      {customers.map(({ rule, shipments, lastUpdate, nextDueAt, next, closest }) => (
        <li key={rule.name} className={`customer-card${rule.name === selected ? ' selected' : ''}`} aria-current={rule.name === selected ? 'true' : undefined}>
          <button type="button" className="customer-open" aria-label={`${rule.name}: open`} onClick={() => onSelect(rule.name)}>
            <span className="customer-name">{rule.name}</span>
            <span className="customer-who muted small">
              {whoText(rule)} · {plural(shipments, 'shipment')}
            </span>
          </button>
          {rule.who.kind === 'column' && shipments === 0 && (
            <p className="customer-nothing small" role="note">
              No shipment has this value in column {rule.who.column}
              {closest ? `; closest: "${closest.value}" (${plural(closest.shipments, 'shipment')})` : ''}.
            </p>
          )}
          <dl className="customer-facts small">
            <dt>To</dt>
            <dd className="customer-addresses">
              {rule.to.join(', ')}
              {rule.cc.length > 0 && <span className="muted"> · Cc {formatCount(rule.cc.length)}</span>}
            </dd>
            <dt>Tells</dt>
            <dd>{tellText(rule.tell)}</dd>
            <dt>When</dt>
            <dd>
              {cadenceLabel(rule.cadence)} · {LANGUAGE_NAMES[rule.language]}
              {rule.attachXlsx && ' · with Excel file'}
            </dd>
            <dt>Next</dt>
            <dd title={nextDueAt ? absoluteTime(nextDueAt) : undefined}>{nextText(rule, next, nowMs)}</dd>
            <dt>Last</dt>
            <dd>
              {lastUpdate === null ? (
                <span className="muted">No update yet</span>
              ) : (
                <>
                  <span className={`pill ${STATE_PILLS[lastUpdate.state]}`}>{STATE_LABELS[lastUpdate.state]}</span>{' '}
                  <span className="muted" title={absoluteTime(lastUpdate.at)}>
                    {lastUpdate.state === 'nothing-new' ? `checked ${relativeTime(lastUpdate.at, nowMs)}: nothing to tell` : relativeTime(lastUpdate.at, nowMs)}
                  </span>
                </>
              )}
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
