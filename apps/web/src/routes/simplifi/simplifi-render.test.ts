import type { CampaignListRow, SimplifiCampaignDetail } from '@app/contracts';
import { betaSetup, makeSetup, makeUser } from '@app/policy/testing';
import { createElement as h } from 'react';
import { describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({ user: null as unknown }));

// The screens ask what the session user may do (useSessionPermissions reads the session store).
vi.mock('../../app/session/session', () => ({
  sessionStore: { getCompanyGroup: () => null, setCompanyGroup: () => {} },
  useSession: () => ({
    user: session.user,
    accessToken: 'token',
    refreshToken: 'refresh',
    registerFlag: false,
  }),
}));
vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {}, location: { search: '' } });

const AGENCY = 100;
const agency = makeUser({ company_id: AGENCY, idsys: 1 });
const http = () => ({ request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), requestFile: vi.fn() });

const row = (id: number, over: Partial<CampaignListRow> = {}): CampaignListRow => ({
  leadspeekID: id,
  leadspeek_api_id: String(50_000_000 + id),
  campaignName: `Spring display ${id}`,
  leadspeekType: 'local',
  status: 'running',
  pause_reason: null,
  status_label: 'Running',
  archived: 'F',
  statuscomplete: 'T',
  clientID: 501,
  client_company_name: 'Harbor Dental',
  agencyID: AGENCY,
  companyGroupID: 0,
  company_group_name: '',
  PaymentTerm: 'Monthly',
  urlCode: '',
  embed_status: 'unchecked',
  ad_platform_sync: '',
  ad_platform_note: '',
  startdatecampaign: '',
  enddatecampaign: '',
  total_leads: 0,
  leads_today: 0,
  created_at: '2026-03-01T00:00:00Z',
  activated_at: '2026-03-01T00:00:00Z',
  ...over,
});

const detail = (over: Partial<SimplifiCampaignDetail> = {}): SimplifiCampaignDetail => ({
  leadspeekID: 1,
  leadspeek_api_id: '50000001',
  campaignName: 'Spring display 1',
  clientID: 501,
  company_name: 'Harbor Dental',
  status: 'running',
  pause_reason: null,
  archived: 'F',
  startdatecampaign: '2026-03-01',
  enddatecampaign: '',
  timezone: 'America/Chicago',
  clickUrl: 'https://harbor.example/spring',
  maxBid: '4.50',
  monthlyBudget: '1500.00',
  dailyBudget: '50.00',
  goalType: 'cpc',
  goalValue: '2.50',
  agencyMarkup: 20,
  remainingDays: 12,
  totalSpend: '412.50',
  remainingBudget: '600.00',
  platform: { name: 'sandbox', campaign_id: 'sbx-1', synced: true },
  audiences: [],
  refunds: [],
  charges: [
    {
      reason: 'activation',
      period_start: '2026-03-01',
      amount: '1500.00',
      platform_amount: '1200.00',
      status: 'paid',
      created_at: '2026-03-01T10:00:00Z',
    },
  ],
  ...over,
});

const statsRow = (id: number) => ({
  leadspeekID: id,
  leadspeek_api_id: String(50_000_000 + id),
  totals: { impressions: 123_456, clicks: 321, ctr: '0.26', spend: '412.50' },
  period_budget: '1500.00',
  remaining_budget: '600.00',
  pacing: '97.5',
  last_pulled_at: '2026-03-12T06:00:00Z',
});

const listPage = (rows: CampaignListRow[]) => ({
  current_page: 1,
  per_page: 10,
  total: rows.length,
  last_page: 1,
  from: rows.length ? 1 : null,
  to: rows.length || null,
  data: rows,
});

async function keys() {
  const api = await import('../../api/simplifi');
  const listParams = {
    companyID: AGENCY,
    clientID: 0,
    group: '',
    sort: null,
    search: '',
    page: 1,
    perPage: 10,
    view: 'current' as const,
    status: 'all' as const,
  };
  return { ...api.simplifiKeys, listParams };
}

async function render(
  element: unknown,
  prime: Array<[readonly unknown[], unknown]>,
  setup = makeSetup(),
  user = agency,
) {
  const { renderScreen } = await import('../../../test/screen-harness');
  session.user = user;
  return renderScreen(user, element as never, http() as never, prime, setup);
}

