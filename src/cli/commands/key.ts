import type { Command } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { readSecret } from '../secret-input.js';
import { deleteKey, keyStatus, setKey } from '../../core/features/settings/index.js';
import { counted } from '../../shared/plural.js';

export const keyCommand: Command = {
  name: 'key',
  usage: 'key set|status|delete',
  summary: 'store the API key in the system keychain (read from stdin), show whether one is set, or delete it',
  async run(ctx, args) {
    const action = args[0];
    const service = ctx.service();
    if (action === 'set') {
      const key = await readSecret(ctx, 'Paste your API key and press Enter: ');
      if (!key) throw new UserError('No key was given; pipe it in, for example: printf %s "$KEY" | quayside key set');
      const credits = await setKey(service, key);
      const status = await keyStatus(service);
      ctx.out.data({ stored: true, apiBase: status.apiBase, last4: key.slice(-4), credits });
      ctx.out.line(`API key …${key.slice(-4)} accepted by ${status.apiBase} and stored in the system keychain; ${counted(credits.remaining, 'credit')} left.`);
      return;
    }
    if (action === 'status') {
      const status = await keyStatus(service);
      ctx.out.data({ stored: status.source !== null, ...status });
      if (!status.source) ctx.out.line(`No API key is set for ${status.apiBase}; run "quayside key set".`);
      else ctx.out.line(`API key …${status.last4} for ${status.apiBase}, from the ${status.source === 'keychain' ? 'system keychain' : 'QUAYSIDE_API_KEY environment variable'}.`);
      return;
    }
    if (action === 'delete') {
      const deleted = await deleteKey(service);
      ctx.out.data({ deleted });
      ctx.out.line(deleted ? 'The API key was removed from the system keychain.' : 'No API key was stored for this service.');
      return;
    }
    throw new UsageError(action ? `Unknown key action "${action}".` : 'Say what to do with the key.');
  },
};
