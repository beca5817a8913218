import type { CampaignModule, CostModuleInput } from '@app/contracts';
import { belowCostNotice, type ClientPrice, findClientFloorViolation } from '@app/pricing';
import { badRequest } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { ActivationChargeService } from './activation-charge.js';
import { type CampaignBasics, conflict, REMOVED_CAMPAIGN } from './campaign-basics.js';
import type { CampaignRepository } from './campaign-repository.js';
import { orNull, tf } from './campaign-values.js';
import { detailOf } from './campaign-view.js';

/**
 * The client's prices of a lead campaign (spec 2 §3 Pricing "Client cost module"): saved with the
 * enhance/b2b floor of spec 2 §5, checked by `@app/pricing`, and refused when no card charge could
 * carry what activating would then charge.
 */
export function createCostModule(deps: {
  repo: Pick<CampaignRepository, 'update'>;
  basics: CampaignBasics;
  activation: Pick<ActivationChargeService, 'priced' | 'unchargeable'>;
}) {
  const { basics, activation } = deps;

  return async function costModule(p: Principal, b: CostModuleInput, ip: string) {
    const r = await basics.found(b.leadspeekID);
    if (r.removedAt) throw conflict(REMOVED_CAMPAIGN);
    const ctx = await basics.contextOf(r.clientId);
    const module = r.module as CampaignModule;
    const price: ClientPrice = {
      term: b.PaymentTerm,
      setupFeeCents: b.PlatformFee,
      periodFeeCents: b.CostMonth,
      costPerLeadMicros: b.CostSet,
      costPerLeadAdvancedMicros: b.CostSetAdvanced,
      costPerLeadB2bMicros: b.CostSetB2b,
      leadsBought: b.PaymentTerm === 'Prepaid' ? b.leadsbuy : 0,
    };
    const { due, wholesale } = await activation.priced(r, ctx, price);
    const violation = findClientFloorViolation(module, price, wholesale);
    if (violation) throw badRequest(violation.message, { [violation.field]: violation.message });
    // A price no card charge can carry is refused now, not found out as a "decline" at activation.
    const refused = activation.unchargeable(due, ctx.agencyManualBill);
    if (refused) throw badRequest(refused.message, { [refused.field]: refused.message });
    await deps.repo.update(r.id, {
      paymentTerm: b.PaymentTerm,
      setupFeeCents: b.PlatformFee,
      periodFeeCents: b.CostMonth,
      costPerLeadMicros: b.CostSet,
      costPerLeadAdvancedMicros: b.CostSetAdvanced,
      costPerLeadB2bMicros: b.CostSetB2b,
      costMaxLeadMicros: b.CostMaxLead,
      leadLimit: b.LimitLead === 0 ? null : b.LimitLead,
      leadLimitFrequency: b.LimitLeadFreq,
      limitStartDate: orNull(b.LimitLeadStart),
      limitEndDate: orNull(b.LimitLeadEnd),
      continuousDuration: tf(b.contiDurationSelection),
      continualTopUp: b.topupoptions === 'continual',
      prepaidLeadsPerBlock: price.leadsBought,
    });
    const after = await basics.found(r.id);
    await basics.log(p, after, 'campaign_prices_updated', `Campaign prices set (${b.PaymentTerm})`, ip);
    return {
      result: 'success' as const,
      message: 'Setting has been saved.',
      data: detailOf(after).costmodule,
      // Under manual bill the agency pays the platform's part itself whatever the client's price.
      below_cost: ctx.agencyManualBill ? null : belowCostNotice(due),
    };
  };
}
