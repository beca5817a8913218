import { asMicros, type CampaignModule, type LeadReportQuery, type Micros } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import type { SQL } from 'drizzle-orm';
import { whole } from './driver-numbers.js';
import { type LeadFilter, leadScopeSql, leadWhereSql, searchCampaignsSql } from './lead-filter-sql.js';

/** A stored lead with its campaign's and client's names, as the report reads it. */
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
  /** Advanced information (catalogue id → value, decision 0093). */
  advanced: Record<string, string>;
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
  l.zip, l.company, l.advanced, l.page_url, l.keyword, l.source, l.client_price_micros::text as client_price,
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
    advanced: companyOf(r.advanced),
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

/**
 * A search's total is counted up to this many matches (more is "1,000+"), and its pages reach that
 * far: counting every match of a common text in a campaign of 500,000 leads reads 50,000 rows (seconds).
 */
export const SEARCH_TOTAL_CAP = 1_000;

export interface LeadPage {
  /** The filtered leads in all; a search's only up to `SEARCH_TOTAL_CAP` (then `totalCapped`). */
  total: number;
  totalCapped: boolean;
  rows: LeadRecord[];
}

export function createLeadRowRepository(db: Database) {
  /** The scope's leads (of one module, if given) from lead_totals: a few rows, not a count of the leads. */
  const storedTotal = async (f: LeadFilter) => {
    const module = f.module ? sql` and l.module = ${f.module}` : sql``;
    const [row] = await queryRows<{ n: unknown }>(
      db,
      sql`select coalesce(sum(l.leads), 0) as n from lead_totals l where ${leadScopeSql(f.scope)}${module}`,
    );
    return whole(row?.n ?? 0);
  };

  /** How many leads match, counted by the leads themselves (a day range; a search up to the cap). */
  const countedTotal = async (f: LeadFilter, cap?: number) => {
    const where = leadWhereSql(f);
    const [row] = await queryRows<{ n: unknown }>(
      db,
      cap === undefined
        ? sql`select count(*) as n from leads l where ${where}`
        : sql`select count(*) as n from (select 1 from leads l where ${where} limit ${cap + 1}) capped`,
    );
    return whole(row?.n ?? 0);
  };

  const pageRows = async (
    f: LeadFilter,
    o: { sort: LeadSort; order: 'asc' | 'desc'; page: number; perPage: number },
  ) => {
    const direction = sql.raw(o.order);
    const orderBy = sql.join(
      [...SORTS[o.sort], sql`l.id`].map((e) => sql`${e} ${direction}`),
      sql`, `,
    );
    // The page's ids first, from the leads alone (the campaign only when sorting by its name),
    // then the names for those rows only.
    const sortJoin = o.sort === 'campaign_name' ? sql`join campaigns k on k.id = l.campaign_id` : sql``;
    const rows = await queryRows<RawLead>(
      db,
      sql`with page as (
          select l.id from leads l ${sortJoin} where ${leadWhereSql(f)}
           order by ${orderBy} limit ${o.perPage} offset ${(o.page - 1) * o.perPage})
        select ${COLUMNS} from page join leads l on l.id = page.id ${JOINS}
         order by ${orderBy}`,
    );
    return rows.map(toRecord);
  };

  return {
    /**
     * One page of the filtered leads in the asked order, and how many there are in all. Without a
     * search or days the total is lead_totals' (exact, kept by the database); with days it is
     * counted over the index; a search counts up to `SEARCH_TOTAL_CAP` and lists no page beyond it.
     * The total and the page are read at the same time.
     */
    async page(
      f: LeadFilter,
      o: { sort: LeadSort; order: 'asc' | 'desc'; page: number; perPage: number },
    ): Promise<LeadPage> {
      if (f.search === '') {
        const [total, rows] = await Promise.all([
          f.start || f.end ? countedTotal(f) : storedTotal(f),
          pageRows(f, o),
        ]);
        return { total, totalCapped: false, rows };
      }
      const [campaigns] = await queryRows<{ matching: number[]; hiding_phones: number[] }>(
        db,
        searchCampaignsSql(f),
      );
      const searched: LeadFilter = {
        ...f,
        searchCampaigns: {
          matching: (campaigns?.matching ?? []).map(whole),
          hidingPhones: (campaigns?.hiding_phones ?? []).map(whole),
        },
      };
      const beyondCap = (o.page - 1) * o.perPage >= SEARCH_TOTAL_CAP;
      const [counted, rows] = await Promise.all([
        countedTotal(searched, SEARCH_TOTAL_CAP),
        beyondCap ? Promise.resolve([]) : pageRows(searched, o),
      ]);
      return {
        total: Math.min(counted, SEARCH_TOTAL_CAP),
        totalCapped: counted > SEARCH_TOTAL_CAP,
        rows: rows.slice(0, Math.max(0, SEARCH_TOTAL_CAP - (o.page - 1) * o.perPage)),
      };
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
