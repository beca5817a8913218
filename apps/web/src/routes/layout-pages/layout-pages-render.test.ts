import type { CampaignListRow } from '@app/contracts';
import { makeSetup, makeUser } from '@app/policy/testing';
import { createElement as h } from 'react';
import { describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({ user: null as unknown }));

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

const row = (
  id: number,
  clientID: number,
  client: string,
  over: Partial<CampaignListRow> = {},
): CampaignListRow => ({
  leadspeekID: id,
  leadspeek_api_id: String(50_000_000 + id),
  campaignName: `Display ${id}`,
  leadspeekType: 'local',
  status: 'running',
  pause_reason: null,
  status_label: 'Running',
  archived: 'F',
  statuscomplete: 'T',
  clientID,
  client_company_name: client,
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
  activated_at: null,
  ...over,
});

const stats = (
  id: number,
  impressions: number,
  clicks: number,
  spend: string,
  budget: string,
  left: string,
) => ({
  leadspeekID: id,
  leadspeek_api_id: String(50_000_000 + id),
  totals: { impressions, clicks, ctr: '0.00', spend },
  period_budget: budget,
  remaining_budget: left,
  pacing: '120',
  last_pulled_at: null,
});

const rows = [
  row(1, 501, 'Harbor Dental'),
  row(2, 502, 'Cedar Home', { status: 'stopped', status_label: 'Stopped' }),
];
const page = {
  current_page: 1,
  per_page: 100,
  total: 2,
  last_page: 1,
  from: 1,
  to: 2,
  data: rows,
};

async function prime() {
  const { simplifiKeys } = await import('../../api/simplifi');
  const { userListKeys } = await import('../../api/agency-list');
  const list = simplifiKeys.list({
    companyID: AGENCY,
    clientID: 0,
    group: '',
    sort: null,
    search: '',
    page: 1,
    perPage: 100,
    view: 'all',
    status: 'all',
  });
  return { simplifiKeys, userListKeys, list };
}

async function render(element: unknown, entries: Array<[readonly unknown[], unknown]>) {
  const { renderScreen } = await import('../../../test/screen-harness');
  session.user = agency;
  return renderScreen(agency, element as never, http() as never, entries, makeSetup());
}

describe('campaign layout pages render', { timeout: 60_000 }, () => {
  it('/dashboard adds up the agency’s Simplifi campaigns', async () => {
    const k = await prime();
    const { DashboardPage } = await import('./dashboard-page');
    const html = await render(h(DashboardPage), [
      [k.list, page],
      [
        k.simplifiKeys.stats([1, 2]),
        {
          result: 'success',
          data: [stats(1, 10_000, 50, '120.50', '1500', '900'), stats(2, 2_000, 2, '10', '0', '0')],
        },
      ],
    ]);
    expect(html).toContain('Simplifi ID Dashboard');
    expect(html).toMatch(/data-testid="dashboard-campaigns"[^>]*>2</);
    expect(html).toMatch(/data-testid="dashboard-running"[^>]*>1</);
    expect(html).toMatch(/data-testid="dashboard-impressions"[^>]*>12,000</);
    expect(html).toMatch(/data-testid="dashboard-spend"[^>]*>\$130\.50</);
    expect(html).toContain('$900.00 left of $1,500.00');
    expect(html).toContain('Over-pacing (120%)');
    expect(html).toContain('href="/campaign-setup"');
  });

  it('/client lists the advertised clients with their campaigns and spend', async () => {
    const k = await prime();
    const { ClientPage } = await import('./client-page');
    const html = await render(h(ClientPage), [
      [k.list, page],
      [
        k.simplifiKeys.stats([1, 2]),
        { result: 'success', data: [stats(1, 10_000, 50, '120.50', '1500', '900')] },
      ],
      [
        k.userListKeys.page({
          companyID: AGENCY,
          idsys: 1,
          userType: 'client',
          page: 1,
          perPage: 100,
          sort: { key: 'company_name', order: 'asc' },
          search: '',
        }),
        {
          data: [
            {
              company_id: 501,
              company_name: 'Harbor Dental',
              selected_modules: [{ type: 'simplifi', status: true }],
            },
            {
              company_id: 503,
              company_name: 'Alder Law',
              selected_modules: [{ type: 'simplifi', status: true }],
            },
            {
              company_id: 504,
              company_name: 'Birch Cafe',
              selected_modules: [{ type: 'local', status: true }],
            },
          ],
        },
      ],
    ]);
    expect(html).toContain('Advertised Clients');
    expect(html).toContain('Alder Law');
    // A client without the module and without campaigns is no advertiser.
    expect(html).not.toContain('Birch Cafe');
    expect(html).toMatch(/data-testid="simplifi-client-501".*?Harbor Dental.*?\$120\.50/);
    expect(html).toContain('href="/campaign?client=502"');
  });

  it('/campaign-setup shows the wizard as the page', async () => {
    const { CampaignSetupPage } = await import('./campaign-setup-page');
    const html = await render(h(CampaignSetupPage), []);
    expect(html).toContain('Simplifi ID Campaign Setup');
    expect(html).toContain('data-testid="simplifi-wizard"');
    expect(html).toContain('data-testid="simplifi-click-url"');
  });

  it('says so when the module is not the viewer’s', async () => {
    const { CampaignPage } = await import('./campaign-page');
    const { renderScreen } = await import('../../../test/screen-harness');
    const other = makeUser({ company_id: AGENCY, is_master_system: false });
    session.user = other;
    const html = renderScreen(other, h(CampaignPage), http() as never, [], makeSetup());
    expect(html).toContain('data-testid="simplifi-unavailable"');
  });
});
