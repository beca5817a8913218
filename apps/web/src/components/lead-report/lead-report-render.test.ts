import type { LeadReportRow } from '@app/contracts';
import { makeUser } from '@app/policy/testing';
import { createElement as h } from 'react';
import { describe, expect, it, vi } from 'vitest';

const memory = new Map<string, string>();
vi.stubGlobal('window', {
  addEventListener() {},
  removeEventListener() {},
  localStorage: {
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => memory.set(key, value),
    removeItem: (key: string) => memory.delete(key),
  },
});

const http = () => ({ request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), requestFile: vi.fn() });

function lead(overrides: Partial<LeadReportRow> = {}): LeadReportRow {
  return {
    lead_id: 501,
    leadspeekID: 7,
    leadspeek_api_id: '40010001',
    campaign_name: 'Austin dentists',
    client_company_name: 'Bright Smiles',
    module: 'local',
    created_at: '2026-03-02T15:04:00.000Z',
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'ann@example.test',
    phone: '5550101',
    phone_hidden: false,
    street: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    company: {},
    advanced: [],
    page_url: 'https://brightsmiles.test/',
    keyword: '',
    source: 'pixel',
    prices: { client_price: '0.50', wholesale: null, root_fee: null },
    ...overrides,
  };
}

const page = (rows: LeadReportRow[], total = rows.length) => ({
  current_page: 1,
  per_page: 10,
  total,
  last_page: Math.max(1, Math.ceil(total / 10)),
  from: rows.length ? 1 : null,
  to: rows.length ? rows.length : null,
  data: rows,
  total_capped: false,
  time_zone: 'America/Chicago',
});

const init = {
  result: 'success',
  data: {
    first_date: '2026-02-01',
    last_date: '2026-03-02',
    today: '2026-03-03',
    time_zone: 'America/Chicago',
  },
};

/** The panel rendered to HTML with the first page of leads (and the init dates) already answered. */
async function renderPanel(
  rows: LeadReportRow[],
  props: Record<string, unknown> = {},
  total?: number,
  timeZone = 'America/Chicago',
) {
  const { renderScreen } = await import('../../../test/screen-harness');
  const { leadReportKeys } = await import('../../api/lead-reports');
  const { LeadReportPanel, panelRequest } = await import('./lead-report-panel');
  const { leadPageRequest } = await import('./leads-table');
  const panelProps = { companyId: 100, clientId: 0, moduleType: 'local' as const, ...props };
  const { scope, filters } = panelRequest(panelProps, '', { start: '', end: '' });
  return renderScreen(makeUser(), h(LeadReportPanel, panelProps), http() as never, [
    [
      leadReportKeys.report(scope, filters, leadPageRequest(1, null)),
      { ...page(rows, total), time_zone: timeZone },
    ],
    [
      leadReportKeys.initDate(scope.companyID, scope.clientID, scope.campaignID),
      { ...init, data: { ...init.data, time_zone: timeZone } },
    ],
  ]);
}

