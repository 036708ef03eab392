/**
 * Customer updates in the window: the customers and their rules, the selected
 * customer's next update, the outbox and history, the last draft made, and one update opened to
 * read again. Everything goes through the typed contract (`customers.*`); `connectCustomers`
 * follows the engine's 'customers.changed' and 'customers.outbox'.
 */
import { create } from 'zustand';
import type { ApiOutput, OutboxItemView, UpdatePreviewView } from '../../shared/contract';
import type { CustomerRule } from '../../shared/customer-rules';
import { onBridgeReconnect } from '../api/bridge';
import { call, messageOf, onEvent } from '../api/call';
import { isAbort, newestOnly } from '../api/newest';
import { useUi } from './ui';

type CustomersPage = ApiOutput<'customers.list'>;
type DraftMade = NonNullable<ApiOutput<'customers.draft'>>;
type OpenedUpdate = ApiOutput<'customers.update'>;

export interface CustomersState {
  page: CustomersPage | null;
  outbox: readonly OutboxItemView[];
  selected: string | null;
  preview: UpdatePreviewView | null;
  /** The draft just written: opened in the mail program (desktop) or offered as a download (browser). */
  draft: { id: string; customer: string; opened: boolean; download: string | null; path: string } | null;
  /** A past update opened to read again. */
  opened: OpenedUpdate | null;
  /** Updates that need a person (drafts, uncertain ones, those waiting for a fix). */
  needPerson: number;

  load(): Promise<void>;
  select(name: string): void;
  /** Null when saved, or the sentence why not. */
  save(rule: CustomerRule, previousName: string | null): Promise<string | null>;
  remove(name: string): Promise<void>;
  makeDraft(name: string): Promise<void>;
  sendNow(name: string): Promise<void>;
  markSent(id: string): Promise<void>;
  sendAgain(id: string): Promise<void>;
  /** Throws a draft (or a refused update) away: its news goes in the next update. */
  discard(id: string): Promise<void>;
  /** Writes a kept draft's .eml again: opened in the mail program, or offered as a download. */
  draftAgain(id: string): Promise<void>;
  openUpdate(id: string): Promise<void>;
  closeUpdate(): void;
}

const previews = newestOnly();

const toast = (error: unknown) => useUi.getState().toast(messageOf(error));

export const useCustomers = create<CustomersState>()((set, get) => {
  const refreshPreview = (): void => {
    const name = get().selected;
    if (name === null) return;
    void previews
      .run((signal) => call('customers.preview', { name }, { signal }))
      .then((preview) => set({ preview }))
      .catch((error: unknown) => {
        if (!isAbort(error)) toast(error);
      });
  };
  const afterMove = async (): Promise<void> => {
    await get().load();
    refreshPreview();
  };
  return {
    page: null,
    outbox: [],
    selected: null,
    preview: null,
    draft: null,
    opened: null,
    needPerson: 0,

    async load() {
      try {
        const [page, outbox] = await Promise.all([call('customers.list'), call('customers.outbox', { limit: 200 })]);
        const needPerson = outbox.filter((u) => u.state === 'uncertain' || u.state === 'draft' || (u.state === 'waiting' && u.nextAttemptAt === null)).length;
        // A draft discarded or marked sent elsewhere (another window, the CLI) no longer stands as "just made".
        const draft = get().draft;
        if (draft !== null && outbox.find((u) => u.id === draft.id)?.state !== 'draft') set({ draft: null });
        set({ page, outbox, needPerson });
      } catch (error) {
        toast(error);
      }
    },
    select(name) {
      if (get().selected !== name) set({ selected: name, preview: null, draft: null });
      refreshPreview();
    },
    async save(rule, previousName) {
      try {
        await call('customers.save', { rule, ...(previousName !== null && previousName !== rule.name ? { previousName } : {}) });
      } catch (error) {
        return messageOf(error);
      }
      set({ selected: rule.name, preview: null });
      await afterMove();
      return null;
    },
    async remove(name) {
      await call('customers.remove', { name });
      set({ selected: null, preview: null, draft: null });
      await get().load();
    },
    async makeDraft(name) {
      try {
        const made: DraftMade | null = await call('customers.draft', { name });
        if (made === null) {
          useUi.getState().toast(`Nothing new for ${name}: no draft was made.`, 'info');
        } else {
          set({ draft: { id: made.item.id, customer: name, opened: made.opened, download: made.download, path: made.path } });
          if (made.opened) useUi.getState().toast('The draft opened in your mail program. Mark it sent here once you have sent it.', 'info');
        }
        await afterMove();
      } catch (error) {
        toast(error);
      }
    },
    async sendNow(name) {
      try {
        const item = await call('customers.sendNow', { name });
        useUi.getState().toast(item === null ? `Nothing new for ${name}: nothing was sent.` : `The update to ${name} is in the outbox.`, 'info');
        await afterMove();
      } catch (error) {
        toast(error);
      }
    },
    async markSent(id) {
      try {
        await call('customers.markSent', { id });
        await afterMove();
      } catch (error) {
        toast(error);
      }
    },
    async sendAgain(id) {
      try {
        await call('customers.sendAgain', { id });
        await afterMove();
      } catch (error) {
        toast(error);
      }
    },
    async discard(id) {
      try {
        const item = await call('customers.discard', { id });
        if (get().opened?.item.id === id) set({ opened: null });
        if (get().draft?.id === id) set({ draft: null });
        useUi.getState().toast(`The draft to ${item.customer} is discarded: its news goes in their next update.`, 'info');
        await afterMove();
      } catch (error) {
        toast(error);
      }
    },
    async draftAgain(id) {
      try {
        const made = await call('customers.openDraft', { id });
        set({ draft: { id, customer: made.item.customer, opened: made.opened, download: made.download, path: made.path } });
        if (made.opened) useUi.getState().toast('The draft opened in your mail program. Mark it sent here once you have sent it.', 'info');
      } catch (error) {
        toast(error);
      }
    },
    async openUpdate(id) {
      try {
        set({ opened: await call('customers.update', { id }) });
      } catch (error) {
        toast(error);
      }
    },
    closeUpdate: () => set({ opened: null }),
  };
});

/** Follows the engine: rules changed here or in the team, updates composed or moved on. */
export function connectCustomers(): () => void {
  const reload = () => {
    const state = useCustomers.getState();
    if (state.page !== null) void state.load();
  };
  const offs = [
    onEvent('customers.changed', reload),
    onEvent('customers.outbox', ({ needPerson }) => {
      useCustomers.setState({ needPerson });
      reload();
    }),
    onBridgeReconnect(reload),
  ];
  return () => {
    for (const off of offs) off();
  };
}
