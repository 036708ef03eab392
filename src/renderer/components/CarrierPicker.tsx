/**
 * A carrier from the carrier directory, found by typing part of its name or SCAC: a combobox whose
 * list holds only the carriers that track the type chosen (the service refuses the others), and for
 * a container "any carrier" (AUTO, the service finds it). ↑ ↓ move, Enter chooses, Escape closes.
 * Offline or before the directory was ever read, a SCAC typed is taken as it is.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import type { CarrierView } from '../../shared/contract';
import type { TrackingType } from '../../shared/domain';
import { call, messageOf } from '../api/call';

/** The directory, read once per window (it changes when a person refreshes it in Settings). */
let directory: Promise<CarrierView[]> | null = null;

function loadDirectory(): Promise<CarrierView[]> {
  directory ??= call('settings.carriers', { refresh: false }).then(
    (d) => [...d.carriers].sort((a, b) => a.name.localeCompare(b.name)),
    (error: unknown) => {
      directory = null;
      throw error;
    },
  );
  return directory;
}

/** Forgets the directory read (tests start afresh). */
export function forgetCarrierDirectory(): void {
  directory = null;
}

const AUTO = 'AUTO';
const SHOWN = 60;

function tracks(c: CarrierView, type: TrackingType): boolean {
  return type === 'container' ? c.containers : type === 'bl' ? c.bl : c.booking;
}

export interface CarrierPickerProps {
  type: TrackingType;
  /** The carrier in use (chosen or guessed): a SCAC, AUTO, or null for none. */
  value: string | null;
  /** Its name, when the directory knows it. */
  valueName: string | null;
  onChoose(scac: string): void;
}

export function CarrierPicker({ type, value, valueName, onChoose }: CarrierPickerProps) {
  const [carriers, setCarriers] = useState<CarrierView[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();

  useEffect(() => {
    let live = true;
    loadDirectory().then(
      (list) => live && setCarriers(list),
      (error: unknown) => live && setProblem(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, []);

  const open = query !== null;
  const options = useMemo(() => {
    const q = (query ?? '').trim().toLowerCase();
    const fitting = (carriers ?? []).filter((c) => tracks(c, type) && (!q || c.name.toLowerCase().includes(q) || c.scac.toLowerCase().startsWith(q)));
    // A SCAC typed exactly comes first.
    fitting.sort((a, b) => Number(b.scac.toLowerCase() === q) - Number(a.scac.toLowerCase() === q));
    const list: { scac: string; label: string }[] = fitting.slice(0, SHOWN).map((c) => ({ scac: c.scac, label: `${c.name} (${c.scac})` }));
    if (type === 'container' && (!q || 'any carrier auto'.includes(q))) list.unshift({ scac: AUTO, label: 'Any carrier: the service finds it (AUTO)' });
    return list;
  }, [carriers, query, type]);

  const shown = value === null ? '' : value === AUTO ? 'Any carrier (AUTO)' : valueName ? `${valueName} (${value})` : value;

  const choose = (scac: string): void => {
    setQuery(null);
    onChoose(scac);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setQuery('');
      setActive((i) => Math.max(0, Math.min(options.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const picked = options[active];
      const typed = (query ?? '').trim();
      if (picked) choose(picked.scac);
      else if (/^[A-Za-z]{2,4}$/.test(typed)) choose(typed.toUpperCase());
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setQuery(null);
    }
  };

  return (
    <div className="carrier-picker">
      <input
        className="input carrier-input"
        role="combobox"
        aria-label="Carrier of this reference"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={carriers ? 'Search the carrier directory…' : 'Carrier SCAC'}
        value={query ?? shown}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setQuery(null)}
      />
      {open && (
        <ul id={listId} className="carrier-options" role="listbox" aria-label="Carriers">
          {options.length === 0 && (
            <li className="carrier-none muted" role="presentation">
              {carriers ? 'No carrier of that name tracks this type; Enter takes a SCAC as typed.' : 'Type the SCAC and press Enter.'}
            </li>
          )}
          {options.map((o, i) => (
            <li
              key={o.scac}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`carrier-option${i === active ? ' active' : ''}${o.scac === value ? ' current' : ''}`}
              // Chosen on mouse down: the box's blur would close the list before a click.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o.scac);
              }}
            >
              {o.label}
            </li>
          ))}
        </ul>
      )}
      {problem && <p className="muted small">The carrier directory could not be read ({problem}); type the carrier's SCAC.</p>}
    </div>
  );
}
