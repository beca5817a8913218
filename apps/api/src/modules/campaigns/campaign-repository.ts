import { randomInt } from 'node:crypto';
import type { CampaignListParams, CampaignModule, CampaignSortKey, ModuleType } from '@app/contracts';
import {
  agencyPrices,
  and,
  campaignMoves,
  campaigns,
  companies,
  companyGroups,
  companyModules,
  type Database,
  type Executor,
  eq,
  inArray,
  isNull,
  likeLiteral,
  locatorMirrors,
  paymentCards,
  queryRows,
  sql,
  systems,
} from '@app/db';
import type { CampaignState } from '@app/lead-engine';
import type { PriceSheet } from '@app/pricing';
import { recordMirrorIntent } from './locator-mirror-repository.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = Omit<typeof campaigns.$inferInsert, 'id' | 'publicId'>;

/** A campaign with what its list row and detail show beside it. */
export interface CampaignRecord extends CampaignRow {
  clientName: string;
  groupName: string;
  totalLeads: number;
  leadsToday: number;
  /** Prepaid leads left: null from the repository, read from the billing module's lots by the service. */
  leadsLeft: number | null;
  /** The locator mirror's bookkeeping (null: no mirror row yet, or not a locator campaign). */
  mirror: MirrorState | null;
}

export interface MirrorState {
  behind: boolean;
  attempts: number;
  parked: boolean;
  lastError: string | null;
}

export interface ListFilter {
  /** Any module: the ad platform's campaigns are listed as the lead modules' are. */
  module: ModuleType;
  /** Campaigns of these clients (one, or every client of an agency). */
  scope: { clientId: number } | { agencyId: number } | { systemId: number };
  group: number | 'all';
  view: 'current' | 'archived' | 'all';
  status: 'all' | 'active' | 'inactive' | CampaignRow['status'];
  search: string;
  sort: CampaignListParams['sort'];
  order: CampaignListParams['order'];
  page: number;
  perPage: number;
}

/** A random public id: 8 digits, never starting with 0 (the table's check). */
export const randomPublicId = () => String(randomInt(10_000_000, 100_000_000));

/** A campaign row with its client's and group's names, its lead counts and its prepaid balance. */
const recordSelect = {
  campaign: campaigns,
  clientName: companies.name,
  groupName: sql<string>`coalesce(${companyGroups.name}, '')`,
  totalLeads: sql<number>`(select count(*)::int from leads l where l.campaign_id = ${campaigns.id})`,
  leadsToday: sql<number>`(select count(*)::int from leads l
    where l.campaign_id = ${campaigns.id} and l.created_at > now() - interval '1 day')`,
  mirrorRevision: locatorMirrors.revision,
  mirroredRevision: locatorMirrors.mirroredRevision,
  mirrorAttempts: locatorMirrors.attempts,
  mirrorNextAttemptAt: locatorMirrors.nextAttemptAt,
  mirrorError: locatorMirrors.lastError,
};

const recordQuery = (tx: Executor) =>
  tx
    .select(recordSelect)
    .from(campaigns)
    .innerJoin(companies, eq(companies.id, campaigns.clientId))
    .leftJoin(companyGroups, eq(companyGroups.id, campaigns.companyGroupId))
    .leftJoin(locatorMirrors, eq(locatorMirrors.campaignId, campaigns.id));

const toRecord = (r: {
  campaign: CampaignRow;
  clientName: string;
  groupName: string;
  totalLeads: number;
  leadsToday: number;
  mirrorRevision: number | null;
  mirroredRevision: number | null;
  mirrorAttempts: number | null;
  mirrorNextAttemptAt: Date | null;
  mirrorError: string | null;
}): CampaignRecord => ({
  ...r.campaign,
  clientName: r.clientName,
  groupName: r.groupName,
  totalLeads: r.totalLeads,
  leadsToday: r.leadsToday,
  leadsLeft: null,
  mirror:
    r.mirrorRevision === null
      ? null
      : {
          behind: (r.mirroredRevision ?? 0) < r.mirrorRevision,
          attempts: r.mirrorAttempts ?? 0,
          parked: r.mirrorNextAttemptAt === null,
          lastError: r.mirrorError,
        },
});

