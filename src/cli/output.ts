/**
 * Everything the CLI prints goes through here: with --json, stdout carries only JSON and
 * messages go to stderr; progress is drawn on stderr only when it is a terminal. Text for people
 * passes through printable() on its way out: much of it is not ours (the service's words, a
 * customer's cells, notes) and a terminal obeys escape sequences. JSON is left exact:
 * JSON.stringify already escapes every control character.
 */

/* eslint-disable no-control-regex -- these patterns are exactly the control characters to remove */
/** ESC sequences: CSI (colours, cursor moves, erase), OSC (window title, hyperlinks, clipboard), DCS/SOS/PM/APC strings, and two-character ones. */
const ESCAPE_SEQUENCES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|[PX^_][^\x1b\x9c]*(?:\x1b\\|\x9c)?|[ -~])?/g;
/** C0 controls but tab and line feed, DEL, and C1 controls (U+0080 to U+009F; 0x9B is a CSI on its own). */
const CONTROLS = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/g;
/* eslint-enable no-control-regex */

/**
 * Text safe to print on a terminal: escape sequences and control characters removed, except the
 * line feeds and tabs the CLI's own layout uses (`singleLine`: those become spaces too, for a
 * table cell) and, with `keepCarriageReturns`, the CR of a CRLF (a CSV's line ends).
 */
export function printable(text: string, options: { singleLine?: boolean; keepCarriageReturns?: boolean } = {}): string {
  const stripped = text.replace(ESCAPE_SEQUENCES, '');
  return stripped.replace(CONTROLS, (c, at: number) => {
    if (c === '\n') return options.singleLine ? ' ' : c;
    // A CR alone moves the cursor back over what was printed; only a line end's CR is kept.
    if (c === '\r') return options.keepCarriageReturns && stripped[at + 1] === '\n' ? c : '';
    return '';
  }).replace(/\t/g, options.singleLine ? ' ' : '\t');
}
export interface Output {
  readonly json: boolean;
  /** A result line for people (suppressed with --json). */
  line(text?: string): void;
  /** A side message (stderr), always shown. */
  note(text: string): void;
  /** The one JSON document of a --json run. */
  data(value: unknown): void;
  /** A document for stdout as it is (a CSV report), control characters removed but its line ends kept. */
  text(document: string): void;
  table(rows: Record<string, string>[], columns: { key: string; title: string; max?: number }[]): void;
  progress(text: string): void;
  endProgress(): void;
}

export function createOutput(options: {
  json: boolean;
  stdout?: NodeJS.WritableStream & { isTTY?: boolean };
  stderr?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
}): Output {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  let progressShown = false;
  const clearProgress = () => {
    if (progressShown) {
      stderr.write('\r\x1b[2K');
      progressShown = false;
    }
  };
  return {
    json: options.json,
    line(text = '') {
      if (options.json) return;
      clearProgress();
      stdout.write(`${printable(text)}\n`);
    },
    note(text) {
      clearProgress();
      stderr.write(`${printable(text)}\n`);
    },
    data(value) {
      if (options.json) stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    text(document) {
      clearProgress();
      stdout.write(printable(document, { keepCarriageReturns: true }));
    },
    table(rows, columns) {
      // No rows, no table: a header alone says nothing; the command's own line says what is empty.
      if (options.json || rows.length === 0) return;
      clearProgress();
      stdout.write(formatTable(rows, columns));
    },
    progress(text) {
      if (!stderr.isTTY) return;
      const width = (stderr.columns ?? 100) - 1;
      stderr.write(`\r\x1b[2K${printable(text, { singleLine: true }).slice(0, width)}`);
      progressShown = true;
    },
    endProgress() {
      clearProgress();
    },
  };
}

function formatTable(rows: Record<string, string>[], columns: { key: string; title: string; max?: number }[]): string {
  const cell = (raw: string, max?: number) => {
    const value = printable(raw, { singleLine: true });
    return max && value.length > max ? `${value.slice(0, max - 1)}…` : value;
  };
  const widths = columns.map((c) => Math.max(c.title.length, ...rows.map((r) => cell(r[c.key] ?? '', c.max).length)));
  const render = (values: string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  const lines = [render(columns.map((c) => cell(c.title))), render(widths.map((w) => '-'.repeat(w)))];
  for (const row of rows) lines.push(render(columns.map((c) => cell(row[c.key] ?? '', c.max))));
  return `${lines.join('\n')}\n`;
}

/** "[#########-----------] 45%" */
export function bar(done: number, total: number, width = 24): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 0;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}%`;
}
