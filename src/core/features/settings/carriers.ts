/** The carrier directory (GET /v2/companies), fetched once and kept in the cache. */
import type { Carrier } from '../../platform/api/types.js';
import type { Core } from '../../context.js';

export async function carrierDirectory(core: Core, options: { refresh?: boolean } = {}): Promise<{ carriers: Carrier[]; fetchedAt: string | null }> {
  if (options.refresh || !core.read.carriersFetchedAt()) {
    const list = await core.api().carriers();
    core.write((tx) => tx.replaceCarriers(list, core.now().toISOString()));
  }
  return { carriers: core.read.listCarriers(), fetchedAt: core.read.carriersFetchedAt() };
}
