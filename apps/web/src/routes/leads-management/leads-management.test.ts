import { USERS } from '@app/policy/testing';
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

describe('leads management', { timeout: 60_000 }, () => {
  it("shows an agency administrator the module's leads across clients with a client selector", async () => {
    const { renderScreen } = await import('../../../test/screen-harness');
    const { leadReportKeys } = await import('../../api/lead-reports');
    const { leadPageRequest } = await import('../../components/lead-report/leads-table');
    const { LeadsManagement } = await import('./leads-management-page');
    const user = USERS.administrator();
    const scope = { companyID: user.company_id, clientID: 0, campaignID: 0 };
    const filters = { moduleType: 'enhance' as const, searchQuery: '', start: '', end: '' };
    const http = { request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), requestFile: vi.fn() };
    const html = renderScreen(user, h(LeadsManagement, { user, module: 'enhance' }), http as never, [
      [
        leadReportKeys.report(scope, filters, leadPageRequest(1, null)),
        {
          current_page: 1,
          per_page: 10,
          total: 0,
          last_page: 1,
          from: null,
          to: null,
          data: [],
          total_capped: false,
          time_zone: 'America/Chicago',
        },
      ],
    ]);
    expect(html).toContain('Enhance ID Leads Management');
    expect(html).toContain('data-testid="leads-management-client"');
    expect(html).toContain('data-testid="lead-report-panel"');
    // The primed page (this module, all clients) is the one shown: its empty text, not 'Loading Data'.
    expect(html).toContain('No leads yet — create a campaign in Campaign Management.');
    expect(html).not.toContain('Loading Data');
  });

  it('gives the system administrator the whole module without a client selector', async () => {
    const { renderScreen } = await import('../../../test/screen-harness');
    const { LeadsManagement } = await import('./leads-management-page');
    const user = USERS.systemAdmin();
    const http = { request: vi.fn(), get: vi.fn(), post: vi.fn(), put: vi.fn(), requestFile: vi.fn() };
    const html = renderScreen(user, h(LeadsManagement, { user, module: 'local' }), http as never);
    expect(html).toContain('Site ID Leads Management');
    expect(html).not.toContain('data-testid="leads-management-client"');
    expect(html).toContain('Loading Data');
  });
});
