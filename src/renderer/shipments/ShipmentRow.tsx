import { type ReactNode, memo } from 'react';
import type { ShipmentTableRow } from '../../shared/contract';
import { currentDates, useDates } from '../lib/dates';
import { absoluteTime, relativeTime } from '../lib/relative-time';
import { carrierText, portText, subscriptionLabel, typeLabel } from '../lib/format';
import { serviceSays, statusOf } from '../../shared/status';
import { EtaCell } from './EtaCell';
import { FreeTime } from './FreeTime';
import { LikelyCell } from './LikelyCell';
import { NoteBadge, NoteEditor } from './NoteEditor';
import { type Column, ROW_HEIGHT } from './columns';

export interface ShipmentRowProps {
  row: ShipmentTableRow | undefined;
  /** The row's place in the list (what the selection and the keys count). */
  index: number;
  /** The line it is drawn on (a grouped table has group headings between rows). */
  line: number;
  columns: readonly Column[];
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
  const { row, index, line, columns, selected, active, editing, now } = props;
  // Drawn again when another way of writing dates is chosen (the row is memoised).
  useDates();
  const style = { transform: `translateY(${line * ROW_HEIGHT}px)` };
  if (!row) {
    return (
      <div role="row" aria-rowindex={line + 2} className="row row-loading" style={style} data-index={index}>
        <div role="gridcell" className="cell cell-loading">
          <span className="skeleton" aria-label="Loading row" />
        </div>
      </div>
    );
  }
  // The one status; the service's own word, where it says otherwise, in the cell's title.
  const status = statusOf(row);
  const service = serviceSays(status);
  const statusTitle = currentDates().inText(service ? `${status.long}; ${service}` : status.long);
  const cell = (c: Column): ReactNode => {
    switch (c.id) {
      case 'reference':
        return (
          <Cell key={c.id} className="c-reference mono">
            {row.reference}
          </Cell>
        );
      case 'customer':
        return (
          <Cell key={c.id} className="c-customer" title={row.customer ?? undefined}>
            {row.customer}
          </Cell>
        );
      case 'type':
        return (
          <Cell key={c.id} className="c-type">
            {typeLabel(row.type)}
          </Cell>
        );
      case 'carrier':
        return (
          <Cell key={c.id} className="c-carrier" title={[row.carrier.name, row.carrier.scac].filter(Boolean).join(' · ') || undefined}>
            {carrierText(row.carrier)}
          </Cell>
        );
      case 'status':
        return (
          <Cell key={c.id} className="c-status">
            <span className={`sub sub-${(row.status ?? 'none').toLowerCase()}`}>{subscriptionLabel(row.status)}</span>
          </Cell>
        );
      case 'shipment-status':
        return (
          <Cell key={c.id} className="c-shipment-status" title={statusTitle}>
            <span className={`pill pill-${status.tone}`}>{status.text}</span>
          </Cell>
        );
      case 'pol':
      case 'pod': {
        const port = portText(c.id === 'pol' ? row.pol : row.pod);
        return (
          <Cell key={c.id} className={`c-${c.id}`} title={port}>
            {port}
          </Cell>
        );
      }
      case 'eta':
        return (
          <Cell key={c.id} className="c-eta mono">
            <EtaCell eta={row.eta} move={row.lastEtaMove} arrivedAt={status.arrivedAt} />
          </Cell>
        );
      case 'likely':
        return (
          <Cell key={c.id} className="c-likely">
            <LikelyCell likely={row.likelyArrival} />
          </Cell>
        );
      case 'clock':
        return (
          <Cell key={c.id} className="c-clock">
            <FreeTime lastFreeDay={row.lastFreeDay ?? null} nowMs={now} />
          </Cell>
        );
      case 'vessel': {
        const vessel = [row.vessel, row.voyage].filter(Boolean).join(' / ');
        return (
          <Cell key={c.id} className="c-vessel" title={vessel}>
            {vessel}
          </Cell>
        );
      }
      case 'note':
        return (
          <Cell key={c.id} className="c-note">
            {editing ? (
              <NoteEditor className="note-popover" shipmentId={row.id} reference={row.reference} initial={row.note} onDone={({ saved }) => props.onNoteDone(row.id, saved)} />
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
        );
      case 'checked':
        return (
          <Cell key={c.id} className="c-checked" title={absoluteTime(row.lastCheckedAt)}>
            {relativeTime(row.lastCheckedAt, now)}
          </Cell>
        );
      default: {
        const value = c.id.startsWith('field:') ? (row.fields?.[c.id.slice('field:'.length)] ?? '') : '';
        return (
          <Cell key={c.id} className="c-field" title={value || undefined}>
            {value}
          </Cell>
        );
      }
    }
  };
  return (
    <div
      role="row"
      id={rowDomId(index)}
      aria-rowindex={line + 2}
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
      {columns.map(cell)}
    </div>
  );
});
