import { cliDates } from '../dates.js';
import type { Command, Context } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { readSecret } from '../secret-input.js';
import type { TeamStatus } from '../../shared/contract/index.js';
import { joinTeam, leaveTeam, nameDesk, teamStatus } from '../../team/index.js';

function ago(iso: string): string {
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (seconds < 90) return `${seconds} s ago`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

function describe(ctx: Context, status: TeamStatus): void {
  ctx.out.line(`Team ${status.team}, desk "${status.desk}": ${status.connected ? 'connected' : 'not connected'}.`);
  if (!status.connected) return;
  ctx.out.line(status.leader ? `Sync leader: ${status.leader}.` : 'No desk leads the sync right now (none has Quayside open).');
  ctx.out.line(`Desks on this key: ${status.desks.map((d) => `${d.desk} (seen ${ago(d.lastSeenAt)})`).join(', ')}.`);
  ctx.out.line(`Last pull from the team: ${status.lastPullAt ? cliDates().utcDateTime(status.lastPullAt) : 'never'}; waiting to be pushed: ${status.pending}.`);
  if (status.notesWaiting) ctx.out.line(`Notes waiting for the service: ${status.notesWaiting} (sent by the next \`quayside sync\`).`);
}

export const teamCommand: Command = {
  name: 'team',
  usage: 'team join [--desk NAME] | team status [--json] | team leave',
  help: () => 'With QUAYSIDE_TEAM_URL set, `team join --desk NAME` only names this desk (no address to pipe in, no keychain).',
  summary: 'join the team database of the desks on this API key (the address read from stdin), show the team, or leave it',
  options: { desk: { type: 'string' } },
  async run(ctx, args, values) {
    const action = args[0];
    const service = ctx.service();
    if (action === 'join') {
      const named = typeof values.desk === 'string' ? await nameDesk(service, values.desk) : null;
      if (named) {
        const { problem, ...status } = named;
        ctx.out.data(status);
        ctx.out.line(`This desk is named "${status.desk}" in the team QUAYSIDE_TEAM_URL gives (kept with this cache).`);
        if (status.team) describe(ctx, status);
        if (problem) ctx.out.note(problem);
        return;
      }
      const text = await readSecret(ctx, 'Paste the team database address (postgres://…) and press Enter: ');
      if (!text) throw new UserError('No address was given; pipe it in, for example: printf %s "$TEAM_URL" | quayside team join');
      const { status, overriddenByEnv } = await joinTeam(service, text, (values.desk as string | undefined) ?? undefined);
      ctx.out.data(status);
      ctx.out.line(`Joined the team at ${status.team} as desk "${status.desk}"; the address is stored in the system keychain.`);
      describe(ctx, status);
      if (overriddenByEnv) ctx.out.note('QUAYSIDE_TEAM_URL is set: while it is, it wins over the address just stored.');
      return;
    }
    if (action === 'status') {
      const { problem, ...status } = await teamStatus(service);
      ctx.out.data(status);
      if (!status.team) ctx.out.line('This desk is in no team; run "quayside team join" with the team database\'s address.');
      else describe(ctx, status);
      if (problem) ctx.out.note(problem);
      return;
    }
    if (action === 'leave') {
      const result = await leaveTeam(service);
      ctx.out.data(result);
      if (!result.left) ctx.out.line('This desk was in no team.');
      else ctx.out.line(`This desk left the team${result.told ? '' : ' (the team database could not be told; its entry for this desk will simply age)'}; it works alone on its own cache.`);
      if (result.envStillSet) ctx.out.note('QUAYSIDE_TEAM_URL is still set: unset it, or this command line keeps working in that team.');
      return;
    }
    throw new UsageError(action ? `Unknown team action "${action}".` : 'Say what to do: join, status or leave.');
  },
};
