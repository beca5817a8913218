import { NOT_INVITED_MESSAGE } from '@app/contracts';
import { badRequest, notFound } from '../../http-errors.js';
import { createNode } from './create-node.js';
import {
  type CallContext,
  createManagementContext,
  type UserManagementDependencies,
} from './management-context.js';
import { expectedCompanyId, nodeKindOf } from './node-rules.js';
import { updateNode } from './update-node.js';
import { accountStatus } from './user-nodes.js';

export type { AgencyHosts, CallContext, UserManagementDependencies } from './management-context.js';

/**
 * Agency, client and staff management (spec 2 §7): who may create, edit and remove whom, with the
 * validation of spec 2 §5 and the uniqueness rules. Every write records a user log.
 */
export function createUserManagementService(deps: UserManagementDependencies) {
  const m = createManagementContext(deps);
  const { repo } = deps;

  return {
    create: (ctx: CallContext, body: Parameters<typeof createNode>[2]) => createNode(m, ctx, body),
    update: (ctx: CallContext, body: Parameters<typeof updateNode>[2]) => updateNode(m, ctx, body),

    async remove(ctx: CallContext, companyId: number, userId: number) {
      const { user, company, kind } = await m.manageable(ctx, userId, companyId, 'remove');
      if (kind === 'staff') {
        await repo.removeUser(user.id, 'account removed');
      } else {
        const removed = await repo.removeCompanyTree(company.id, `${kind} removed`);
        if (kind === 'agency') deps.hosts.hostsReleased();
        await m.record(ctx, {
          companyId: company.id,
          targetUserId: user.id,
          action: `${kind}_removed`,
          category: kind === 'client' ? 'client' : 'user',
          description:
            kind === 'agency'
              ? `Removed the agency ${company.name} with ${removed - 1} client${removed - 1 === 1 ? '' : 's'}`
              : `Removed the client ${company.name}`,
        });
        return;
      }
      await m.record(ctx, {
        companyId: company.id,
        targetUserId: user.id,
        action: 'user_removed',
        category: 'user',
        description: `Removed ${user.name} (${user.email})`,
      });
    },

    async resendInvitation(ctx: CallContext, userId: number) {
      const target = await repo.userWithCompany(userId);
      if (!target || target.user.systemId !== ctx.principal.systemId) throw notFound();
      const kind = nodeKindOf(target.user, target.company);
      const expected = expectedCompanyId(kind, target.company);
      if (expected === null) throw notFound();
      const { user, company } = await m.manageable(ctx, userId, expected, 'edit');
      if (accountStatus({ status: user.status, has_password: user.passwordHash !== null }) !== 'invited')
        throw badRequest(NOT_INVITED_MESSAGE);
      await m.invite(ctx, user, company);
      await m.record(ctx, {
        companyId: company.id,
        targetUserId: user.id,
        action: 'invitation_resent',
        category: kind === 'client' ? 'client' : 'user',
        description: `Sent a new invitation to ${user.email}`,
      });
    },

    async toggleExclusion(
      ctx: CallContext,
      companyId: number,
      flag: 'exclude_minimum_spend' | 'exclude_onboard_charge',
    ) {
      const agency = await m.agencyForSwitch(ctx, companyId);
      const excluded = await repo.toggle(agency.id, flag);
      const what = flag === 'exclude_minimum_spend' ? 'minimum spend' : 'the onboarding charge';
      await m.record(ctx, {
        companyId: agency.id,
        targetUserId: null,
        action: flag,
        category: 'settings',
        description: `${excluded ? 'Excluded' : 'Included'} ${agency.name} ${excluded ? 'from' : 'in'} ${what}`,
      });
      return excluded;
    },
  };
}

export type UserManagementService = ReturnType<typeof createUserManagementService>;
