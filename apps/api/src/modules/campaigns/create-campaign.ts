import {
  type AdModule,
  CAMPAIGN_ADDED,
  CLIENT_ACCOUNT_NOT_CONNECTED,
  CLIENT_ADD_CAMPAIGN_DISABLED,
  type CreateCampaignInput,
  calendarDaySchema,
  campaignNameSchema,
  END_BEFORE_START,
  isAdModule,
  isPixelModule,
  MODULE_NOT_ENABLED,
  type ModuleType,
  timeZoneSchema,
} from '@app/contracts';
import type { Executor } from '@app/db';
import { isClient } from '@app/policy';
import { z } from 'zod';
import { badRequest, HttpError } from '../../http-errors.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import { agencyConnected } from './activation-charge.js';
import { type CampaignBasics, conflict } from './campaign-basics.js';
import type { MirrorCampaign } from './campaign-mirror.js';
import type {
  CampaignRecord,
  CampaignRepository,
  ClientContext,
  NewCampaign,
} from './campaign-repository.js';
import { checkTargeting, commonValues, localValues, targetingValues } from './campaign-values.js';
import { detailOf } from './campaign-view.js';

/** The row another module's campaign starts as (an ad-platform campaign, decision 0111). */
export interface NewCampaignRow {
  clientId: number;
  module: AdModule;
  name: string;
  /** Calendar days (YYYY-MM-DD) or null: open. */
  startDate: string | null;
  endDate: string | null;
  /** An IANA time zone the campaign's days are counted in. */
  timeZone: string;
}

const NOT_CREATED_HERE = "This module's campaigns are created with their targeting, not here.";

/** The row's fields as the rules of a campaign's name, days and time zone take them. */
const rowFieldsSchema = z.object({
  name: campaignNameSchema,
  startDate: calendarDaySchema.nullable(),
  endDate: calendarDaySchema.nullable(),
  timeZone: timeZoneSchema,
});

/** The row's fields checked: a 400 naming the first bad one, the end not before the start. */
function checkedRowFields(input: NewCampaignRow) {
  const parsed = rowFieldsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? 'Invalid campaign.';
    throw badRequest(message, { [String(issue?.path[0] ?? 'name')]: message });
  }
  const { startDate, endDate } = parsed.data;
  if (startDate && endDate && startDate > endDate)
    throw badRequest(END_BEFORE_START, { endDate: END_BEFORE_START });
  return parsed.data;
}

/** The columns the caller's own fields fill (the client, agency, system and creator are the rule's). */
type CampaignValues = Omit<NewCampaign, 'systemId' | 'agencyId' | 'clientId' | 'createdByUserId'>;

/*
 * Creating a campaign (spec 2 §7 "Campaigns and reports"): the one set of checks every kind's
 * campaign passes — a client's campaign, the client's own creation switch and its agency's
 * connected account when a client creates it, the module switched on for the client and open to it
 * with its beta agreement (decision 0064) — then the row and the user log line. A lead campaign
 * (`create`) adds its targeting; an ad-platform campaign's module writes its budgets in its own
 * tables over the row `createRow` answers.
 */
export function createCampaignCreation(deps: {
  repo: Pick<CampaignRepository, 'insert'>;
  basics: CampaignBasics;
  moduleAccess: Pick<ModuleAccess, 'requireCampaignsMayStart'>;
  mirror: MirrorCampaign;
}) {
  const { basics } = deps;

  async function allowedContext(p: Principal, clientId: number, module: ModuleType): Promise<ClientContext> {
    const ctx = await basics.contextOf(clientId);
    if (isClient(p)) {
      if (ctx.disableAddCampaign) throw new HttpError(403, 'forbidden', CLIENT_ADD_CAMPAIGN_DISABLED);
      if (!agencyConnected(ctx)) throw conflict(CLIENT_ACCOUNT_NOT_CONNECTED, 'account_not_connected');
    }
    if (!ctx.enabledModules.includes(module))
      throw badRequest(MODULE_NOT_ENABLED, { leadspeekType: MODULE_NOT_ENABLED });
    await deps.moduleAccess.requireCampaignsMayStart(ctx.clientId, module);
    return ctx;
  }

  async function insert(
    p: Principal,
    ctx: ClientContext,
    values: CampaignValues,
    ip: string,
    withRow?: Parameters<CampaignRepository['insert']>[1],
  ) {
    const row = await deps.repo.insert(
      {
        ...values,
        systemId: ctx.systemId,
        agencyId: ctx.agencyId,
        clientId: ctx.clientId,
        createdByUserId: p.userId,
      },
      withRow,
    );
    const r = await basics.found(row.id);
    await basics.log(p, r, 'campaign_created', 'Campaign created', ip);
    return r;
  }

  return {
    /** A lead module's campaign from the create form (`CreateCampaignInput`). */
    async create(p: Principal, b: CreateCampaignInput, ip: string) {
      const ctx = await allowedContext(p, b.clientID, b.leadspeekType);
      checkTargeting(b.leadspeekType, {
        national: b.nationaltargeting === 'T',
        zips: b.locatorzip,
        states: b.locatorstate,
        cities: b.locatorcity,
        keywords: b.locatorkeyword,
      });
      const values = {
        module: b.leadspeekType,
        name: b.campaignName,
        ...commonValues(b),
        // The pixel module's campaign has a site; the others target keywords and places.
        ...(isPixelModule(b.leadspeekType) ? localValues(b) : targetingValues(b, {})),
      } as CampaignValues;
      const r = await insert(p, ctx, values, ip);
      await deps.mirror(r);
      return {
        result: 'success' as const,
        message: CAMPAIGN_ADDED,
        data: detailOf(await basics.found(r.id)),
      };
    },

    /**
     * An ad-platform campaign's row (stopped, never activated), after the same checks as `create`;
     * answers the campaign as read back. The caller's module keeps the rest of the campaign, written
     * by `withRow` in the row's own transaction.
     */
    async createRow(
      p: Principal,
      input: NewCampaignRow,
      ip: string,
      withRow?: (row: { id: number; systemId: number; clientId: number }, tx: Executor) => Promise<void>,
    ): Promise<CampaignRecord> {
      // A lead campaign is made by `create`, with its targeting checked.
      if (!isAdModule(input.module)) throw badRequest(NOT_CREATED_HERE, { leadspeekType: NOT_CREATED_HERE });
      const fields = checkedRowFields(input);
      const ctx = await allowedContext(p, input.clientId, input.module);
      return insert(p, ctx, { module: input.module, ...fields }, ip, withRow);
    },
  };
}
