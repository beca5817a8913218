import {
  type ActivationChargeAnswer,
  CAMPAIGN_ADDED,
  CAMPAIGN_UPDATED,
  type CampaignListParams,
  type CampaignModule,
  CLIENT_ACCOUNT_NOT_CONNECTED,
  CLIENT_ADD_CAMPAIGN_DISABLED,
  type CostModuleInput,
  type CreateCampaignInput,
  MODULE_NOT_ENABLED,
  pageOf,
  targetingProblems,
  type UpdateCampaignInput,
  type UpdateLocalCampaignInput,
  type UpdateLocatorCampaignInput,
  wholeNumberOf,
} from '@app/contracts';
import type { Executor } from '@app/db';
import { type CampaignEvent, type CampaignState, transition } from '@app/lead-engine';
import { isClient, isSystemStaff } from '@app/policy';
import { belowCostNotice, type ClientPrice, findClientFloorViolation } from '@app/pricing';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import type { AuditLog } from '../audit/index.js';
import type { AgencyWallet, BillingSchedules, PrepaidLots } from '../billing/index.js';
import type { ChargeOnce, PaymentFailureRepository } from '../payments/index.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import { type ActivationDone, agencyConnected, createActivationCharge } from './activation-charge.js';
import type { CompleteActivation } from './activation-completion.js';
import type {
  CampaignRecord,
  CampaignRepository,
  ClientContext,
  NewCampaign,
} from './campaign-repository.js';
import { detailOf, listRowOf, stateOf, statusLabel } from './campaign-view.js';

/**
 * The seam to the ad platform (locator campaigns are mirrored there, decision 0051): after a locator
 * campaign's change is committed with its intent, `sync` mirrors it. It never throws — a failed call
 * is recorded and retried by the mirror's job — so a move or an edit stands whatever the platform
 * says. Null: no mirroring (a runtime without an ad platform).
 */
export interface AdPlatformMirror {
  sync(campaignId: number): Promise<unknown>;
}

export interface CampaignServiceDeps {
  repo: CampaignRepository;
  chargeOnce: Pick<ChargeOnce, 'chargeObligation'>;
  /** A removed campaign's declined activations are owed no more (decision 0065). */
  failures: Pick<PaymentFailureRepository, 'settleRemovedCampaign'>;
  audit: AuditLog;
  adPlatform: AdPlatformMirror | null;
  /** The module rule (decision 0063): who may open a module, and whether its campaigns may start. */
  moduleAccess: Pick<ModuleAccess, 'requireCampaignsMayStart' | 'requireReadable'>;
  /** Finishes an activation whose charges are paid (decision 0072): the move and what it bought. */
  completeActivation: CompleteActivation;
  /**
   * The billing module's reads and ends: prepaid leads left, a stopped campaign's schedule; and the
   * agency's Data Wallet, which pays the agency's part of an activation before its card (decision 0085).
   */
  billing: {
    prepaid: Pick<PrepaidLots, 'left'>;
    schedules: Pick<BillingSchedules, 'end'>;
    wallet: AgencyWallet;
  };
}

const conflict = (message: string, code = 'illegal_move') => new HttpError(409, code, message);
const tf = (value: 'T' | 'F') => value === 'T';
const orNull = (day: string) => (day === '' ? null : day);

/** The user log's line for what an activation charged. */
function chargeLogText(charge: ActivationChargeAnswer): string {
  const parts = charge.amount === '0' ? [] : [`$${charge.amount} to the ${charge.payer}'s card`];
  if (charge.agency_amount !== '0')
    parts.push(`$${charge.agency_amount} to the agency's card (the platform's part)`);
  return `Activation charged ${parts.join(' and ')}`;
}

/** The event a person's "status" asks for, from the campaign's state. */
function eventFor(asked: 'running' | 'paused' | 'stopped', state: CampaignState): CampaignEvent {
  if (asked === 'paused') return { type: 'pause' };
  if (asked === 'stopped') return { type: 'stop' };
  return state.status === 'paused' || state.status === 'paused_on_run'
    ? { type: 'resume' }
    : { type: 'activate' };
}

