/**
 * The import wizard and its background jobs. The file goes to the engine once, by its path
 * (the bridge's fileRef, then imports.open);
 * every later step sends the file id and the person's choices (sheet, column mapping, accepted
 * check-digit suggestions, the value kept of a repeated row) and gets a fresh preview back. Jobs are kept current by the
 * `imports.progress` event, so their progress goes on while the person works elsewhere.
 */
import { create } from 'zustand';
import type { Events } from '../../shared/contract';
import type { ImportFileView, ImportJobView, ImportMappingColumn, ImportOptionsInput, ImportPreview, ImportReport } from '../../shared/contract';
import { getBridge } from '../api/bridge';
import { AppFailure, call, messageOf } from '../api/call';
import { type EventMark, eventsSince, isAbort, newestOnly } from '../api/newest';
import { fileProblem } from '../import/wizard-logic';
import { useCredits } from './credits';
import { useUi } from './ui';

export type DuplicateChoice = NonNullable<ImportOptionsInput['duplicateChoices']>[number];

export interface AcceptedSuggestion {
  row: number;
  from: string;
  to: string;
}

export interface ImportsState {
  file: ImportFileView | null;
  /** Reading the chosen file and handing it to main. */
  opening: string | null;
  sheet: string | null;
  /** Header text → role or field, only for columns the person changed. */
  mapping: Record<string, string>;
  /** The mapping the core detected for the current sheet, before any change. */
  detected: ImportMappingColumn[];
  suggestions: AcceptedSuggestion[];
  /** For a reference listed more than once: the rows whose value of a field the person chose (else the later row's). */
  duplicateChoices: DuplicateChoice[];
  /** SCAC for rows without a carrier ('' for none: containers then go as AUTO, B/L and bookings are refused). */
  carrier: string;
  preview: ImportPreview | null;
  previewing: boolean;
  /** Why the last preview or start failed; the wizard shows it where the person is. */
  error: string | null;
  starting: boolean;
  /** The job started from the wizard: its report opens when it finishes. */
  watchedJobId: number | null;
  jobs: ImportJobView[];
  report: ImportReport | null;

  openFile(file: File): Promise<void>;
  /** Sample data only: the sample customer spreadsheet, opened as if dropped. */
  openSample(): Promise<void>;
  openedElsewhere(file: ImportFileView): void;
  chooseSheet(sheet: string): void;
  setMapping(mapping: Record<string, string>): void;
  setCarrier(scac: string): void;
  acceptSuggestions(rows: readonly AcceptedSuggestion[]): void;
  undoSuggestion(row: number): void;
  /** Keeps `row`'s value of `field` for a reference listed more than once; the preview is read again. */
  chooseDuplicateValue(choice: DuplicateChoice): void;
  /** Back to the later rows' values everywhere. */
  clearDuplicateChoices(): void;
  start(goOnWithWhatFits?: boolean): Promise<void>;
  closeWizard(): void;
  loadJobs(): Promise<void>;
  applyProgress(event: Events['imports.progress']): void;
  resume(jobId: number): Promise<void>;
  openReport(jobId: number): Promise<void>;
  closeReport(): void;
}

const WIZARD = {
  file: null,
  opening: null,
  sheet: null,
  mapping: {},
  detected: [],
  suggestions: [],
  duplicateChoices: [],
  carrier: '',
  preview: null,
  previewing: false,
  error: null,
  starting: false,
};
const INITIAL = { ...WIZARD, watchedJobId: null, jobs: [], report: null };

/** Only the preview of the latest choices counts: a newer one (or another file, or closing) cancels it. */
const previews = newestOnly();

/**
 * What the last `imports.progress` said of each job. A job can stop or finish before the answer to
 * the call that started it arrives (the harness sends events over a socket and answers over HTTP);
 * that answer is then older than what the list shows and must not replace it.
 */
const jobEvents = eventsSince<number, ImportJobView['state']>();
/** Only the answer to the latest read of the job list is taken (answers can arrive out of order). */
const jobReads = newestOnly();

