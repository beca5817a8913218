import { DATE_INVALID, ERROR_CODES, LOG_DATE_RANGE_INVALID, MONTH_INVALID } from '@app/contracts';
import { and, campaigns, companies, coupons, DEMO, eq, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../test/harness.js';
import { bearer, send, signIn } from '../test/sign-in.js';

/*
 * Every date and month a request carries — body fields, query filters, path segments — is one
 * contract type (`calendarDaySchema` / `calendarMonthSchema`, decision 0067): an impossible day or
 * a year the product or PostgreSQL cannot take answers 400 in the error shape and changes nothing,
 * never a 500. The table lists every route that takes one.
 */

let rt: TestRuntime;
const ids = { root: 0, northwind: 0, harbor: 0, campaign: 0, owner: 0 };
const tokens = { root: '', owner: '' };
let couponCount = 0;

beforeAll(async () => {
  rt = await startTestRuntime();
  const db = rt.database.db;
  const companyId = async (name: string) =>
    (await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)))[0]!.id;
  ids.root = await companyId(DEMO.master.root.name);
  ids.northwind = await companyId(DEMO.northwind.name);
  ids.harbor = await companyId(DEMO.northwind.clients[0]!.name);
  ids.campaign = (
    await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.clientId, ids.harbor), eq(campaigns.module, 'local')))
  )[0]!.id;
  ids.owner = (await db.select().from(users).where(eq(users.email, DEMO.northwind.owner.email)))[0]!.id;
  tokens.root = (await signIn(rt, DEMO.master.rootUser.email, { ip: '192.0.2.81' })).access_token;
  tokens.owner = (await signIn(rt, DEMO.northwind.owner.email, { ip: '192.0.2.82' })).access_token;
  // Northwind's Data Wallet open (a tester that accepted the agreement), so its months are read.
  const wallet = { is_beta: true, apply_to_all_agency: false, testers: [ids.northwind] };
  expect((await send(rt, '/api/configuration/beta-features/1', wallet, put(tokens.root))).statusCode).toBe(
    200,
  );
  const agreement = {
    feature_id: 1,
    feature_name: 'Data Wallet',
    user_id: ids.owner,
    company_id: ids.northwind,
    is_marketing_services_agreement_feature: 'T',
    location_menu: 'data-wallet',
  };
  const accepted = await send(
    rt,
    `/api/marketing-services-agreement-feature/${ids.owner}/1`,
    agreement,
    put(tokens.owner),
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
});
const put = (token: string) => ({ token, method: 'PUT' as const });
afterAll(() => rt?.close());

type Who = keyof typeof tokens;
interface DateCase {
  name: string;
  who: Who;
  /** The field the answer names (a body field, a query key or a path segment). */
  field: string;
  /** The request with `value` in that field; every other part is valid. */
  request: (value: string) => { method?: 'GET' | 'POST' | 'PUT'; url: string; body?: unknown };
  /** The refusal's text (a log range is one field: its own text). */
  message?: string;
}

const code = () => `DATES${++couponCount}`;
const reportBase = () => `/api/leadspeek/report`;
const campaignBody = (field: string, value: string) => ({
  leadspeekType: 'local',
  clientID: ids.harbor,
  campaignName: 'Dates campaign',
  [field]: value,
});
const costBody = (field: string, value: string) => ({
  leadspeekID: ids.campaign,
  PaymentTerm: 'Weekly',
  PlatformFee: '0',
  CostMonth: '0',
  CostSet: '0',
  LimitLead: 0,
  LimitLeadFreq: 'day',
  [field]: value,
});

const dayCases: DateCase[] = [
  ...(['valid_from', 'valid_to'] as const).map(
    (field): DateCase => ({
      name: `coupon ${field}`,
      who: 'root',
      field,
      request: (value) => ({
        method: 'POST',
        url: '/api/configuration/coupon/create',
        body: { companyID: ids.root, code: code(), kind: 'percent', value: '10', [field]: value },
      }),
    }),
  ),
  ...(['startdatecampaign', 'enddatecampaign'] as const).flatMap((field): DateCase[] => [
    {
      name: `campaign create ${field}`,
      who: 'owner',
      field,
      request: (value) => ({
        method: 'POST',
        url: '/api/leadspeek/client/create',
        body: campaignBody(field, value),
      }),
    },
    {
      name: `campaign update ${field}`,
      who: 'owner',
      field,
      request: (value) => ({
        method: 'PUT',
        url: '/api/leadspeek/client/update',
        // Both ends, so a good day is never refused for the campaign's other end.
        body: { leadspeekID: ids.campaign, startdatecampaign: value, enddatecampaign: value },
      }),
    },
  ]),
  ...(['LimitLeadStart', 'LimitLeadEnd'] as const).map(
    (field): DateCase => ({
      name: `cost module ${field}`,
      who: 'owner',
      field,
      request: (value) => ({
        method: 'PUT',
        url: '/api/configuration/user/costmodule',
        body: costBody(field, value),
      }),
    }),
  ),
  ...(['lead', 'lead-download', 'chart'] as const).flatMap((call) =>
    (['start', 'end'] as const).map(
      (field): DateCase => ({
        name: `lead report ${call} ${field}`,
        who: 'owner',
        field,
        request: (value) => ({
          url: `${reportBase()}/${call}/${ids.northwind}/0/0?start=${value}&end=${value}${call === 'lead-download' ? '&format=csv' : ''}`,
        }),
      }),
    ),
  ),
  ...(['start', 'end'] as const).map(
    (field): DateCase => ({
      name: `lead report rejections ${field}`,
      who: 'owner',
      field,
      request: (value) => ({ url: `${reportBase()}/rejections/${ids.campaign}?start=${value}&end=${value}` }),
    }),
  ),
  {
    name: 'lead report invoice start',
    who: 'owner',
    field: 'start',
    request: (value) => ({ url: `${reportBase()}/invoice/${ids.northwind}/0/${value}/${value}` }),
  },
  {
    name: 'lead report invoice end',
    who: 'owner',
    field: 'end',
    request: (value) => ({ url: `${reportBase()}/invoice/${ids.northwind}/0/${value}/${value}` }),
  },
  {
    name: 'report analytics start',
    who: 'root',
    field: 'start',
    request: (value) => ({ url: `/api/configuration/report-analytics/${value}/${value}/${ids.root}/0` }),
  },
  {
    name: 'report analytics end',
    who: 'root',
    field: 'end',
    request: (value) => ({ url: `/api/configuration/report-analytics/${value}/${value}/${ids.root}` }),
  },
  {
    name: 'root revenue startDate',
    who: 'root',
    field: 'startDate',
    request: (value) => ({ url: `/api/configuration/root-revenue/${value}/${value}` }),
  },
  {
    name: 'user logs log_date_range',
    who: 'owner',
    field: 'log_date_range',
    message: LOG_DATE_RANGE_INVALID,
    request: (value) => ({
      method: 'POST',
      url: '/api/configuration/user/log-user',
      body: { companyID: ids.northwind, log_date_range: `${value} - ${value}` },
    }),
  },
  {
    name: 'user log download dateRange',
    who: 'owner',
    field: 'dateRange',
    message: LOG_DATE_RANGE_INVALID,
    request: (value) => ({
      url: `/api/configuration/user/log-download/${ids.northwind}/all/all/all/${encodeURIComponent(`${value} - ${value}`)}/all`,
    }),
  },
];