export function createCampaignService(deps: CampaignServiceDeps) {
  const { repo, audit } = deps;
  const activation = createActivationCharge({
    repo,
    chargeOnce: deps.chargeOnce,
    wallet: deps.billing.wallet,
  });

  async function found(id: number): Promise<CampaignRecord> {
    const row = await repo.record(id);
    if (!row) throw notFound();
    return { ...row, leadsLeft: (await deps.billing.prepaid.left([id])).get(id) ?? null };
  }

  /** What a move ends beside the campaign's state: a stopped or removed campaign's billing schedule. */
  const endsBilling = (from: CampaignState, to: CampaignState) =>
    (to.status === 'stopped' && from.status !== 'stopped') || (to.removed && !from.removed);

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
    audit.record({
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

  function commonValues(b: Partial<UpdateCampaignInput>): Partial<NewCampaign> {
    const v: Partial<NewCampaign> = {};
    if (b.campaignName !== undefined) v.name = b.campaignName;
    if (b.companyGroupID !== undefined) v.companyGroupId = b.companyGroupID === 0 ? null : b.companyGroupID;
    if (b.reportType !== undefined) v.reportType = b.reportType;
    if (b.reportSentTo !== undefined) v.reportSentTo = b.reportSentTo;
    if (b.adminNotifyTo !== undefined) v.adminNotifyTo = b.adminNotifyTo;
    if (b.leadsAmountNotification !== undefined) v.leadsAmountNotification = b.leadsAmountNotification;
    if (b.enableMinimumLimitLeads !== undefined || b.minimumLimitLeads !== undefined)
      v.minimumLimitLeads = b.enableMinimumLimitLeads === 'F' ? null : (b.minimumLimitLeads ?? 0);
    if (b.clientOrganizationID !== undefined) v.clientOrganizationId = b.clientOrganizationID;
    if (b.clientCampaignID !== undefined) v.clientCampaignId = b.clientCampaignID;
    if (b.clientHidePhone !== undefined) v.hidePhone = tf(b.clientHidePhone);
    if (b.startdatecampaign !== undefined) v.startDate = orNull(b.startdatecampaign);
    if (b.enddatecampaign !== undefined) v.endDate = orNull(b.enddatecampaign);
    if (b.timezone !== undefined) v.timeZone = b.timezone;
    if (b.phoneenabled !== undefined) v.requirePhone = tf(b.phoneenabled);
    if (b.homeaddressenabled !== undefined) v.requireAddress = tf(b.homeaddressenabled);
    if (b.requireemailaddress !== undefined) v.requireEmail = tf(b.requireemailaddress);
    if (b.reidentificationtype !== undefined) v.reidentification = b.reidentificationtype;
    if (b.applyreidentificationall !== undefined) v.reidentifyAcrossClient = tf(b.applyreidentificationall);
    return v;
  }

  function localValues(b: Partial<UpdateLocalCampaignInput>): Partial<NewCampaign> {
    const v: Partial<NewCampaign> = {};
    if (b.urlCode !== undefined) v.urlCode = b.urlCode;
    if (b.urlCodeThankyou !== undefined) v.urlCodeThankyou = b.urlCodeThankyou;
    if (b.gtminstalled !== undefined) v.gtmInstalled = tf(b.gtminstalled);
    if (b.locatorstate !== undefined) v.states = b.locatorstate;
    if (b.locationtarget !== undefined) v.localStateMode = b.locationtarget;
    return v;
  }

  function targetingValues(b: Partial<UpdateLocatorCampaignInput>, options: Record<string, unknown>) {
    const v: Partial<NewCampaign> = {};
    if (b.locatorkeyword !== undefined) v.keywords = b.locatorkeyword;
    if (b.locatorkeywordcontextual !== undefined) v.contextualKeywords = b.locatorkeywordcontextual;
    if (b.locatorzip !== undefined) v.zips = b.locatorzip;
    if (b.locatorstate !== undefined) v.states = b.locatorstate;
    if (b.locatorcity !== undefined) v.cities = b.locatorcity;
    if (b.nationaltargeting !== undefined) v.national = tf(b.nationaltargeting);
    if (b.locatordesc !== undefined) v.locatorDescription = b.locatordesc;
    const extras = [
      'locatorrequire',
      'listAdvanceInformationId',
      'listB2BInformationId',
      'campaign_information_type',
    ] as const;
    const moduleOptions = { ...options };
    for (const key of extras) if (b[key] !== undefined) moduleOptions[key] = b[key];
    v.moduleOptions = moduleOptions;
    return v;
  }

  /** Where a campaign looks for people must be complete after the change (the contracts' one rule). */
  function checkTargeting(
    module: CampaignModule,
    after: { national: boolean; zips: string[]; states: string[]; cities: string[]; keywords: string[] },
  ) {
    const problems = targetingProblems(module, {
      national: after.national,
      zips: after.zips.length,
      states: after.states.length,
      cities: after.cities.length,
      keywords: after.keywords.length,
    });
    const first = Object.values(problems)[0];
    if (first) throw badRequest(first, problems);
  }

  async function mirror(r: CampaignRecord) {
    if (r.module === 'locator' && deps.adPlatform) await deps.adPlatform.sync(r.id);
  }

  /**
   * One state move through the machine, persisted only if the campaign is still where it was read
   * (so of racing moves one wins); a loser reads again and asks the machine again, which refuses
   * what no longer applies ('The campaign is already running.').
   */
  async function move(p: Principal, id: number, pick: (s: CampaignState) => CampaignEvent, ip: string) {
    for (let round = 0; round < 5; round++) {
      const r = await found(id);
      const from = stateOf(r);
      const event = pick(from);
      const t = transition(from, event);
      if (!t.ok) throw conflict(t.error);
      // A campaign starts taking (and billing) leads only in a module its client may open, and a
      // beta module's only once its agreement is accepted (decisions 0063, 0064). Pausing, stopping
      // and archiving stay open to whoever runs it.
      if (t.to.status === 'running' && from.status !== 'running')
        await deps.moduleAccess.requireCampaignsMayStart(r.clientId, r.module as CampaignModule);
      let charge: ActivationChargeAnswer | null = null;
      let moved: boolean;
      if (t.chargesActivation) {
        const ctx = await contextOf(r.clientId);
        if (isClient(p) && !ctx.agencyManualBill && !agencyConnected(ctx))
          throw conflict(CLIENT_ACCOUNT_NOT_CONNECTED, 'account_not_connected');
        const n = (await repo.activations(r.id)) + 1;
        let done: ActivationDone;
        try {
          ({ answer: charge, done } = await activation.charge(r, ctx, n, p.userId));
        } catch (error) {
          if (error instanceof HttpError && error.code === 'card_declined')
            await log(
              p,
              r,
              'campaign_activation_declined',
              'Activation declined, the campaign was not started',
              ip,
            );
          throw error;
        }
        // The last charge's record has completed the activation already (its follow-up); this
        // completes one with nothing to charge, and finds a completed one `already` done.
        moved = (await repo.transaction((tx) => deps.completeActivation(done, tx))) !== 'refused';
      } else {
        moved = await repo.move({
          campaignId: r.id,
          from,
          to: t.to,
          event: event.type,
          reason: 'reason' in event ? event.reason : null,
          userId: p.userId,
          activated: false,
          onMoved: async (tx: Executor) => {
            // A removed campaign never starts: what its declined activations left owing goes with it.
            if (t.to.removed && !from.removed) await deps.failures.settleRemovedCampaign(r.id, tx);
            if (endsBilling(from, t.to)) await deps.billing.schedules.end(r.id, tx);
          },
        });
      }
      if (!moved) continue;
      await log(p, r, 'campaign_moved', t.logText, ip);
      if (charge) await log(p, r, 'campaign_activation_charged', chargeLogText(charge), ip);
      await mirror(r);
      return {
        result: 'success' as const,
        message: t.logText,
        data: {
          leadspeekID: r.id,
          leadspeek_api_id: r.publicId,
          status: t.to.status,
          pause_reason: t.to.pauseReason,
          status_label: statusLabel(t.to),
          archived: t.to.archived ? ('T' as const) : ('F' as const),
          removed: t.to.removed ? ('T' as const) : ('F' as const),
          charge,
        },
      };
    }
    throw conflict('The campaign changed while this was saved; try again.', 'busy');
  }

  /**
   * A move the system makes (the lead engine pausing a campaign on run): the same machine and the
   * same conditional write as a person's move, with no user and no charge. A move the machine
   * refuses (already paused for this reason or a stronger one) changes nothing.
   */
  async function moveBySystem(campaignId: number, event: CampaignEvent): Promise<boolean> {
    for (let round = 0; round < 5; round++) {
      const r = await repo.record(campaignId);
      if (!r) return false;
      const from = stateOf(r);
      const t = transition(from, event);
      if (!t.ok || t.chargesActivation) return false;
      const moved = await repo.move({
        campaignId,
        from,
        to: t.to,
        event: event.type,
        reason: 'reason' in event ? event.reason : null,
        userId: null,
        activated: false,
        onMoved: async (tx: Executor) => {
          if (endsBilling(from, t.to)) await deps.billing.schedules.end(campaignId, tx);
        },
      });
      // A locator campaign's mirror intent is recorded with the move; the mirror job calls the ad
      // platform within a minute, so ingestion (which pauses on run) never waits on a provider.
      if (moved) return true;
    }
    return false;
  }

  return {
    moveBySystem,
    async create(p: Principal, b: CreateCampaignInput, ip: string) {
      const ctx = await contextOf(b.clientID);
      if (isClient(p)) {
        if (ctx.disableAddCampaign) throw new HttpError(403, 'forbidden', CLIENT_ADD_CAMPAIGN_DISABLED);
        if (!agencyConnected(ctx)) throw conflict(CLIENT_ACCOUNT_NOT_CONNECTED, 'account_not_connected');
      }
      if (!ctx.enabledModules.includes(b.leadspeekType))
        throw badRequest(MODULE_NOT_ENABLED, { leadspeekType: MODULE_NOT_ENABLED });
      await deps.moduleAccess.requireCampaignsMayStart(ctx.clientId, b.leadspeekType);
      checkTargeting(b.leadspeekType, {
        national: b.nationaltargeting === 'T',
        zips: b.locatorzip,
        states: b.locatorstate,
        cities: b.locatorcity,
        keywords: b.locatorkeyword,
      });
      const values: NewCampaign = {
        systemId: ctx.systemId,
        agencyId: ctx.agencyId,
        clientId: ctx.clientId,
        module: b.leadspeekType,
        name: b.campaignName,
        createdByUserId: p.userId,
        ...(commonValues(b) as object),
        ...(b.leadspeekType === 'local'
          ? localValues(b)
          : targetingValues({ ...b, locatorzip: b.locatorzip }, {})),
      } as NewCampaign;
      const row = await repo.insert(values);
      const r = await found(row.id);
      await log(p, r, 'campaign_created', 'Campaign created', ip);
      await mirror(r);
      return { result: 'success' as const, message: CAMPAIGN_ADDED, data: detailOf(await found(row.id)) };
    },

    async update(
      p: Principal,
      part: 'common' | 'local' | 'locator',
      b: UpdateCampaignInput | UpdateLocalCampaignInput | UpdateLocatorCampaignInput,
      ip: string,
    ) {
      const r = await found(b.leadspeekID);
      if (r.removedAt) throw conflict('This campaign was removed; it can no longer be changed.');
      if (part === 'local' && r.module !== 'local')
        throw badRequest('Only a local campaign has a site to update.', {
          leadspeekID: 'Not a local campaign.',
        });
      if (part === 'locator' && r.module === 'local')
        throw badRequest('A local campaign has no keyword targeting.', { leadspeekID: 'A local campaign.' });
      const common = b as UpdateCampaignInput;
      if (part === 'common') {
        const start = common.startdatecampaign ?? r.startDate ?? '';
        const end = common.enddatecampaign ?? r.endDate ?? '';
        if (start && end && start > end)
          throw badRequest('The end date must not be before the start date.', {
            enddatecampaign: 'The end date must not be before the start date.',
          });
      }
      const values =
        part === 'common'
          ? commonValues(common)
          : part === 'local'
            ? localValues(b as UpdateLocalCampaignInput)
            : targetingValues(b as UpdateLocatorCampaignInput, r.moduleOptions);
      if (part === 'locator')
        checkTargeting(r.module as CampaignModule, {
          national: values.national ?? r.national,
          zips: values.zips ?? r.zips,
          states: values.states ?? r.states,
          cities: values.cities ?? r.cities,
          keywords: values.keywords ?? r.keywords,
        });
      // Locator targeting, names and dates are the ad platform's too: the edit and the intent to
      // mirror it are one transaction.
      await repo.update(r.id, values, { mirror: part !== 'local' });
      const after = await found(r.id);
      await log(p, after, 'campaign_updated', 'Campaign updated', ip);
      if (part !== 'local') await mirror(after);
      return { result: 'success' as const, message: CAMPAIGN_UPDATED, data: detailOf(after) };
    },

    async get(id: number) {
      return { result: 'success' as const, data: detailOf(await found(id)) };
    },

    /** Campaigns in id order after `afterId`, as list rows (the Open API's pages, decision 0100). */
    async pageAfter(
      scope: { clientId: number } | { agencyId: number } | { systemId: number },
      afterId: number,
      limit: number,
    ) {
      return (await repo.pageAfter(scope, afterId, limit)).map((r) => ({
        ...listRowOf(r),
        timezone: r.timeZone,
      }));
    },

    async list(
      p: Principal,
      params: CampaignListParams,
      query: { Page: number; PerPage: number; view: 'current' | 'archived' | 'all'; CampaignStatus: string },
    ) {
      await deps.moduleAccess.requireReadable(p, params.type);
      const company = await repo.company(params.companyID);
      if (!company) throw notFound();
      let scope: { clientId: number } | { agencyId: number } | { systemId: number };
      if (params.clientID > 0) {
        const client = await repo.company(params.clientID);
        const underCompany =
          client?.kind === 'client' &&
          (client.id === company.id ||
            client.parentId === company.id ||
            (company.kind === 'root' && isSystemStaff(p) && client.systemId === company.systemId));
        if (!client || !underCompany) throw notFound();
        scope = { clientId: client.id };
      } else if (company.kind === 'client') scope = { clientId: company.id };
      else if (company.kind === 'agency') scope = { agencyId: company.id };
      else scope = { systemId: company.systemId };
      const search = params.search.trim() === '-' ? '' : params.search.trim();
      const { total, rows } = await repo.list({
        module: params.type,
        scope,
        group: params.group,
        view: query.view,
        status: query.CampaignStatus as never,
        search,
        sort: params.sort,
        order: params.order,
        page: query.Page,
        perPage: query.PerPage,
      });
      return pageOf(query.Page, query.PerPage, total, rows.map(listRowOf));
    },

    async ofCompany(companyId: number, group: number) {
      const company = await repo.company(companyId);
      if (!company) throw notFound();
      const rows = await repo.ofCompany(company, group);
      return {
        result: 'success' as const,
        data: rows.map((r) => ({
          leadspeekID: r.id,
          leadspeek_api_id: r.publicId,
          campaign_name: r.name,
          company_name: r.companyName,
          leadspeekType: r.module,
          status: r.status as 'running',
        })),
      };
    },

    async activeCheck(companyId: number) {
      const company = await repo.company(companyId);
      if (!company) throw notFound();
      const rows = await repo.activeOf(company);
      const byModule = new Map<CampaignModule, { leadspeek_api_id: string; campaign_name: string }[]>();
      for (const r of rows) {
        const list = byModule.get(r.module) ?? [];
        list.push({ leadspeek_api_id: r.publicId, campaign_name: r.name });
        byModule.set(r.module, list);
      }
      return {
        result: 'success' as const,
        active: rows.length > 0,
        data: [...byModule].map(([module, campaigns]) => ({ module, campaigns })),
      };
    },

    activePause: (p: Principal, id: number, status: 'running' | 'paused' | 'stopped', ip: string) =>
      move(p, id, (s) => eventFor(status, s), ip),
    archive: (p: Principal, id: number, archive: boolean, ip: string) =>
      move(p, id, () => ({ type: archive ? 'archive' : 'unarchive' }), ip),
    remove: (p: Principal, id: number, ip: string) => move(p, id, () => ({ type: 'remove' }), ip),

    /** The client's prices: saved with the enhance/b2b floor of spec 2 §5, checked by `@app/pricing`. */
    async costModule(p: Principal, b: CostModuleInput, ip: string) {
      const r = await found(b.leadspeekID);
      if (r.removedAt) throw conflict('This campaign was removed; it can no longer be changed.');
      const ctx = await contextOf(r.clientId);
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
      await repo.update(r.id, {
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
      const after = await found(r.id);
      await log(p, after, 'campaign_prices_updated', `Campaign prices set (${b.PaymentTerm})`, ip);
      return {
        result: 'success' as const,
        message: 'Setting has been saved.',
        data: detailOf(after).costmodule,
        // Under manual bill the agency pays the platform's part itself whatever the client's price.
        below_cost: ctx.agencyManualBill ? null : belowCostNotice(due),
      };
    },

    found,
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;
