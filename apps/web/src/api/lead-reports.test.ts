import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from './http';
import {
  fetchLeadFile,
  fetchLeadReport,
  filterQuery,
  leadInvoicePath,
  leadRejectionsPath,
  moduleDashboardPath,
} from './lead-reports';

const mockHttp = () => {
  const http = {
    request: vi.fn().mockResolvedValue({}),
    get: vi.fn(),
    post: vi.fn(),
    put: vi.fn(),
    requestFile: vi.fn().mockResolvedValue(new Blob(['x'])),
  };
  return http as typeof http & HttpClient;
};

const scope = { companyID: 100, clientID: 0, campaignID: 0 };
const blank = { searchQuery: '', start: '', end: '' };

describe('lead report calls (contracts lead-reports.ts)', () => {
  it('asks for a page with Page, PerPage and the sort, leaving blank filters out', async () => {
    const http = mockHttp();
    await fetchLeadReport(
      http,
      scope,
      { ...blank, moduleType: 'local' },
      {
        page: 3,
        perPage: 10,
        sort: { key: 'client_price', order: 'asc' },
      },
    );
    expect(http.request).toHaveBeenCalledWith(
      expect.objectContaining({
        path: '/leadspeek/report/lead/100/0/0',
        query: { moduleType: 'local', Page: 3, PerPage: 10, sortby: 'client_price', order: 'asc' },
      }),
      expect.anything(),
    );
  });

  it('sends no sort when the column sort is back to none, and the trimmed search with the range', async () => {
    const http = mockHttp();
    await fetchLeadReport(
      http,
      { companyID: 100, clientID: 120, campaignID: 7 },
      { searchQuery: '  ann  ', start: '2026-03-01', end: '2026-03-31' },
      { page: 1, perPage: 10, sort: null },
    );
    const [request] = http.request.mock.calls[0] ?? [];
    expect(request.path).toBe('/leadspeek/report/lead/100/120/7');
    expect(request.query).toEqual({
      searchQuery: 'ann',
      start: '2026-03-01',
      end: '2026-03-31',
      Page: 1,
      PerPage: 10,
    });
  });

  it('downloads the same scope and filters as a file in the chosen format', async () => {
    const http = mockHttp();
    await fetchLeadFile(
      http,
      { companyID: 100, clientID: 120, campaignID: 7 },
      { ...blank, moduleType: 'b2b' },
      'xlsx',
    );
    expect(http.requestFile).toHaveBeenCalledWith({
      path: '/leadspeek/report/lead-download/100/120/7',
      query: { moduleType: 'b2b', format: 'xlsx' },
    });
    expect(http.request).not.toHaveBeenCalled();
  });

  it('writes the dashboard, invoice and rejections paths as the contract names them', () => {
    expect(moduleDashboardPath(100, 0, 'enhance')).toBe('/leadspeek/report/dashboard/100/0/enhance');
    expect(leadInvoicePath(20, 20, { start: '2026-03-01', end: '2026-03-15' })).toBe(
      '/leadspeek/report/invoice/20/20/2026-03-01/2026-03-15',
    );
    expect(leadRejectionsPath(7)).toBe('/leadspeek/report/rejections/7');
    expect(filterQuery({ searchQuery: ' ', start: '', end: '2026-01-02' })).toEqual({ end: '2026-01-02' });
  });
});