describe('lead report panel renders', { timeout: 60_000 }, () => {
  it("shows only the client price to a viewer who may not see the others, and 'Hidden' for a hidden phone", async () => {
    const html = await renderPanel([lead({ phone: '', phone_hidden: true })]);
    expect(html).toContain('data-testid="lead-row-501"');
    expect(html).toContain('Client price');
    expect(html).toContain('$0.50');
    expect(html).not.toContain('Wholesale');
    expect(html).not.toContain('Root fee');
    expect(html).toContain('data-testid="lead-phone-hidden-501"');
    expect(html).toMatch(/data-testid="lead-phone-hidden-501"[^>]*>Hidden</);
    expect(html).not.toContain('5550101');
  });

  it('adds the wholesale and root fee columns when the server sends them', async () => {
    const html = await renderPanel([
      lead({ prices: { client_price: '0.50', wholesale: '0.30', root_fee: '0.125' } }),
    ]);
    expect(html).toContain('Wholesale');
    expect(html).toContain('$0.30');
    expect(html).toContain('Root fee');
    expect(html).toContain('$0.125');
    expect(html).toContain('5550101');
  });

  it('lists campaign and client across campaigns, a caption, paging and the init dates', async () => {
    const html = await renderPanel([lead()], {}, 42);
    expect(html).toContain('<caption');
    expect(html).toContain('Austin dentists (40010001)');
    expect(html).toContain('Bright Smiles');
    expect(html).toContain('Showing 1 to 1 of 42 entries');
    expect(html).toContain('aria-label="Next page"');
    expect(html).toMatch(/value="2026-02-01"/);
    expect(html).toMatch(/value="2026-03-03"/);
    expect(html).toContain('data-testid="lead-report-sort-created_at"');
    expect(html).toContain('data-testid="lead-download-csv"');
    expect(html).toContain('Download Excel');
    expect(html).not.toContain('data-testid="lead-tab-rejections"');
  });

  it("for one campaign leaves out its campaign column, offers the Rejections tab and shows the campaign's days", async () => {
    const campaign = {
      leadspeekID: 7,
      leadspeek_api_id: '40010001',
      campaignName: 'Austin dentists',
      leadspeekType: 'local',
    };
    const html = await renderPanel([lead()], { campaign, clientId: 120 });
    expect(html).toContain('data-testid="lead-tab-rejections"');
    expect(html).not.toContain('Austin dentists (40010001)');
    // The init dates were answered under the campaign's key: the date fields show them.
    expect(html).toMatch(/value="2026-02-01"/);
  });

  it("shows one campaign's leads in the campaign's time zone and names it, whatever the browser's zone", async () => {
    const campaign = {
      leadspeekID: 7,
      leadspeek_api_id: '40010001',
      campaignName: 'Austin dentists',
      leadspeekType: 'local',
    };
    // 15:04 UTC on 2 March is 05:04 on the 3rd at UTC+14: the row says the 3rd, as the chart counts it.
    const html = await renderPanel([lead()], { campaign, clientId: 120 }, 1, 'Pacific/Kiritimati');
    expect(html).toContain('Mar 3, 2026, 5:04 AM');
    expect(html).not.toContain('Mar 2, 2026');
    expect(html).toMatch(
      /data-testid="lead-report-zone"[^>]*>Dates and times in [^<]*Pacific\/Kiritimati[^<]*, the campaign&#x27;s time zone\./,
    );
    // Across campaigns the zone is the viewer's, said so.
    const across = await renderPanel([lead()], {}, 1, 'America/Chicago');
    expect(across).toContain('Mar 2, 2026, 9:04 AM');
    expect(across).toMatch(/Central Time \(America\/Chicago\), your time zone\./);
  });

  it('tells a newcomer what to do when there are no leads', async () => {
    const html = await renderPanel([]);
    expect(html).toContain('No leads yet — create a campaign in Campaign Management.');
  });

  it('asks for one campaign by its row id and its module, and ignores a range being typed wrong', async () => {
    const { panelRequest } = await import('./lead-report-panel');
    const campaign = {
      leadspeekID: 7,
      leadspeek_api_id: '40010001',
      campaignName: 'A',
      leadspeekType: 'enhance' as const,
    };
    const request = panelRequest({ companyId: 100, clientId: 120, campaign }, 'ann', {
      start: '2026-03-05',
      end: '2026-03-01',
    });
    expect(request.scope).toEqual({ companyID: 100, clientID: 120, campaignID: 7 });
    expect(request.filters).toEqual({ moduleType: 'enhance', searchQuery: 'ann', start: '', end: '' });
  });

  it("shows a lead's detail with what each party paid and why", async () => {
    const { renderScreen } = await import('../../../test/screen-harness');
    const { LeadDetailView } = await import('./lead-detail-modal');
    const html = renderScreen(
      makeUser(),
      h(LeadDetailView, {
        lead: {
          ...lead({ prices: { client_price: '0.50', wholesale: '0.30', root_fee: null } }),
          payment_term: 'Weekly',
          explanation: [
            "Client price: $0.50 per lead (the campaign's cost per lead, Weekly term)",
            'Wholesale: $0.30 per lead (your price from the platform)',
          ],
        },
        timeZone: 'America/New_York',
      }),
      http() as never,
    );
    expect(html).toContain('What each party paid');
    expect(html).toContain('Client price: $0.50 per lead');
    expect(html).toContain('Wholesale: $0.30 per lead');
    expect(html).not.toContain('Root fee');
    // Stored at 15:04 UTC: 10:04 in the report's zone.
    expect(html).toContain('Mar 2, 2026, 10:04 AM');
  });

  it('shows the invoice rows per campaign and the total', async () => {
    const { renderScreen } = await import('../../../test/screen-harness');
    const { leadReportKeys } = await import('../../api/lead-reports');
    const { monthToDate } = await import('./lead-range');
    const { InvoiceReport } = await import('./invoice-report');
    const range = monthToDate(new Date());
    const html = renderScreen(
      makeUser(),
      h(InvoiceReport, { companyId: 100, clientId: 0 }),
      http() as never,
      [
        [
          leadReportKeys.invoice(100, 0, range),
          {
            result: 'success',
            data: {
              rows: [
                {
                  leadspeekID: 7,
                  leadspeek_api_id: '40010001',
                  campaign_name: 'Austin dentists',
                  client_company_name: 'Bright Smiles',
                  module: 'local',
                  leads: 1200,
                  leads_amount: '600.00',
                  charges_amount: '99.00',
                  total: '699.00',
                },
              ],
              total: '699.00',
            },
          },
        ],
      ],
    );
    expect(html).toContain('data-testid="invoice-row-40010001"');
    expect(html).toContain('Site ID');
    expect(html).toContain('1,200');
    expect(html).toContain('$600.00');
    expect(html).toMatch(/data-testid="invoice-total"[^>]*>\$699.00</);
    expect(html).toContain('<caption');
  });
});
