/** The carrier directory (GET /v2/companies), fetched once and kept in the cache. */
import type { Carrier } from '../../platform/api/types.js';
import type { QuaysideService } from '../../core.js';

export async function carrierDirectory(service: QuaysideService, options: { refresh?: boolean } = {}): Promise<{ carriers: Carrier[]; fetchedAt: string | null }> {
  if (options.refresh || !service.store.carriersFetchedAt()) {
    const list = await service.api().carriers();
    service.store.replaceCarriers(list, service.now().toISOString());
  }
  return { carriers: service.store.listCarriers(), fetchedAt: service.store.carriersFetchedAt() };
}
