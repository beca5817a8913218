import type { Audience } from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { AudienceRepository } from './audience-repository.js';
import type { createDeleteAudience } from './delete-audience.js';
import type { DescribeAudiences } from './describe-audiences.js';
import type { createListAudiences } from './list-audiences.js';
import type { ReceiveAudience } from './receive-audience.js';

/** The routes' use cases in one object (each is its own file). */
export function createAudienceService(deps: {
  repo: Pick<AudienceRepository, 'one'>;
  describe: DescribeAudiences;
  receive: ReceiveAudience;
  list: ReturnType<typeof createListAudiences>;
  remove: ReturnType<typeof createDeleteAudience>;
}) {
  return {
    receive: deps.receive,
    list: (p: Principal, userId: number) => deps.list(p, userId),
    remove: (p: Principal, audienceId: number) => deps.remove(p, audienceId),
    /** One audience as answered right after its upload (the caller has just made it). */
    async one(audienceId: number): Promise<Audience> {
      const row = await deps.repo.one(audienceId);
      if (!row) throw notFound();
      const [view] = await deps.describe([row]);
      if (!view) throw notFound();
      return view;
    },
  };
}

export type AudienceService = ReturnType<typeof createAudienceService>;