const monthCases: DateCase[] = [
  ...(['history', 'history-download'] as const).flatMap((call): DateCase[] => [
    {
      name: `billing ${call} of a company`,
      who: 'owner',
      field: 'month',
      request: (value) => ({ url: `/api/billing/${call}/company/${ids.northwind}?month=${value}` }),
    },
    {
      name: `billing ${call} of a person`,
      who: 'owner',
      field: 'month',
      request: (value) => ({ url: `/api/billing/${call}/user/${ids.owner}?month=${value}` }),
    },
  ]),
  {
    name: 'data wallet',
    who: 'owner',
    field: 'date',
    request: (value) => ({
      url: `/api/configuration/agencies/prepaid/get-direct-payment?company_id=${ids.northwind}&date=${value}`,
    }),
  },
  {
    name: 'data wallet history',
    who: 'owner',
    field: 'date',
    request: (value) => ({
      url: `/api/configuration/agencies/prepaid/get-transaction-history-direct-payment?company_id=${ids.northwind}&date=${value}`,
    }),
  },
  {
    name: 'data wallet download',
    who: 'owner',
    field: 'date',
    request: (value) => ({
      url: `/api/configuration/agencies/prepaid/download-transaction-history-direct-payment/${ids.northwind}/${value}`,
    }),
  },
  {
    name: 'agencies report SelectedDate',
    who: 'root',
    field: 'SelectedDate',
    request: (value) => ({ url: `/api/configuration/agencies-report/0/none/none/-?SelectedDate=${value}` }),
  },
];

async function call(c: DateCase, value: string) {
  const { method = 'GET', url, body } = c.request(value);
  if (method === 'GET') return rt.app.inject({ url, headers: bearer(tokens[c.who]) });
  return send(rt, url, body, { token: tokens[c.who], method });
}

/** Rows the write routes would add: a refused request adds none. */
async function rowCounts() {
  const db = rt.database.db;
  return {
    coupons: (await db.select().from(coupons)).length,
    campaigns: (await db.select().from(campaigns)).length,
  };
}

const IMPOSSIBLE_DAYS = [
  '2026-02-30',
  '2026-13-01',
  '2026-02-29',
  '2026-04-31',
  '0000-01-01',
  '0000-12-31',
  '1899-12-31',
  '9999-12-31',
  '2026-1-1',
];
const IMPOSSIBLE_MONTHS = ['9999-12', '9999-01', '0000-01', '1899-12', '2026-13', '2026-00', '2026-1'];
/** The range's own ends, and a leap day: taken, and never a 500. */
const GOOD_DAYS = ['2024-02-29', '1900-01-01', '9998-12-31'];
const GOOD_MONTHS = ['2026-02', '1900-01', '9998-12'];

function expectRefused(
  res: { statusCode: number; body: string; json: () => unknown },
  field: string,
  text: string,
) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(ERROR_CODES.validation);
  expect(body.error.fields?.[field], res.body).toBe(text);
}

describe('calendar days', () => {
  it.each(dayCases)('$name: impossible days and years answer 400, changing nothing', async (c) => {
    const before = await rowCounts();
    for (const value of IMPOSSIBLE_DAYS)
      expectRefused(await call(c, value), c.field, c.message ?? DATE_INVALID);
    expect(await rowCounts()).toEqual(before);
  });

  it.each(dayCases)('$name: real days at the range ends are taken', async (c) => {
    for (const value of GOOD_DAYS) {
      const res = await call(c, value);
      expect(res.statusCode, `${value}: ${res.body}`).toBeLessThan(300);
    }
  });
});

describe('calendar months', () => {
  it.each(monthCases)('$name: impossible months and years answer 400', async (c) => {
    for (const value of IMPOSSIBLE_MONTHS) expectRefused(await call(c, value), c.field, MONTH_INVALID);
  });

  it.each(monthCases)('$name: months at the range ends are taken', async (c) => {
    for (const value of GOOD_MONTHS) {
      const res = await call(c, value);
      expect(res.statusCode, `${value}: ${res.body}`).toBeLessThan(300);
    }
  });
});