/** Columns a list may sort by; ties go to the newest. */
const SORT_SQL: Record<CampaignSortKey, ReturnType<typeof sql>> = {
  campaign_name: sql`lower(${campaigns.name})`,
  leadspeek_api_id: sql`${campaigns.publicId}`,
  client_company_name: sql`lower(${companies.name})`,
  status: sql`${campaigns.status}`,
  total_leads: recordSelect.totalLeads,
  created_at: sql`${campaigns.createdAt}`,
};

/** What deciding about a client's campaign needs to know of the client, its agency and system. */
export interface ClientContext {
  clientId: number;
  clientName: string;
  kind: 'root' | 'agency' | 'client';
  agencyId: number;
  agencyName: string;
  systemId: number;
  rootCompanyId: number;
  isMasterSystem: boolean;
  disableAddCampaign: boolean;
  agencyManualBill: boolean;
  agencyPackageId: string;
  /** The agency's live connected account on the gateway, if any. */
  agencyAccount: { accountId: string; status: string; gateway: string } | null;
  enabledModules: string[];
}

export interface CardOnFile {
  customerId: string;
  connectedAccountId: string | null;
  gateway: string;
  last4: string;
}

/** The campaigns' SQL: the only place that reads or writes campaigns and their moves. */
export function createCampaignRepository(db: Database) {
  async function record(id: number, tx: Executor = db): Promise<CampaignRecord | null> {
    const [row] = await recordQuery(tx).where(eq(campaigns.id, id));
    return row ? toRecord(row) : null;
  }

  /** Clients' contexts by id (deleted clients are left out), in two reads whatever their number. */
  async function clientContexts(clientIds: readonly number[]): Promise<Map<number, ClientContext>> {
    const found = new Map<number, ClientContext>();
    if (clientIds.length === 0) return found;
    const ids = sql.join(
      [...new Set(clientIds)].map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await queryRows<{
      id: number;
      name: string;
      kind: ClientContext['kind'];
      system_id: number;
      disable_client_add_campaign: boolean;
      agency_id: number;
      agency_name: string;
      manual_bill: boolean;
      package_id: string | null;
      is_master: boolean;
      root_company_id: number;
      account_id: string | null;
      account_status: string | null;
      account_gateway: string | null;
    }>(
      db,
      sql`select cl.id, cl.name, cl.kind, cl.system_id, cl.disable_client_add_campaign,
          ag.id as agency_id, ag.name as agency_name, ag.manual_bill, ag.package_id,
          s.is_master, s.root_company_id,
          pa.account_id, pa.status as account_status, pa.gateway as account_gateway
        from companies cl
        join companies ag on ag.id = cl.parent_id
        join systems s on s.id = cl.system_id
        left join payment_accounts pa on pa.company_id = ag.id and pa.detached_at is null
        where cl.id in (${ids}) and cl.deleted_at is null`,
    );
    if (rows.length === 0) return found;
    const modules = await db
      .select({ companyId: companyModules.companyId, module: companyModules.module })
      .from(companyModules)
      .where(
        and(
          inArray(
            companyModules.companyId,
            rows.map((r) => r.id),
          ),
          eq(companyModules.enabled, true),
        ),
      );
    for (const row of rows)
      found.set(row.id, {
        clientId: row.id,
        clientName: row.name,
        kind: row.kind,
        agencyId: row.agency_id,
        agencyName: row.agency_name,
        systemId: row.system_id,
        rootCompanyId: row.root_company_id,
        isMasterSystem: row.is_master === true,
        disableAddCampaign: row.disable_client_add_campaign === true,
        agencyManualBill: row.manual_bill === true,
        agencyPackageId: row.package_id ?? '',
        agencyAccount:
          row.account_id === null
            ? null
            : {
                accountId: row.account_id,
                status: row.account_status ?? '',
                gateway: row.account_gateway ?? '',
              },
        enabledModules: modules.filter((m) => m.companyId === row.id).map((m) => m.module),
      });
    return found;
  }

  return {
    record,

    /** The campaign's row id for its public id (`leadspeek_api_id`), or null. */
    async idOfPublicId(publicId: string): Promise<number | null> {
      const [row] = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.publicId, publicId));
      return row?.id ?? null;
    },

    /** Campaigns' public ids, names and terms (an invoice's subject line). */
    labels: (ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: campaigns.id,
              publicId: campaigns.publicId,
              name: campaigns.name,
              term: campaigns.paymentTerm,
              clientId: campaigns.clientId,
            })
            .from(campaigns)
            .where(inArray(campaigns.id, [...ids])),

    /** A unit of work over several of the repository's writes (an activation completing). */
    transaction: <T>(work: (tx: Executor) => Promise<T>): Promise<T> => db.transaction(work),

    /** Inserts with a fresh random public id, drawing again on a collision (the unique index decides). */
    /**
     * A new campaign under a random free public id; `with` writes what another module keeps of it
     * (an ad campaign's budget) in the same transaction, so neither exists without the other.
     */
    async insert(
      values: NewCampaign,
      withRow?: (row: CampaignRow, tx: Executor) => Promise<void>,
    ): Promise<CampaignRow> {
      return db.transaction(async (tx) => {
        for (let attempt = 0; attempt < 20; attempt++) {
          const [row] = await tx
            .insert(campaigns)
            .values({ ...values, publicId: randomPublicId() })
            .onConflictDoNothing({ target: campaigns.publicId })
            .returning();
          if (!row) continue;
          if (withRow) await withRow(row, tx);
          return row;
        }
        throw new Error('no free public campaign id after 20 draws');
      });
    },

    /** With `mirror`, a locator campaign's mirror intent is raised in the same transaction. */
    /**
     * Writes the campaign's values (and a locator campaign's mirror intent) in one transaction.
     * `awaitingSetup`: only while the campaign still waits for its client's setup (not set up, not
     * removed), so of two setups at once one writes; answers whether the row was written.
     */
    async update(
      id: number,
      values: Partial<NewCampaign>,
      options: { mirror?: boolean; awaitingSetup?: boolean } = {},
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const written = await tx
          .update(campaigns)
          .set({ ...values, updatedAt: new Date() })
          .where(
            options.awaitingSetup
              ? and(eq(campaigns.id, id), eq(campaigns.setupComplete, false), isNull(campaigns.removedAt))
              : eq(campaigns.id, id),
          )
          .returning({ id: campaigns.id });
        if (written.length === 0) return false;
        if (options.mirror) await recordMirrorIntent(tx, id);
        return true;
      });
    },

    /** The campaign, its row locked until the caller's transaction ends (an activation completing). */
    async lockedRecord(id: number, tx: Executor): Promise<CampaignRecord | null> {
      const [row] = await recordQuery(tx).where(eq(campaigns.id, id)).for('update', { of: campaigns });
      return row ? toRecord(row) : null;
    },

    /**
     * Moves a campaign from `from` to `to` only if it is still in `from` (the WHERE holds the whole
     * state, so of two racing moves exactly one finds its row), and records the move in the same
     * transaction (the caller's, when given).
     */
    async move(
      input: {
        campaignId: number;
        from: CampaignState;
        to: CampaignState;
        event: string;
        reason: string | null;
        userId: number | null;
        activated: boolean;
        /** More to commit with the move (what a removal ends, what an activation opens). */
        onMoved?: (tx: Executor) => Promise<unknown>;
      },
      within?: Executor,
    ): Promise<boolean> {
      const { from, to } = input;
      const run = async (tx: Executor) => {
        const moved = await tx
          .update(campaigns)
          .set({
            status: to.status,
            pauseReason: to.pauseReason,
            archived: to.archived,
            ...(to.removed && !from.removed ? { removedAt: new Date() } : {}),
            ...(input.activated ? { activatedAt: new Date() } : {}),
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(campaigns.id, input.campaignId),
              eq(campaigns.status, from.status),
              from.pauseReason === null
                ? isNull(campaigns.pauseReason)
                : eq(campaigns.pauseReason, from.pauseReason),
              eq(campaigns.archived, from.archived),
              from.removed ? sql`${campaigns.removedAt} is not null` : isNull(campaigns.removedAt),
            ),
          )
          .returning({ id: campaigns.id });
        if (moved.length === 0) return false;
        await tx.insert(campaignMoves).values({
          campaignId: input.campaignId,
          event: input.event,
          fromStatus: from.status,
          toStatus: to.status,
          reason: input.reason,
          userId: input.userId,
        });
        // Every move of a locator campaign is the ad platform's to mirror (decision 0051).
        await recordMirrorIntent(tx, input.campaignId);
        await input.onMoved?.(tx);
        return true;
      };
      return within ? run(within) : db.transaction(run);
    },

    /** How many times the campaign was activated: the n-th activation's charge key counts from it. */
    async activations(campaignId: number, tx: Executor = db): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from campaign_moves where campaign_id = ${campaignId} and event = 'activate'`,
      );
      return row?.n ?? 0;
    },

    async list(f: ListFilter): Promise<{ total: number; rows: CampaignRecord[] }> {
      const where = [sql`${campaigns.module} = ${f.module}`, isNull(campaigns.removedAt)];
      if ('clientId' in f.scope) where.push(eq(campaigns.clientId, f.scope.clientId));
      else if ('agencyId' in f.scope) where.push(eq(campaigns.agencyId, f.scope.agencyId));
      else where.push(eq(campaigns.systemId, f.scope.systemId));
      if (f.group !== 'all' && f.group > 0) where.push(eq(campaigns.companyGroupId, f.group));
      if (f.view !== 'all') where.push(eq(campaigns.archived, f.view === 'archived'));
      if (f.status === 'active') where.push(eq(campaigns.status, 'running'));
      else if (f.status === 'inactive') where.push(sql`${campaigns.status} <> 'running'`);
      else if (f.status !== 'all') where.push(eq(campaigns.status, f.status));
      if (f.search !== '') {
        const like = `%${likeLiteral(f.search)}%`;
        where.push(
          sql`(${campaigns.name} ilike ${like} or ${campaigns.publicId} like ${like} or ${companies.name} ilike ${like})`,
        );
      }
      const condition = and(...where);
      const direction = f.order === 'desc' ? sql`desc` : sql`asc`;
      const orderBy =
        f.sort === 'none' || f.order === 'none'
          ? [sql`${campaigns.createdAt} desc`, sql`${campaigns.id} desc`]
          : [sql`${SORT_SQL[f.sort]} ${direction}`, sql`${campaigns.id} desc`];
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(campaigns)
        .innerJoin(companies, eq(companies.id, campaigns.clientId))
        .where(condition);
      const rows = await recordQuery(db)
        .where(condition)
        .orderBy(...orderBy)
        .limit(f.perPage)
        .offset((f.page - 1) * f.perPage);
      return { total: counted?.n ?? 0, rows: rows.map(toRecord) };
    },

    /**
     * Campaigns in id order after `afterId` (the Open API's keyset pages, decision 0100): a client's,
     * an agency's clients', or a system's; removed ones are left out.
     */
    async pageAfter(
      scope: { clientId: number } | { agencyId: number } | { systemId: number },
      afterId: number,
      limit: number,
    ): Promise<CampaignRecord[]> {
      const where = [isNull(campaigns.removedAt), sql`${campaigns.id} > ${afterId}`];
      if ('clientId' in scope) where.push(eq(campaigns.clientId, scope.clientId));
      else if ('agencyId' in scope) where.push(eq(campaigns.agencyId, scope.agencyId));
      else where.push(eq(campaigns.systemId, scope.systemId));
      const rows = await recordQuery(db)
        .where(and(...where))
        .orderBy(campaigns.id)
        .limit(limit);
      return rows.map(toRecord);
    },

    /** A company's campaigns as options: a client's own, an agency's clients', a root's whole system's. */
    async ofCompany(company: { id: number; kind: string; systemId: number }, group: number) {
      const owner =
        company.kind === 'client'
          ? sql`k.client_id = ${company.id}`
          : company.kind === 'agency'
            ? sql`k.agency_id = ${company.id}`
            : sql`k.system_id = ${company.systemId}`;
      return queryRows<{
        id: number;
        publicId: string;
        name: string;
        companyName: string;
        module: CampaignModule;
        status: CampaignRow['status'];
      }>(
        db,
        sql`select k.id, k.public_id as "publicId", k.name, cl.name as "companyName", k.module, k.status
          from campaigns k join companies cl on cl.id = k.client_id
          where ${owner} and k.removed_at is null ${group > 0 ? sql`and k.company_group_id = ${group}` : sql``}
          order by k.created_at desc, k.id desc limit 1000`,
      );
    },

    /** Active campaigns (running or paused on run, live) of a company, per module. */
    async activeOf(company: { id: number; kind: string; systemId: number }) {
      const owner =
        company.kind === 'client'
          ? sql`k.client_id = ${company.id}`
          : company.kind === 'agency'
            ? sql`k.agency_id = ${company.id}`
            : sql`k.system_id = ${company.systemId}`;
      return queryRows<{ module: CampaignModule; publicId: string; name: string }>(
        db,
        sql`select k.module, k.public_id as "publicId", k.name from campaigns k
          where ${owner} and k.removed_at is null and not k.archived
            and k.status in ('running', 'paused_on_run')
          order by k.module, k.public_id`,
      );
    },

    async company(id: number) {
      const [row] = await db
        .select({
          id: companies.id,
          kind: companies.kind,
          systemId: companies.systemId,
          parentId: companies.parentId,
        })
        .from(companies)
        .where(eq(companies.id, id));
      return row ?? null;
    },

    async clientContext(clientId: number): Promise<ClientContext | null> {
      return (await clientContexts([clientId])).get(clientId) ?? null;
    },

    /** Several clients' contexts in two reads (invoicing a batch of campaigns). */
    clientContexts,

    /** Campaign rows by id, without the counts a record carries (invoicing a batch). */
    campaignRows: (ids: readonly number[]): Promise<CampaignRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(campaigns)
            .where(inArray(campaigns.id, [...ids])),

    /** The price sheets the layers read: the agency's own, its system root's, the master root's. */
    async priceSheets(
      agencyId: number,
      systemRootId: number,
    ): Promise<{ agency: PriceSheet; system: PriceSheet; master: PriceSheet }> {
      const [master] = await db
        .select({ root: systems.rootCompanyId })
        .from(systems)
        .where(eq(systems.isMaster, true));
      const ids = [agencyId, systemRootId, ...(master?.root ? [master.root] : [])];
      const rows = await db.select().from(agencyPrices).where(inArray(agencyPrices.companyId, ids));
      const sheet = (id: number | null | undefined) => rows.filter((r) => r.companyId === id);
      return { agency: sheet(agencyId), system: sheet(systemRootId), master: sheet(master?.root) };
    },

    /** The company's current card, if any. */
    async currentCard(companyId: number): Promise<CardOnFile | null> {
      const [row] = await db
        .select({
          customerId: paymentCards.customerId,
          connectedAccountId: paymentCards.connectedAccountId,
          gateway: paymentCards.gateway,
          last4: paymentCards.last4,
        })
        .from(paymentCards)
        .where(and(eq(paymentCards.companyId, companyId), isNull(paymentCards.replacedAt)));
      return row ?? null;
    },
  };
}

export type CampaignRepository = ReturnType<typeof createCampaignRepository>;