export const useImports = create<ImportsState>()((set, get) => {
  const options = (): ImportOptionsInput | null => {
    const { file, sheet, mapping, suggestions, carrier, duplicateChoices } = get();
    if (!file) return null;
    const input: ImportOptionsInput = { fileId: file.fileId };
    if (sheet) input.sheet = sheet;
    if (Object.keys(mapping).length > 0) input.mapping = mapping;
    if (suggestions.length > 0) input.acceptSuggestions = suggestions.map((s) => s.row);
    if (carrier) input.carrier = carrier;
    if (duplicateChoices.length > 0) input.duplicateChoices = duplicateChoices;
    return input;
  };

  const loadPreview = async (): Promise<void> => {
    const input = options();
    if (!input) return;
    set({ previewing: true, error: null });
    try {
      const preview = await previews.run((signal) => call('imports.preview', input, { signal }));
      const fresh = get().detected.length === 0 || Object.keys(get().mapping).length === 0;
      set({ preview, previewing: false, sheet: preview.sheet, ...(fresh ? { detected: preview.mapping } : {}) });
    } catch (err) {
      if (isAbort(err)) return;
      set({ previewing: false, error: messageOf(err) });
    }
  };

  const upsertJob = (job: ImportJobView): void => {
    const jobs = get().jobs.filter((j) => j.jobId !== job.jobId);
    set({ jobs: [job, ...jobs].sort((a, b) => b.jobId - a.jobId) });
  };

  /** Takes the answer of imports.start or imports.resume, unless events about the job overtook it. */
  const startedJob = (job: ImportJobView, asked: EventMark): void => {
    const state = jobEvents.since(asked, job.jobId);
    if (state === undefined) {
      upsertJob(job);
      set({ watchedJobId: job.jobId });
      return;
    }
    void get().loadJobs();
    if (state === 'done') void get().openReport(job.jobId);
    else if (state === 'running') set({ watchedJobId: job.jobId });
  };

  return {
    ...INITIAL,

    async openFile(file) {
      previews.cancel();
      const problem = fileProblem(file.name, file.size);
      if (problem) {
        set({ ...WIZARD, error: problem });
        return;
      }
      set({ ...WIZARD, opening: file.name, report: null });
      try {
        const ref = await getBridge().fileRef(file);
        if (!ref.ok) throw new AppFailure('imports.open', ref.error);
        const opened = await call('imports.open', { path: ref.value });
        get().openedElsewhere(opened);
      } catch (err) {
        set({ opening: null, error: messageOf(err) });
      }
    },

    async openSample() {
      previews.cancel();
      set({ ...WIZARD, opening: 'the sample customer spreadsheet', report: null });
      try {
        get().openedElsewhere(await call('imports.openSample'));
      } catch (err) {
        set({ opening: null, error: messageOf(err) });
      }
    },

    openedElsewhere(file) {
      previews.cancel();
      set({ ...WIZARD, file, report: null, sheet: null });
      void loadPreview();
    },

    chooseSheet(sheet) {
      if (sheet === get().sheet) return;
      set({ sheet, mapping: {}, detected: [], suggestions: [], duplicateChoices: [], preview: null });
      void loadPreview();
    },

    setMapping(mapping) {
      // Accepted suggestions stay: the core applies each only where its row is still rejected with it.
      set({ mapping });
      void loadPreview();
    },

    setCarrier(carrier) {
      if (carrier === get().carrier) return;
      set({ carrier });
      void loadPreview();
    },

    acceptSuggestions(rows) {
      const known = new Set(get().suggestions.map((s) => s.row));
      const added = rows.filter((r) => !known.has(r.row));
      if (added.length === 0) return;
      set({ suggestions: [...get().suggestions, ...added] });
      void loadPreview();
    },

    undoSuggestion(row) {
      set({ suggestions: get().suggestions.filter((s) => s.row !== row) });
      void loadPreview();
    },

    chooseDuplicateValue(choice) {
      const same = (c: DuplicateChoice) => c.type === choice.type && c.reference === choice.reference && c.field === choice.field;
      set({ duplicateChoices: [...get().duplicateChoices.filter((c) => !same(c)), choice] });
      void loadPreview();
    },

    clearDuplicateChoices() {
      if (get().duplicateChoices.length === 0) return;
      set({ duplicateChoices: [] });
      void loadPreview();
    },

    async start(goOnWithWhatFits) {
      const input = options();
      if (!input || get().starting) return;
      set({ starting: true, error: null });
      const asked = jobEvents.mark();
      try {
        const job = await call('imports.start', goOnWithWhatFits ? { ...input, goOnWithWhatFits } : input);
        set({ ...WIZARD });
        startedJob(job, asked);
      } catch (err) {
        set({ starting: false, error: messageOf(err) });
      }
    },

    closeWizard() {
      previews.cancel();
      set({ ...WIZARD });
    },

    async loadJobs() {
      const asked = jobEvents.mark();
      try {
        const loaded = await jobReads.run((signal) => call('imports.jobs', undefined, { signal }));
        // A job an event told about after the list was asked for keeps what the event said.
        const current = new Map(get().jobs.map((j) => [j.jobId, j]));
        const jobs = loaded.map((j) => (jobEvents.since(asked, j.jobId) !== undefined ? current.get(j.jobId) : undefined) ?? j);
        set({ jobs });
      } catch (err) {
        if (isAbort(err)) return;
        useUi.getState().toast(`The list of imports could not be read: ${messageOf(err)}`);
      }
    },

    applyProgress({ jobId, state, progress, message }) {
      jobEvents.heard(jobId, state);
      const job = get().jobs.find((j) => j.jobId === jobId);
      if (!job) {
        void get().loadJobs();
        return;
      }
      const done = state === 'done' ? job.references : (progress?.done ?? job.done);
      upsertJob({ ...job, state, progress: state === 'running' ? (progress ?? job.progress) : null, message, done });
      if (state === 'running') return;
      // The finished job's own numbers (done, finishedAt) come from the core; the balance moved.
      void get().loadJobs();
      void useCredits.getState().load();
      const ui = useUi.getState();
      if (state === 'done' && get().watchedJobId === jobId) {
        set({ watchedJobId: null });
        // A wizard the person has since started on another file is not pushed aside.
        const busy = get().file !== null || get().opening !== null;
        if (!busy) void get().openReport(jobId);
        if (busy || ui.view !== 'import') ui.toast(`The import of ${job.fileName} is finished; its report is ${busy ? 'in the list of imports' : 'on the Import page'}.`, 'info');
      } else if (state !== 'done') {
        const why = (message ?? 'no reason given').replace(/\.+$/, '');
        ui.toast(`The import of ${job.fileName} stopped: ${why}. Resume it from the Import page.`);
      }
    },

    async resume(jobId) {
      const asked = jobEvents.mark();
      try {
        startedJob(await call('imports.resume', jobId), asked);
      } catch (err) {
        useUi.getState().toast(`The import could not be resumed: ${messageOf(err)}`);
      }
    },

    async openReport(jobId) {
      try {
        set({ report: await call('imports.report', jobId) });
      } catch (err) {
        useUi.getState().toast(`The report could not be read: ${messageOf(err)}`);
      }
    },

    closeReport() {
      set({ report: null });
    },
  };
});

export function resetImportsStore(): void {
  previews.cancel();
  jobReads.cancel();
  jobEvents.clear();
  useImports.setState({ ...INITIAL });
}
