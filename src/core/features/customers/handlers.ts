/** The Customers view's methods (`customers.*`): customers and rules, preview, drafts, the outbox, the mail settings. */
import type { CustomerLanguage } from '../../../shared/customer-rules.js';
import type { Core } from '../../context.js';
import type { AreaHandlers, Host } from '../../handlers.js';
import { AppFailure } from '../../platform/failure.js';
import { customerChoices, customerNamed, customerSummaries, removeCustomer, ruleOf, setCustomer } from './customers.js';
import { mailSettings, passwordKept, removeMail, sendingReadiness, setMail, smtpAccess } from './mail-config.js';
import { personMove } from './outbox-work.js';
import { sendTestMail } from './smtp.js';
import { composeFor, previewView } from './updates.js';
import { outboxItem, newsSentences } from './views.js';
import { defaultDraftFolder, draftNow, sendNow, writeKeptDraft, type DraftPlace, type WorkOptions } from './work.js';

export function createCustomersHandlers(core: Core, host: Host, options: WorkOptions): AreaHandlers<'customers'> {
  const where: DraftPlace = host.placeDraft ? { place: host.placeDraft } : { directory: defaultDraftFolder(core) };
  const draftView = async (written: { update: Parameters<typeof outboxItem>[0]; path: string; download: string | null }) => ({
    item: outboxItem(written.update),
    path: written.path,
    download: written.download,
    opened: host.openDraft ? await host.openDraft(written.path).catch(() => false) : false,
  });
  const mailPage = async () => {
    const settings = mailSettings(core);
    return {
      settings: settings === null ? null : { ...settings, passwordKept: await passwordKept(core, settings) },
      sending: sendingReadiness(core, options),
    };
  };
  const languageOf = (customerId: number): CustomerLanguage => {
    const record = core.read.customers.getCustomer(customerId);
    return (record ? ruleOf(record)?.language : undefined) ?? 'en';
  };
  const updateNamed = (id: string) => {
    const update = core.read.customers.getUpdate(id);
    if (!update) throw new AppFailure('not-found', 'That update is no longer in the outbox; the list has been refreshed.');
    return update;
  };

  return {
    'customers.list': async () => ({
      customers: customerSummaries(core),
      columns: core.read.shipmentFacets().fieldNames,
      watchlists: core.read.listWatchlists().map((w) => w.name),
      sending: sendingReadiness(core, options),
    }),
    'customers.save': async ({ rule, previousName }) => {
      const saved = setCustomer(core, rule, previousName ?? null);
      return customerSummaries(core, [saved])[0]!;
    },
    'customers.remove': async ({ name }) => {
      removeCustomer(core, name);
    },
    'customers.preview': async ({ name }) => {
      const [composed] = await composeFor(core, [customerNamed(core.read, name)], options.turn);
      return previewView(composed!);
    },
    'customers.outbox': async (input) => {
      const customerId = input?.customer === undefined ? undefined : customerNamed(core.read, input.customer).record.id;
      return core.read.customers.listUpdates({ customerId, limit: input?.limit ?? 200 }).map(outboxItem);
    },
    'customers.update': async ({ id }) => {
      const update = updateNamed(id);
      return { item: outboxItem(update), text: update.text, html: update.html };
    },
    'customers.draft': async ({ name }) => {
      const written = await draftNow(core, name, where, options);
      return written === null ? null : draftView(written);
    },
    'customers.openDraft': async ({ id }) => draftView(await writeKeptDraft(core, updateNamed(id), where)),
    'customers.sendNow': async ({ name }) => {
      const sent = await sendNow(core, name, options);
      return sent === null ? null : outboxItem(sent);
    },
    'customers.markSent': async ({ id }) => outboxItem(await personMove(core, id, 'marked-sent')),
    'customers.sendAgain': async ({ id }) => outboxItem(await personMove(core, id, 'send-again')),
    'customers.discard': async ({ id }) => outboxItem(await personMove(core, id, 'discard')),
    'customers.choices': async ({ column }) => customerChoices(core.read, column),
    'customers.forShipment': async ({ shipmentId }) =>
      core.read.customers.updatesMentioning(shipmentId).map((u) => ({
        id: u.id,
        customer: u.customer,
        subject: u.subject,
        state: u.entry.state,
        createdAt: u.createdAt,
        sentAt: u.entry.sentAt,
        news: newsSentences(u.news, languageOf(u.customerId)),
      })),
    'customers.mail': mailPage,
    'customers.setMail': async ({ settings, password }) => {
      await setMail(core, settings, password, options);
      return mailPage();
    },
    'customers.removeMail': async () => {
      await removeMail(core);
      return mailPage();
    },
    'customers.testMail': async ({ to }) => {
      const access = await smtpAccess(core, options);
      if (!access) return { ok: false, sentence: sendingReadiness(core, options).reason ?? 'Sending is not set up.' };
      const result = await sendTestMail(access, to, core.now());
      if (result.outcome === 'accepted') {
        const refused = result.rejected.length > 0 ? ` It refused ${result.rejected.join(', ')}.` : '';
        return { ok: result.rejected.length === 0, sentence: `The mail server took the test mail for ${to}: look for "Quayside test mail" in that mailbox.${refused}` };
      }
      return { ok: false, sentence: result.sentence };
    },
  };
}
