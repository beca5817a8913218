import type { Audience } from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { AudienceAccess } from './audience-access.js';
import type { AudienceRepository } from './audience-repository.js';
import type { DescribeAudiences } from './describe-audiences.js';

/*
 * `GET /leadspeek/simplifi/audience/{user_id}` (spec 2 §5: the audience list is refused without a
 * user id; decision 0114): the audiences of that person's company — a client's own, an agency's
 * own and its clients' — newest first, each with its status, counts and progress. The route has
 * checked the user id against the caller's scope; here the company must be able to open Simplifi.
 */
export function createListAudiences(deps: {
  repo: Pick<AudienceRepository, 'ofCompany'>;
  access: Pick<AudienceAccess, 'owner'>;
  companyOfUser: (userId: number) => Promise<number | null>;
  describe: DescribeAudiences;
}) {
  return async function listAudiences(p: Principal, userId: number): Promise<Audience[]> {
    const companyId = await deps.companyOfUser(userId);
    if (companyId === null) throw notFound();
    const owner = await deps.access.owner(p, companyId);
    return deps.describe(await deps.repo.ofCompany(owner.companyId, owner.kind === 'agency'));
  };
}
