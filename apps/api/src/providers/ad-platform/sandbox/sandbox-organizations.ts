import { and, asc, count, eq, isNull, ne, sandboxAdCampaigns, sandboxAdOrganizations } from '@app/db';
import { localDate } from '@app/lead-engine';
import type {
  AdPlatform,
  CreateOrganizationInput,
  DeleteInput,
  ListOrganizationsRequest,
  UpdateOrganizationInput,
} from '../ad-platform.js';
import { checkOrganization } from '../requests.js';
import { checkDelete, checkListOrganizations, checkOrganizationUpdate } from '../requests-organizations.js';
import { newAdId, organizationOf, readOrganization, runIdempotent } from './sandbox-ad-store.js';
import { illegal, notFound, type SandboxContext } from './sandbox-context.js';

/** An active or paused campaign past its end date has ended; a draft never ends by itself. */
const hasEnded = (c: { status: string; endDate: string | null; timeZone: string }, at: Date) =>
  c.status !== 'draft' && c.endDate !== null && localDate(at, c.timeZone) > c.endDate;

/*
 * The sandbox's organisations (decisions 0044, 0112): a tree under the platform's account, each
 * created, renamed, listed under its parent and deleted once it holds nothing that runs.
 */

type OrganizationCalls = Pick<
  AdPlatform,
  'createOrganization' | 'getOrganization' | 'listOrganizations' | 'updateOrganization' | 'deleteOrganization'
>;

export function sandboxOrganizations({ db, now }: SandboxContext): OrganizationCalls {
  async function mustRead(id: string) {
    const organization = await readOrganization(db, id);
    if (!organization) throw new Error(`sandbox organisation ${id} vanished`);
    return organization;
  }

  return {
    async createOrganization(input: CreateOrganizationInput) {
      const checked = checkOrganization(input);
      const id = await runIdempotent(db, 'organization.create', input, async (tx) => {
        if (checked.parentId !== null && !(await readOrganization(tx, checked.parentId)))
          throw notFound('organisation', checked.parentId, 'parentId');
        const orgId = newAdId('org');
        await tx.insert(sandboxAdOrganizations).values({ id: orgId, ...checked });
        return orgId;
      });
      return mustRead(id);
    },

    getOrganization: (id: string) =>
      typeof id === 'string' && id !== '' ? readOrganization(db, id) : Promise.resolve(null),

    async listOrganizations(input: ListOrganizationsRequest) {
      const { parentId } = checkListOrganizations(input);
      if (parentId !== null && !(await readOrganization(db, parentId)))
        throw notFound('organisation', parentId, 'parentId');
      const rows = await db
        .select()
        .from(sandboxAdOrganizations)
        .where(
          and(
            parentId === null
              ? isNull(sandboxAdOrganizations.parentId)
              : eq(sandboxAdOrganizations.parentId, parentId),
            isNull(sandboxAdOrganizations.deletedAt),
          ),
        )
        .orderBy(asc(sandboxAdOrganizations.createdAt), asc(sandboxAdOrganizations.id));
      return rows.map(organizationOf);
    },

    async updateOrganization(input: UpdateOrganizationInput) {
      const { id, changes } = checkOrganizationUpdate(input);
      await runIdempotent(db, 'organization.update', input, async (tx) => {
        if (!(await readOrganization(tx, id, { lock: true }))) throw notFound('organisation', id, 'id');
        await tx.update(sandboxAdOrganizations).set(changes).where(eq(sandboxAdOrganizations.id, id));
        return id;
      });
      return mustRead(id);
    },

    async deleteOrganization(input: DeleteInput) {
      const id = checkDelete(input, 'organisation');
      await runIdempotent(db, 'organization.delete', input, async (tx) => {
        const [row] = await tx
          .select()
          .from(sandboxAdOrganizations)
          .where(eq(sandboxAdOrganizations.id, id))
          .for('update');
        if (!row) throw notFound('organisation', id, 'id');
        if (row.deletedAt) return id; // deleted before: nothing left to do
        const [children] = await tx
          .select({ n: count() })
          .from(sandboxAdOrganizations)
          .where(and(eq(sandboxAdOrganizations.parentId, id), isNull(sandboxAdOrganizations.deletedAt)));
        if ((children?.n ?? 0) > 0)
          throw illegal('The organisation holds other organisations; delete those first.');
        // An ended campaign (stopped, or past its end date) serves nothing again; any other could.
        const campaigns = await tx
          .select({
            status: sandboxAdCampaigns.status,
            endDate: sandboxAdCampaigns.endDate,
            timeZone: sandboxAdCampaigns.timeZone,
          })
          .from(sandboxAdCampaigns)
          .where(and(eq(sandboxAdCampaigns.organizationId, id), ne(sandboxAdCampaigns.status, 'ended')));
        const at = now();
        if (campaigns.some((c) => !hasEnded(c, at)))
          throw illegal('The organisation holds campaigns that have not ended; stop them first.');
        await tx
          .update(sandboxAdOrganizations)
          .set({ deletedAt: now() })
          .where(eq(sandboxAdOrganizations.id, id));
        return id;
      });
    },
  };
}
