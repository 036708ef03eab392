/**
 * Everything the CLI prints goes through here: with --json, stdout carries only JSON and
 * messages go to stderr; progress is drawn on stderr only when it is a terminal.
 */
export interface Output {
  readonly json: boolean;
  /** A result line for people (suppressed with --json). */
  line(text?: string): void;
  /** A side message (stderr), always shown. */
  note(text: string): void;
  /** The one JSON document of a --json run. */
  data(value: unknown): void;
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
      stdout.write(`${text}\n`);
    },
    note(text) {
      clearProgress();
      stderr.write(`${text}\n`);
    },
    data(value) {
      if (options.json) stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    table(rows, columns) {
      if (options.json) return;
      clearProgress();
      stdout.write(formatTable(rows, columns));
    },
    progress(text) {
      if (!stderr.isTTY) return;
      const width = (stderr.columns ?? 100) - 1;
      stderr.write(`\r\x1b[2K${text.slice(0, width)}`);
      progressShown = true;
    },
    endProgress() {
      clearProgress();
    },
  };
}

export function formatTable(rows: Record<string, string>[], columns: { key: string; title: string; max?: number }[]): string {
  const cell = (value: string, max?: number) => (max && value.length > max ? `${value.slice(0, max - 1)}…` : value);
  const widths = columns.map((c) => Math.max(c.title.length, ...rows.map((r) => cell(r[c.key] ?? '', c.max).length)));
  const render = (values: string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  const lines = [render(columns.map((c) => c.title)), render(widths.map((w) => '-'.repeat(w)))];
  for (const row of rows) lines.push(render(columns.map((c) => cell(row[c.key] ?? '', c.max))));
  return `${lines.join('\n')}\n`;
}

/** "[#########-----------] 45%" */
export function bar(done: number, total: number, width = 24): string {
  const ratio = total > 0 ? Math.min(1, done / total) : 0;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}%`;
}
