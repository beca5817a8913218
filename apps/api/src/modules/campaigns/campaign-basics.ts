import { wholeNumberOf } from '@app/contracts';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import type { AuditLog } from '../audit/index.js';
import type { PrepaidLots } from '../billing/index.js';
import type { Principal } from '../tenancy/index.js';
import type { CampaignRecord, CampaignRepository, ClientContext } from './campaign-repository.js';

/*
 * What every campaign use case reads and writes beside its own work (decision 0111): a campaign
 * found with its prepaid leads left, the client a campaign belongs to, and the user log's line.
 */

export const conflict = (message: string, code = 'illegal_move') => new HttpError(409, code, message);
export const REMOVED_CAMPAIGN = 'This campaign was removed; it can no longer be changed.';

export function createCampaignBasics(deps: {
  repo: Pick<CampaignRepository, 'record' | 'clientContext'>;
  prepaid: Pick<PrepaidLots, 'left'>;
  audit: AuditLog;
}) {
  const { repo } = deps;

  /** The campaign with its prepaid leads left (the billing module's lots); 404 when there is none. */
  async function found(id: number): Promise<CampaignRecord> {
    const row = await repo.record(id);
    if (!row) throw notFound();
    return { ...row, leadsLeft: (await deps.prepaid.left([id])).get(id) ?? null };
  }

  /** The client a campaign is (to be) of: 404 when unknown, 400 when the company is not a client. */
  async function contextOf(clientId: number): Promise<ClientContext> {
    const ctx = await repo.clientContext(clientId);
    if (!ctx) throw notFound();
    if (ctx.kind !== 'client')
      throw badRequest('Campaigns belong to a client.', { clientID: 'Choose a client.' });
    return ctx;
  }

  const log = (
    p: Principal,
    r: CampaignRecord,
    action: Parameters<AuditLog['record']>[0]['action'],
    text: string,
    ip: string,
  ) =>
    deps.audit.record({
      systemId: r.systemId,
      companyId: r.clientId,
      userId: p.userId,
      actorUserId: p.actorUserId,
      action,
      category: 'campaign',
      description: `${text}: ${r.name} (#${r.publicId})`,
      ip,
      campaignId: wholeNumberOf(r.publicId, 8),
    });

  return { found, contextOf, log };
}

export type CampaignBasics = ReturnType<typeof createCampaignBasics>;
