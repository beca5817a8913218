import { asMicros, type CampaignModule, type LeadReportQuery, type Micros } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import type { SQL } from 'drizzle-orm';
import { type LeadFilter, leadWhereSql } from './lead-filter-sql.js';

/** A whole number as the driver answers it (an int, or the text of a bigint): exact, never a float. */
const whole = (value: unknown) => Number.parseInt(String(value), 10);

/** A stored lead with its campaign's and client's names, as the report and its download read it. */
export interface LeadRecord {
  id: number;
  campaignId: number;
  publicId: string;
  campaignName: string;
  clientName: string;
  module: CampaignModule;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  company: Record<string, string>;
  pageUrl: string;
  keyword: string;
  source: string;
  clientPrice: Micros;
  wholesale: Micros;
  rootFee: Micros;
  /** The campaign hides phones from its client (clientHidePhone). */
  hidePhone: boolean;
  paymentTerm: string;
  campaignModule: CampaignModule;
  costPerLead: Micros;
  costPerLeadB2b: Micros;
}

export type LeadSort = NonNullable<LeadReportQuery['sortby']>;

/** Sort expressions; every order ends on the id so pages never overlap. */
const SORTS: Record<LeadSort, SQL[]> = {
  created_at: [sql`l.created_at`],
  name: [sql`l.last_name`, sql`l.first_name`],
  email: [sql`coalesce(l.emails[1], '')`],
  campaign_name: [sql`k.name`],
  client_price: [sql`l.client_price_micros`],
};

const COLUMNS = sql`l.id::text as id, l.campaign_id, k.public_id, k.name as campaign_name,
  cl.name as client_name, l.module, l.created_at, l.first_name, l.last_name,
  coalesce(l.emails[1], '') as email, coalesce(l.phones[1], '') as phone, l.street, l.city, l.state,
  l.zip, l.company, l.page_url, l.keyword, l.source, l.client_price_micros::text as client_price,
  l.wholesale_micros::text as wholesale, l.root_fee_micros::text as root_fee, k.hide_phone,
  k.payment_term, k.module as campaign_module, k.cost_per_lead_micros::text as cost_per_lead,
  k.cost_per_lead_b2b_micros::text as cost_per_lead_b2b`;

const JOINS = sql`join campaigns k on k.id = l.campaign_id join companies cl on cl.id = l.client_id`;

type RawLead = Record<string, unknown>;

const micros = (value: unknown) => asMicros(whole(value));
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function companyOf(value: unknown): Record<string, string> {
  const object = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!object || typeof object !== 'object') return {};
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, text(v)]));
}

function toRecord(r: RawLead): LeadRecord {
  return {
    id: whole(r.id),
    campaignId: whole(r.campaign_id),
    publicId: text(r.public_id),
    campaignName: text(r.campaign_name),
    clientName: text(r.client_name),
    module: r.module as CampaignModule,
    createdAt: new Date(r.created_at as string | Date),
    firstName: text(r.first_name),
    lastName: text(r.last_name),
    email: text(r.email),
    phone: text(r.phone),
    street: text(r.street),
    city: text(r.city),
    state: text(r.state),
    zip: text(r.zip),
    company: companyOf(r.company),
    pageUrl: text(r.page_url),
    keyword: text(r.keyword),
    source: text(r.source),
    clientPrice: micros(r.client_price),
    wholesale: micros(r.wholesale),
    rootFee: micros(r.root_fee),
    hidePhone: r.hide_phone === true,
    paymentTerm: text(r.payment_term),
    campaignModule: r.campaign_module as CampaignModule,
    costPerLead: micros(r.cost_per_lead),
    costPerLeadB2b: micros(r.cost_per_lead_b2b),
  };
}

export function createLeadRowRepository(db: Database) {
  return {
    /** One page of the filtered leads in the asked order, and how many there are in all. */
    async page(
      f: LeadFilter,
      o: { sort: LeadSort; order: 'asc' | 'desc'; page: number; perPage: number },
    ): Promise<{ total: number; rows: LeadRecord[] }> {
      const where = leadWhereSql(f);
      const direction = sql.raw(o.order);
      const orderBy = sql.join(
        [...SORTS[o.sort], sql`l.id`].map((e) => sql`${e} ${direction}`),
        sql`, `,
      );
      // The page's ids first, from the leads alone (the campaign only when sorting by its name),
      // then the names for those rows only.
      const sortJoin = o.sort === 'campaign_name' ? sql`join campaigns k on k.id = l.campaign_id` : sql``;
      const [counted, rows] = await Promise.all([
        queryRows<{ n: number }>(db, sql`select count(*)::int as n from leads l where ${where}`),
        queryRows<RawLead>(
          db,
          sql`with page as (
              select l.id from leads l ${sortJoin} where ${where}
               order by ${orderBy} limit ${o.perPage} offset ${(o.page - 1) * o.perPage})
            select ${COLUMNS} from page join leads l on l.id = page.id ${JOINS}
             order by ${orderBy}`,
        ),
      ]);
      return { total: whole(counted[0]?.n ?? 0), rows: rows.map(toRecord) };
    },

    /** One lead by id (the scope check has passed), or null. */
    async one(id: number): Promise<LeadRecord | null> {
      const [row] = await queryRows<RawLead>(
        db,
        sql`select ${COLUMNS} from leads l ${JOINS} where l.id = ${id}`,
      );
      return row ? toRecord(row) : null;
    },
  };
}

export type LeadRowRepository = ReturnType<typeof createLeadRowRepository>;