describe('Simplifi screens render', { timeout: 60_000 }, () => {
  it('lists the campaigns with their figures, pacing and the sandbox label', async () => {
    const k = await keys();
    const { SimplifiCampaignManagement } = await import('./simplifi-campaign-management');
    const html = await render(
      h(SimplifiCampaignManagement, {
        user: agency,
        ctx: { user: agency, setup: makeSetup(), domain: null },
      }),
      [
        [k.list(k.listParams), listPage([row(1), row(2, { status: 'stopped', status_label: 'Stopped' })])],
        [k.stats([1, 2]), { result: 'success', data: [statsRow(1)] }],
        [k.detail(1), { result: 'success', data: detail() }],
      ],
    );
    expect(html).toContain('Simplifi ID Campaign Management');
    expect(html).toContain('data-testid="campaign-row-50000001"');
    expect(html).toMatch(/data-testid="simplifi-impressions-50000001"[^>]*>123,456</);
    expect(html).toMatch(/data-testid="simplifi-spend-50000001"[^>]*>\$412\.50</);
    expect(html).toContain('$600.00 left of $1,500.00');
    expect(html).toContain('On pace (97.5%)');
    expect(html).toContain('0.26%');
    // The stopped campaign has no figures yet: a dash, not a made-up zero.
    expect(html).toMatch(/data-testid="campaign-row-50000002".*?–/);
    expect(html).toContain('data-testid="simplifi-list-sandbox"');
    expect(html).toContain('data-testid="simplifi-add"');
  });

  it('says why the module is not there for a system without it or a non-beta agency', async () => {
    const { SimplifiCampaignManagement } = await import('./simplifi-campaign-management');
    const notMaster = makeUser({ company_id: AGENCY, is_master_system: false });
    const html = await render(
      h(SimplifiCampaignManagement, {
        user: notMaster,
        ctx: { user: notMaster, setup: makeSetup(), domain: null },
      }),
      [],
      makeSetup(),
      notMaster,
    );
    expect(html).toContain('data-testid="simplifi-unavailable"');
    expect(html).not.toContain('data-testid="simplifi-campaigns"');
    const beta = betaSetup(false);
    const html2 = await render(
      h(SimplifiCampaignManagement, { user: agency, ctx: { user: agency, setup: beta, domain: null } }),
      [],
      beta,
    );
    expect(html2).toContain('data-testid="simplifi-unavailable"');
  });

  it('asks a beta tester agency for the agreement before its first campaign', async () => {
    const k = await keys();
    const { SimplifiCampaignManagement } = await import('./simplifi-campaign-management');
    const tester = betaSetup(false, { isBeta: true });
    const html = await render(
      h(SimplifiCampaignManagement, { user: agency, ctx: { user: agency, setup: tester, domain: null } }),
      [[k.list(k.listParams), listPage([])]],
      tester,
    );
    expect(html).toContain('data-testid="beta-agreement-pending"');
    expect(html).toContain('data-testid="beta-agreement-open"');
    expect(html).toContain('No Data');
  });

  it('shows the budget with what is left, and the raise for a running campaign', async () => {
    const k = await keys();
    const { BudgetTab } = await import('./campaign-panel/budget-tab');
    const d = detail();
    const html = await render(
      h(BudgetTab, { detail: d, mayRaise: true, showMarkup: true, minimumDaily: '25.00' }),
      [
        [
          k.remaining(d.leadspeek_api_id),
          {
            result: 'success',
            data: {
              leadspeek_api_id: d.leadspeek_api_id,
              period_start: '2026-03-01',
              period_end: '2026-03-31',
              remaining_days: 12,
              remaining_budget: '600.00',
              period_budget: '1500.00',
              total_spend: '412.50',
            },
          },
        ],
      ],
    );
    expect(html).toMatch(/data-testid="simplifi-remaining-budget"[^>]*>\$600\.00</);
    expect(html).toMatch(/data-testid="simplifi-remaining-days"[^>]*>12</);
    expect(html).toContain('Agency markup');
    expect(html).toContain('data-testid="simplifi-raise"');
    const paused = await render(
      h(BudgetTab, {
        detail: detail({ status: 'paused' }),
        mayRaise: true,
        showMarkup: false,
        minimumDaily: '0',
      }),
      [],
    );
    expect(paused).not.toContain('data-testid="simplifi-raise"');
    expect(paused).not.toContain('Agency markup');
  });

  it('lists the charges, the platform’s part only for the agency', async () => {
    const { ChargesTable } = await import('./campaign-panel/charges-table');
    const charges = detail().charges;
    const agencyView = await render(h(ChargesTable, { charges, showPlatformPart: true }), []);
    expect(agencyView).toContain('Activation');
    expect(agencyView).toContain('$1,500.00');
    expect(agencyView).toContain('$1,200.00');
    const clientView = await render(h(ChargesTable, { charges, showPlatformPart: false }), []);
    expect(clientView).not.toContain('$1,200.00');
  });

  it('draws the report: totals, the per-ad table and the downloads', async () => {
    const k = await keys();
    const { ReportTab } = await import('./campaign-panel/report-tab');
    const { reportQuery, DEFAULT_REPORT_RANGE } = await import('./report-range');
    const html = await render(h(ReportTab, { campaignId: 1, apiId: '50000001' }), [
      [
        k.report(1, reportQuery(DEFAULT_REPORT_RANGE, new Date())),
        {
          result: 'success',
          leadspeek_api_id: '50000001',
          from: '2026-02-11',
          to: '2026-03-12',
          totals: { impressions: 2180, clicks: 9, ctr: '0.41', spend: '22.25' },
          days: [
            { day: '2026-03-11', impressions: 1200, clicks: 6, ctr: '0.50', spend: '12.40' },
            { day: '2026-03-12', impressions: 980, clicks: 3, ctr: '0.31', spend: '9.85' },
          ],
          ads: [
            {
              ad_id: 'ad-1',
              name: 'Spring 300×250',
              impressions: 2180,
              clicks: 9,
              ctr: '0.41',
              spend: '22.25',
            },
          ],
        },
      ],
    ]);
    expect(html).toMatch(/data-testid="simplifi-report-impressions"[^>]*>2,180</);
    expect(html).toMatch(/data-testid="simplifi-report-spend"[^>]*>\$22\.25</);
    expect(html).toContain('Spring 300×250');
    expect(html).toContain('data-testid="simplifi-report-csv"');
    expect(html).toContain('data-testid="simplifi-report-xlsx"');
    expect(html).toContain('data-testid="simplifi-chart-impressions"');
  });
});
