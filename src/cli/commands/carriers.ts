import { cliDates } from '../dates.js';
import type { Command } from '../context.js';
import { carrierDirectory } from '../../core/features/settings/index.js';
import { readCredits } from '../../core/features/credits/index.js';
import { counted } from '../../shared/plural.js';

export const carriersCommand: Command = {
  name: 'carriers',
  usage: 'carriers [--refresh] [--json]',
  summary: 'the carrier directory (SCAC and what each can track), cached',
  options: { refresh: { type: 'boolean' } },
  async run(ctx, _args, values) {
    const { carriers, fetchedAt } = await carrierDirectory(ctx.service(), { refresh: Boolean(values.refresh) });
    ctx.out.data(carriers);
    const yes = (b: boolean) => (b ? 'yes' : '—');
    ctx.out.table(
      carriers.map((c) => ({ scac: c.scac, name: c.name, cn: yes(c.cn), bl: yes(c.bl), bk: yes(c.bk) })),
      [
        { key: 'scac', title: 'SCAC' },
        { key: 'name', title: 'CARRIER', max: 44 },
        { key: 'cn', title: 'CONTAINER' },
        { key: 'bl', title: 'B/L' },
        { key: 'bk', title: 'BOOKING' },
      ],
    );
    ctx.out.line(carriers.length === 0 ? 'No carriers read from the service yet; "quayside sync" reads the list when the service answers.' : `${counted(carriers.length, 'carrier')}, read from the service at ${fetchedAt ? cliDates().utcDateTime(fetchedAt) : 'never'}.`);
  },
};

export const creditsCommand: Command = {
  name: 'credits',
  usage: 'credits [--json]',
  summary: 'the tracking credits left on the account',
  async run(ctx) {
    const credits = await readCredits(ctx.service());
    ctx.out.data({ remaining: credits.remaining, checkedAt: credits.checkedAt });
    ctx.out.line(`${credits.remaining} tracking credits left (checked ${cliDates().utcDateTime(credits.checkedAt)}).`);
  },
};
