import { NOT_CONNECTED, type ServiceListRead } from '@app/contracts';
import { HttpError } from '../../http-errors.js';
import type { TargetKind } from '../../providers/integrations/provider.js';
import type { ProviderRegistry } from '../../providers/integrations/registry.js';
import type { ConnectionRepository } from './connection-repository.js';
import type { ManageConnections } from './manage-connections.js';

/**
 * The spec's list reads of a connected service (SendGrid's lists, Kartra's lists and tags; decision
 * 0103): "failed reads give empty results" (spec 2 §7), so a company without a connection, or one
 * the service refuses, gets 200 with no items and the reason (the web app's error toast, spec 2 §8)
 * rather than an error status. Anything else (the database failing) stays an error.
 */
export function createServiceListRead(deps: {
  manage: Pick<ManageConnections, 'targets'>;
  connections: Pick<ConnectionRepository, 'find'>;
  providers: ProviderRegistry;
}) {
  return async (companyId: number, slug: string, kind: TargetKind): Promise<ServiceListRead> => {
    const sandbox = deps.providers.get(slug)?.meta.sandbox ?? false;
    if (!(await deps.connections.find(companyId, slug)))
      return { data: [], connected: false, error: NOT_CONNECTED, sandbox };
    try {
      return {
        data: (await deps.manage.targets(companyId, slug, kind)).data,
        connected: true,
        error: null,
        sandbox,
      };
    } catch (err) {
      // The service's refusal (a revoked key), said as the manage layer words it (400).
      if (err instanceof HttpError && err.statusCode === 400)
        return { data: [], connected: true, error: err.message, sandbox };
      throw err;
    }
  };
}
