import { type ReactNode, memo } from 'react';
import type { ShipmentTableRow } from '../../shared/contract';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { carrierText, portText, subscriptionLabel, typeLabel } from '../lib/format';
import { serviceSays, statusOf } from '../../shared/status';
import { EtaCell } from './EtaCell';
import { FreeTime } from './FreeTime';
import { LikelyCell } from './LikelyCell';
import { NoteBadge, NoteEditor } from './NoteEditor';
import { ROW_HEIGHT } from './columns';

export interface ShipmentRowProps {
  row: ShipmentTableRow | undefined;
  index: number;
  selected: boolean;
  active: boolean;
  editing: boolean;
  notePending: boolean;
  noteFailed: string | null;
  now: number;
  onToggle(id: number, index: number): void;
  onNoteDone(id: number, saved: boolean): void;
  onEditNote(id: number, index: number): void;
}

export const rowDomId = (index: number): string => `shipment-row-${index}`;

function Cell({ className, children, title }: { className: string; children?: ReactNode; title?: string }) {
  return (
    <div role="gridcell" className={`cell ${className}`} title={title}>
      {children}
    </div>
  );
}

export const ShipmentRow = memo(function ShipmentRow(props: ShipmentRowProps) {
  const { row, index, selected, active, editing, now } = props;
  const style = { transform: `translateY(${index * ROW_HEIGHT}px)` };
  if (!row) {
    return (
      <div role="row" aria-rowindex={index + 2} className="row row-loading" style={style} data-index={index}>
        <div role="gridcell" className="cell cell-loading">
          <span className="skeleton" aria-label="Loading row" />
        </div>
      </div>
    );
  }
  const vessel = [row.vessel, row.voyage].filter(Boolean).join(' / ');
  const pol = portText(row.pol);
  const pod = portText(row.pod);
  // The one status; the service's own word, where it says otherwise, in the cell's title.
  const status = statusOf(row);
  const service = serviceSays(status);
  const statusTitle = service ? `${status.long}; ${service}` : status.long;
  return (
    <div
      role="row"
      id={rowDomId(index)}
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`row${selected ? ' row-selected' : ''}${active ? ' row-active' : ''}${editing ? ' row-editing' : ''}`}
      style={style}
      data-index={index}
      data-id={row.id}
    >
      <Cell className="c-select">
        <input
          type="checkbox"
          tabIndex={-1}
          aria-label={`Select ${row.reference}`}
          checked={selected}
          onChange={() => props.onToggle(row.id, index)}
          onClick={(e) => e.stopPropagation()}
        />
      </Cell>
      <Cell className="c-reference mono">{row.reference}</Cell>
      <Cell className="c-customer" title={row.customer ?? undefined}>
        {row.customer}
      </Cell>
      <Cell className="c-type">{typeLabel(row.type)}</Cell>
      <Cell className="c-carrier" title={[row.carrier.name, row.carrier.scac].filter(Boolean).join(' · ') || undefined}>
        {carrierText(row.carrier)}
      </Cell>
      <Cell className="c-status">
        <span className={`sub sub-${(row.status ?? 'none').toLowerCase()}`}>{subscriptionLabel(row.status)}</span>
      </Cell>
      <Cell className="c-shipment-status" title={statusTitle}>
        <span className={`pill pill-${status.tone}`}>{status.text}</span>
      </Cell>
      <Cell className="c-pol" title={pol}>
        {pol}
      </Cell>
      <Cell className="c-pod" title={pod}>
        {pod}
      </Cell>
      <Cell className="c-eta mono">
        <EtaCell eta={row.eta} move={row.lastEtaMove} arrivedAt={status.arrivedAt} />
      </Cell>
      <Cell className="c-likely">
        <LikelyCell likely={row.likelyArrival} />
      </Cell>
      <Cell className="c-clock">
        <FreeTime lastFreeDay={row.lastFreeDay ?? null} nowMs={now} />
      </Cell>
      <Cell className="c-vessel" title={vessel}>
        {vessel}
      </Cell>
      <Cell className="c-note">
        {editing ? (
          <NoteEditor
            className="note-popover"
            shipmentId={row.id}
            reference={row.reference}
            initial={row.note}
            onDone={({ saved }) => props.onNoteDone(row.id, saved)}
          />
        ) : (
          <>
            <span className="note-text" title={row.note ?? undefined}>
              {row.note}
            </span>
            <NoteBadge pending={props.notePending} failed={props.noteFailed} />
            {row.trackingId && (
              <button
                type="button"
                className="icon-button note-edit"
                tabIndex={-1}
                aria-label={`Edit note for ${row.reference}`}
                title="Edit note (n)"
                onClick={(e) => {
                  e.stopPropagation();
                  props.onEditNote(row.id, index);
                }}
              >
                ✎
              </button>
            )}
          </>
        )}
      </Cell>
      <Cell className="c-checked" title={absoluteTime(row.lastCheckedAt)}>
        {relativeTime(row.lastCheckedAt, now)}
      </Cell>
    </div>
  );
});
