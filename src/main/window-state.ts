/**
 * The window's size and position, remembered in a small JSON file in the data folder. What is
 * read is validated (anything odd gives the default), and the window is moved onto a display
 * that exists now (a laptop undocked from its second screen) and fitted to its work area.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIN_HEIGHT, MIN_WIDTH, type WindowBounds } from './window-options.js';

export type { WindowBounds } from './window-options.js';

export interface WorkArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const WINDOW_STATE_FILE = 'window-state.json';
const DEFAULT_BOUNDS: WindowBounds = { width: 1440, height: 900 };
/** This much of the title bar must be on a display for the window to count as visible there. */
const GRIP = 100;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 100_000;

export function parseWindowState(text: string): WindowBounds | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isInt(v.width) || !isInt(v.height) || v.width <= 0 || v.height <= 0) return null;
  const bounds: WindowBounds = { width: v.width, height: v.height, maximized: v.maximized === true };
  if (isInt(v.x) && isInt(v.y)) {
    bounds.x = v.x;
    bounds.y = v.y;
  }
  return bounds;
}

function overlap(b: Required<Pick<WindowBounds, 'x' | 'y' | 'width'>>, area: WorkArea): boolean {
  const left = Math.max(b.x, area.x);
  const right = Math.min(b.x + b.width, area.x + area.width);
  return right - left >= Math.min(GRIP, b.width) && b.y >= area.y && b.y < area.y + area.height - 20;
}

/** Keeps the window on the display it was on (fitted to its work area), else centres it on the primary one. */
export function clampToDisplays(bounds: WindowBounds, areas: readonly WorkArea[], primary: WorkArea): WindowBounds {
  const placed = bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y, width: bounds.width } : null;
  const home = placed ? areas.find((a) => overlap(placed, a)) : undefined;
  const area = home ?? primary;
  const width = Math.max(Math.min(bounds.width, area.width), Math.min(MIN_WIDTH, area.width));
  const height = Math.max(Math.min(bounds.height, area.height), Math.min(MIN_HEIGHT, area.height));
  const within = (v: number, lo: number, span: number) => Math.min(Math.max(v, lo), lo + span);
  const x = home && placed ? within(placed.x, area.x, area.width - width) : area.x + Math.round((area.width - width) / 2);
  const y = home && placed ? within(placed.y, area.y, area.height - height) : area.y + Math.round((area.height - height) / 2);
  return { x, y, width, height, maximized: bounds.maximized === true };
}

export function loadWindowState(file: string): WindowBounds {
  try {
    return parseWindowState(readFileSync(file, 'utf8')) ?? DEFAULT_BOUNDS;
  } catch {
    return DEFAULT_BOUNDS;
  }
}

/** Written to a temp file and renamed, so a crash never leaves half a file. Failures are ignored: it is a nicety. */
export function saveWindowState(file: string, bounds: WindowBounds): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, `${JSON.stringify(bounds)}\n`);
    renameSync(`${file}.tmp`, file);
  } catch {
    // A read-only profile keeps the default size next time.
  }
}
