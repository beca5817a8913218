import type { CompanyKind } from '@app/contracts';
import { mayActAs } from '@app/policy';
import { notFound } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { IdentityRepository, UserRow } from './identity-repository.js';

/** Where a company sits in the tree. */
export interface TreePosition {
  kind: CompanyKind;
  parentId: number | null;
}

/**
 * The person a caller asks to act as (view mode, single sign-on), when the policy lets them: else
 * 404, exactly like an unknown id, so nobody learns who sits above them.
 */
export async function actableTarget(
  deps: {
    repo: Pick<IdentityRepository, 'findUser'>;
    companyOf(companyId: number): Promise<TreePosition | undefined>;
  },
  p: Principal,
  userId: number,
): Promise<UserRow> {
  const target = await deps.repo.findUser(userId);
  const company = target ? await deps.companyOf(target.companyId) : undefined;
  if (
    !target ||
    !company ||
    !mayActAs(p, {
      userId: target.id,
      systemId: target.systemId,
      userType: target.userType,
      isSystemUser: target.isSystemUser,
      companyKind: company.kind,
      companyParentId: company.parentId,
      disabled: target.status === 'disabled' || target.deletedAt !== null,
    })
  )
    throw notFound();
  return target;
}
