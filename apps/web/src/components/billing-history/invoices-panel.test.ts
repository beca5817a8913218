import type { InvoiceSummary } from '@app/contracts';
import { makeUser } from '@app/policy/testing';
import { createElement as h } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pageInfoOfAnswer } from '../data-list/list-state';
import {
  formatInvoiceAmount,
  formatInvoicePeriod,
  formatUnitPrice,
  INVOICE_STATUS_COLOURS,
} from './invoice-format';

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

function invoice(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: 12,
    number: 'INV-000012',
    kind: 'period',
    status: 'paid',
    status_label: 'Paid',
    payer: 'client',
    bill_to: 'Harbor Dental',
    campaign: 'Harbor Dental — website visitors (40010001)',
    period_start: '2026-03-01',
    period_end: '2026-03-07',
    lead_count: 1234,
    total: '1900.00',
    issued_at: '2026-03-08T12:00:00.000Z',
    paid_at: '2026-03-08T12:00:05.000Z',
    lines: [
      { description: 'Leads at $1.50', quantity: 1234, unit_price: '1.50', amount: '1851.00' },
      { description: 'Platform fee, next period', quantity: 1, unit_price: '49.00', amount: '49.00' },
    ],
    ...overrides,
  };
}

const COMPANY = 100;

/** The panel rendered to HTML with its first page already answered. */
async function renderPanel(invoices: InvoiceSummary[], total = invoices.length) {
  const { renderScreen } = await import('../../../test/screen-harness');
  const { invoiceKeys } = await import('../../api/invoices');
  const { InvoicesPanel } = await import('./invoices-panel');
  return renderScreen(makeUser(), h(InvoicesPanel, { companyId: COMPANY }), http() as never, [
    [invoiceKeys.list(COMPANY, 1), { result: 'success', total, page: 1, per_page: 10, invoices }],
  ]);
}

describe('invoice formatting', () => {
  it.each([
    ['2026-03-01', '2026-03-07', 'Mar 1 – Mar 7, 2026'],
    ['2026-01-31', '2026-02-27', 'Jan 31 – Feb 27, 2026'],
    ['2025-12-25', '2026-01-24', 'Dec 25, 2025 – Jan 24, 2026'],
    ['2026-03-09', '2026-03-09', 'Mar 9, 2026'],
    ['soon', '2026-03-07', 'soon – 2026-03-07'],
  ])('shows the period %s to %s as %s, whatever the zone', (start, end, text) => {
    expect(formatInvoicePeriod(start, end)).toBe(text);
  });

  it('reads amounts and unit prices through the money helpers', () => {
    expect(formatInvoiceAmount('1851.00')).toBe('$1,851.00');
    expect(formatInvoiceAmount('0')).toBe('$0.00');
    expect(formatUnitPrice('1.50')).toBe('$1.50');
    expect(formatUnitPrice('0.125')).toBe('$0.125');
    expect(formatUnitPrice('49.00')).toBe('$49.00');
  });

  it('gives every status its own colour', () => {
    expect(new Set(Object.values(INVOICE_STATUS_COLOURS)).size).toBe(4);
  });

  it("turns the list's total, page and page size into the pager's page", () => {
    expect(pageInfoOfAnswer({ total: 23, page: 1, per_page: 10 })).toEqual({
      current_page: 1,
      last_page: 3,
      from: 1,
      to: 10,
      total: 23,
    });
    expect(pageInfoOfAnswer({ total: 23, page: 3, per_page: 10 })).toMatchObject({ from: 21, to: 23 });
    expect(pageInfoOfAnswer({ total: 0, page: 1, per_page: 10 })).toMatchObject({
      last_page: 1,
      from: null,
      to: null,
    });
    expect(pageInfoOfAnswer({ total: 5, page: 4, per_page: 10 })).toMatchObject({ from: null, to: null });
  });
});

describe('invoices panel renders', { timeout: 60_000 }, () => {
  it('lists an invoice in a real table: columns, figures, status in words, named buttons', async () => {
    const html = await renderPanel(
      [
        invoice(),
        invoice({
          id: 13,
          number: 'INV-000013',
          status: 'failed',
          status_label: 'Payment failed',
          paid_at: null,
        }),
      ],
      23,
    );
    expect(html).toContain('<table');
    expect(html).toMatch(/<caption[^>]*>Invoices<\/caption>/);
    const headers = [...html.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual([
      'Number',
      'Campaign',
      'Period',
      'Leads',
      'Total',
      'Status',
      'Issued',
      'Paid',
      'PDF',
    ]);
    expect(html).toContain('data-testid="invoices-row-INV-000012"');
    expect(html).toContain('Harbor Dental — website visitors (40010001)');
    expect(html).toContain('Mar 1 – Mar 7, 2026');
    expect(html).toContain('1,234');
    expect(html).toContain('$1,900.00');
    expect(html).toMatch(/data-testid="invoices-status-INV-000012"[^>]*data-status="paid"/);
    expect(html).toMatch(/data-testid="invoices-status-INV-000013"[\s\S]*?Payment failed/);
    expect(html).toContain('Not paid');
    expect(html).toContain('aria-label="Download invoice INV-000012 as PDF"');
    expect(html).toContain('aria-label="Show the lines of invoice INV-000012"');
    expect(html).toContain('aria-expanded="false"');
    // Lines open on demand only.
    expect(html).not.toContain('data-testid="invoices-lines-INV-000012"');
    expect(html).toContain('Showing 1 to 10 of 23 entries');
    expect(html).toContain('aria-label="Next page"');
  });

  it('says when invoices come when there are none, without an empty table', async () => {
    const html = await renderPanel([]);
    expect(html).toContain('data-testid="invoices-empty"');
    expect(html).toContain('No invoices yet');
    expect(html).toContain('Weekly and Monthly campaigns are invoiced at the end of each period.');
    expect(html).not.toContain('data-testid="invoices-list"');
  });

  it("opens to the invoice's lines with quantities, unit prices, amounts and its total", async () => {
    const { renderScreen } = await import('../../../test/screen-harness');
    const { InvoiceLines } = await import('./invoice-lines');
    const html = renderScreen(
      makeUser(),
      h(InvoiceLines, { invoice: invoice({ kind: 'final' }) }),
      http() as never,
    );
    expect(html).toMatch(/<caption[^>]*>Lines of invoice INV-000012<\/caption>/);
    expect(html).toContain('Billed to <strong>Harbor Dental</strong>');
    expect(html).toContain('Final invoice');
    const cells = [...html.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells).toEqual([
      'Leads at $1.50',
      '1,234',
      '$1.50',
      '$1,851.00',
      'Platform fee, next period',
      '1',
      '$49.00',
      '$49.00',
      '$1,900.00',
    ]);
  });
});
