/**
 * The bench's table: one row per line of issue 15's table, each with the figure measured on
 * 2026-11-24 before the work ("now"), the aim, and what this run reached. The parts of the bench
 * call `reached(key, …)`; main.ts prints the table at the end, and with `--json` writes it (with the
 * machine's description) to stdout as one JSON object, so two runs can be compared.
 */
import os from 'node:os';

export type RowKey =
  | 'search-window'
  | 'search-core'
  | 'tracking'
  | 'tracking-strict'
  | 'strict-arrival-4'
  | 'strict-arrival-10'
  | 'first-sync'
  | 'eta-moved-page'
  | 'cache-size'
  | 'facets'
  | 'first-row'
  | 'cli-start'
  | 'peak-memory';

interface RowSpec {
  what: string;
  now: string;
  aim: string;
  /** Whether the figures meet the aim (every figure of the row, in the order `reached` got them). */
  met: (values: readonly number[]) => boolean;
}

const SPECS: Record<RowKey, RowSpec> = {
  'search-window': {
    what: 'search, last keystroke → matching row rendered, 100,000 cached (max of the runs)',
    now: '200–250 ms',
    aim: '< 50 ms',
    met: ([ms]) => ms! < 50,
  },
  'search-core': {
    what: 'core query, a word matching all 100,000 ("rotter", "sha"): first 100 rows (worst) + count',
    now: '74–130 ms + 52–59 ms',
    aim: '< 15 ms',
    met: ([rows]) => rows! < 15,
  },
  tracking: {
    what: 'tracking 20,000 new references, time scale 4: time / bound, 429s',
    now: '1.13 ×, 0 × 429',
    aim: '≤ 1.05, 0 × 429',
    met: ([ratio, rejected]) => ratio! <= 1.05 && rejected === 0,
  },
  'tracking-strict': {
    what: 'same, a strict server (latency on every answer) at time scale 10: time / bound, 429s',
    now: '1.23 ×, 2 × 429',
    aim: '≤ 1.10, 0 × 429',
    met: ([ratio, rejected]) => ratio! <= 1.1 && rejected === 0,
  },
  'strict-arrival-4': {
    what: 'issue 25: 20,000 references, a server counting on arrival in its own process, a core kept busy, time scale 4: time / bound, 429s, extra creations',
    now: '1.09 ×',
    aim: '≤ 1.05, 0 × 429, 0 extra',
    met: ([ratio, rejected, extra]) => ratio! <= 1.05 && rejected === 0 && extra === 0,
  },
  'strict-arrival-10': {
    what: 'issue 25: the same at time scale 10',
    now: '1.18–1.28 ×, 2 × 429',
    aim: '≤ 1.10, 0 × 429, 0 extra',
    met: ([ratio, rejected, extra]) => ratio! <= 1.1 && rejected === 0 && extra === 0,
  },
  'first-sync': {
    what: 'first sync, 20,000 shipments / grown to 100,000',
    now: '4.8 s / 21 s',
    aim: '< 2 s / < 8 s',
    met: ([first, grown]) => first! < 2000 && grown! < 8000,
  },
  'eta-moved-page': {
    what: 'a page of 500 in which every ETA moved (mean page at 20,000)',
    now: '188–241 ms',
    aim: '< 60 ms',
    met: ([ms]) => ms! < 60,
  },
  'cache-size': {
    what: 'cache size per 100,000 shipments',
    now: '365 MB',
    aim: '≤ 150 MB',
    met: ([mb]) => mb! <= 150,
  },
  facets: {
    what: 'filter facets (carriers, PODs, statuses), 100,000 cached',
    now: '179 ms',
    aim: '< 20 ms',
    met: ([ms]) => ms! < 20,
  },
  'first-row': {
    what: 'process start → first frame with a row (10,000 cached, service unreachable; median of the runs)',
    now: '1.8–2.7 s',
    aim: '< 0.8 s',
    met: ([ms]) => ms! < 800,
  },
  'cli-start': {
    what: 'the CLI: `npx quayside --help` on a fresh build (median of the runs)',
    now: '1.3 s through tsx on a fresh clone; 3–8 s on a busy machine',
    aim: '≤ 0.4 s',
    met: ([ms]) => ms! <= 400,
  },
  'peak-memory': {
    what: 'peak memory: the engine at 100,000 with the Performance report built (VmHWM of the harness\'s engine, from the sources and as built), syncing at 100,000 (VmHWM of a process storing pages), and the bench process',
    now: '551 MB',
    aim: 'engine < 300 MB',
    met: (values) => values.every((mb) => mb < 300),
  },
};

interface Reached {
  values: number[];
  text: string;
}

const results = new Map<RowKey, Reached>();

/** Records what a row reached: its figures (for the aim and the JSON) and how to print them. */
export function reached(key: RowKey, values: number[], text: string): void {
  results.set(key, { values, text });
}

export function machine(): Record<string, string | number> {
  const cpus = os.cpus();
  return {
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpu: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown'}`,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`,
    loadAtStart: os.loadavg().map((n) => n.toFixed(2)).join(' '),
  };
}

export function table(): { key: RowKey; what: string; now: string; aim: string; reached: string | null; values: number[] | null; met: boolean | null }[] {
  return (Object.keys(SPECS) as RowKey[]).map((key) => {
    const spec = SPECS[key];
    const got = results.get(key);
    return {
      key,
      what: spec.what,
      now: spec.now,
      aim: spec.aim,
      reached: got?.text ?? null,
      values: got?.values ?? null,
      met: got ? spec.met(got.values) : null,
    };
  });
}

export function printTable(out: (line: string) => void, description: Record<string, string | number>): void {
  out('\nIssue 15\'s table (this machine is shared and noisy: compare ratios and medians within one run):');
  out(`  machine: ${description.cpu}, ${description.memory}, ${description.os}, node ${description.node}; load average at start ${description.loadAtStart}, at end ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  const rows = table();
  const width = Math.max(...rows.map((r) => r.what.length));
  for (const r of rows) {
    const mark = r.met === null ? '  not run' : r.met ? '  met' : '  NOT met';
    out(`  ${r.what.padEnd(width)} | now ${r.now.padEnd(22)} | aim ${r.aim.padEnd(16)} | reached ${r.reached ?? '—'}${mark}`);
  }
}
