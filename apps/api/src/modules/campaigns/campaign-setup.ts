import { type CampaignSetup, END_BEFORE_START, isMirroredToAdPlatform, isPixelModule } from '@app/contracts';
import { badRequest } from '../../http-errors.js';
import type { AuditLog } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import type { CampaignRecord, CampaignRepository, NewCampaign } from './campaign-repository.js';
import type { createCampaignSetupRepository } from './campaign-setup-repository.js';

/** What a client's campaign setup changes, campaign by campaign, once checked. */
export type CampaignSetupPlan = { record: CampaignRecord; values: Partial<NewCampaign> }[];

const tf = (value: 'T' | 'F') => value === 'T';
const orNull = (day: string) => (day === '' ? null : day);

/**
 * A client's campaign setup (setupcomplete's campaign fields, decision 0094) applied to its campaigns
 * still waiting for it: the company group, the dates, the lead fields they require (the `…siteid`
 * variants for Site ID campaigns, the others for the search-based modules) and the client's time zone.
 * `check` reads and validates everything first, so a refusal changes nothing; `apply` writes each
 * campaign as an edit does (its user log line, a locator campaign's mirror intent in the same
 * transaction and its mirroring after), and marks the setup complete when the client says so.
 */
export function createCampaignSetup(deps: {
  repo: Pick<CampaignRepository, 'record' | 'update'>;
  setupRepo: ReturnType<typeof createCampaignSetupRepository>;
  audit: AuditLog;
  /** The ad platform mirror of a locator campaign (never throws; retried by its job). */
  mirror: (record: CampaignRecord) => Promise<void>;
}) {
  function valuesFor(r: CampaignRecord, setup: CampaignSetup, timeZone?: string): Partial<NewCampaign> {
    // The pixel module's setup asks its lead fields under its own names (`…siteid`).
    const local = isPixelModule(r.module);
    const v: Partial<NewCampaign> = {};
    if (setup.companyGroupID !== undefined)
      v.companyGroupId = setup.companyGroupID === 0 ? null : setup.companyGroupID;
    if (setup.startdatecampaign !== undefined) v.startDate = orNull(setup.startdatecampaign);
    if (setup.enddatecampaign !== undefined) v.endDate = orNull(setup.enddatecampaign);
    const phone = local ? setup.phoneenabledsiteid : setup.phoneenabled;
    const address = local ? setup.homeaddressenabledsiteid : setup.homeaddressenabled;
    const email = local ? setup.requireemailaddresssiteid : setup.requireemailaddress;
    if (phone !== undefined) v.requirePhone = tf(phone);
    if (address !== undefined) v.requireAddress = tf(address);
    if (email !== undefined) v.requireEmail = tf(email);
    if (timeZone) v.timeZone = timeZone;
    return v;
  }

  return {
    async check(p: Principal, setup: CampaignSetup, timeZone?: string): Promise<CampaignSetupPlan> {
      const plan: CampaignSetupPlan = [];
      for (const id of await deps.setupRepo.awaitingSetup(p.companyId)) {
        const record = await deps.repo.record(id);
        if (!record) continue;
        const values = valuesFor(record, setup, timeZone);
        const start = values.startDate !== undefined ? values.startDate : record.startDate;
        const end = values.endDate !== undefined ? values.endDate : record.endDate;
        if (start && end && start > end) {
          const text = `${END_BEFORE_START} (${record.name}, #${record.publicId})`;
          throw badRequest(text, { enddatecampaign: END_BEFORE_START });
        }
        plan.push({ record, values });
      }
      return plan;
    },

    async apply(p: Principal, plan: CampaignSetupPlan, complete: boolean, ip: string): Promise<number> {
      let applied = 0;
      for (const { record, values } of plan) {
        // Only while it still waits: a setup that completed it meanwhile (another request) stands.
        const written = await deps.repo.update(
          record.id,
          { ...values, ...(complete ? { setupComplete: true } : {}) },
          { mirror: isMirroredToAdPlatform(record.module), awaitingSetup: true },
        );
        if (!written) continue;
        applied += 1;
        await deps.audit.record({
          systemId: record.systemId,
          companyId: record.clientId,
          userId: p.userId,
          actorUserId: p.actorUserId,
          action: 'campaign_updated',
          category: 'campaign',
          description: `${complete ? 'Campaign setup completed' : 'Campaign setup saved'}: ${record.name} (#${record.publicId})`,
          ip,
          campaignId: Number(record.publicId),
        });
        await deps.mirror(record);
      }
      return applied;
    },
  };
}

export type CampaignSetupApplier = ReturnType<typeof createCampaignSetup>;
