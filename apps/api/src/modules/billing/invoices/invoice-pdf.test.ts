import { asCents, asMicros } from '@app/contracts';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  formatUnitPrice,
  INVOICE_MAX_LINES,
  type InvoiceDocument,
  type InvoiceLineDocument,
  renderInvoicePdf,
} from './invoice-pdf.js';

const invoice = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  number: 'INV-3-000042',
  issuedOn: '2026-03-05',
  period: { from: '2026-02-26', to: '2026-03-04' },
  status: 'paid',
  seller: { name: 'Northwind Agency', email: 'billing@northwind.test' },
  billTo: { name: 'Acme Corporation', email: 'ap@acme.test' },
  subject: 'Campaign #12345678 Spring promo — Weekly',
  lines: [
    {
      description: 'Leads delivered',
      quantity: 98_765,
      unitPrice: asMicros(12_500),
      amount: asCents(123_456),
    },
    { description: 'Setup fee', quantity: 1, unitPrice: asMicros(5_000_000), amount: asCents(500) },
  ],
  total: asCents(123_956),
  paid: { on: '2026-03-05', reference: 'ch_3NabcDEF123' },
  notes: ['Thank you for your business.'],
  ...overrides,
});

const manyLines = (count: number): InvoiceLineDocument[] =>
  Array.from({ length: count }, (_, i) => ({
    description: `Leads delivered on day ${i + 1} for the campaign, with a description long enough to wrap onto a second line of the table`,
    quantity: 10,
    unitPrice: asMicros(125_000),
    amount: asCents(125),
  }));

/**
 * The text an uncompressed PDF shows. pdfkit writes the standard fonts' text as hex strings in TJ
 * arrays (`[<496e56> 80 <2d332d...>] TJ`, split where kerning applies, one TJ per word), not as
 * literal `(...)` strings, so the bytes are decoded here: every hex run in order, WinAnsi ≈ Latin-1.
 */
function shownText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  let text = '';
  for (const [, array] of source.matchAll(/\[([^\]]*)\]\s*TJ/g))
    for (const [, hex] of (array as string).matchAll(/<([0-9a-fA-F]*)>/g))
      text += Buffer.from(hex as string, 'hex').toString('latin1');
  return text;
}

describe('renderInvoicePdf', () => {
  it('renders a PDF', async () => {
    const pdf = await renderInvoicePdf(invoice());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });

  it('gives the same bytes for the same invoice, dated from issuedOn', async () => {
    const first = await renderInvoicePdf(invoice());
    const second = await renderInvoicePdf(invoice());
    expect(first.equals(second)).toBe(true);
    const loaded = await PDFDocument.load(first, { updateMetadata: false });
    expect(loaded.getCreationDate()?.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(loaded.getTitle()).toBe('Invoice INV-3-000042');
    // Another issue date, other bytes.
    expect(first.equals(await renderInvoicePdf(invoice({ issuedOn: '2026-03-06' })))).toBe(false);
  });

  it('prints the invoice number, the bill-to name and the amounts (uncompressed)', async () => {
    const pdf = await renderInvoicePdf(invoice(), { compress: false });
    const text = shownText(pdf);
    expect(text).toContain('INVOICE');
    expect(text).toContain('INV-3-000042');
    expect(text).toContain('Acme Corporation');
    expect(text).toContain('$1,234.56');
    expect(text).toContain('$0.0125');
    expect(text).toContain('$1,239.56');
    expect(text).toContain('PAID');
    expect(text).toContain('ch_3NabcDEF123');
    expect(text).toContain('Thank you for your business.');
    // Compressed (the default), the page text is deflated: the same hex runs are not in the bytes.
    expect(shownText(await renderInvoicePdf(invoice()))).not.toContain('INV-3-000042');
  });

  it('prints the status label of each state', async () => {
    const failed = shownText(
      await renderInvoicePdf(invoice({ status: 'failed', paid: null }), { compress: false }),
    );
    expect(failed).toContain('PAYMENT FAILED');
    const voided = shownText(
      await renderInvoicePdf(invoice({ status: 'void', paid: null }), { compress: false }),
    );
    expect(voided).toContain('VOID');
  });

  it('prints the caller text as data, and what Helvetica cannot show as ?', async () => {
    const text = shownText(
      await renderInvoicePdf(invoice({ billTo: { name: '<b>{text: "x"}</b> 中', email: null } }), {
        compress: false,
      }),
    );
    expect(text).toContain('<b>{text: "x"}</b> ?');
  });

  it('breaks a long invoice over pages', async () => {
    const pdf = await renderInvoicePdf(invoice({ lines: manyLines(120), total: asCents(15_000) }));
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(1);
  });

  it(`refuses more than ${INVOICE_MAX_LINES} lines`, async () => {
    await expect(renderInvoicePdf(invoice({ lines: manyLines(501) }))).rejects.toThrow(RangeError);
  });

  it('refuses a date that is not YYYY-MM-DD', async () => {
    await expect(renderInvoicePdf(invoice({ issuedOn: '2026-02-30' }))).rejects.toThrow(RangeError);
  });
});

describe('formatUnitPrice', () => {
  it('prints whole cents with 2 decimals and sub-cent prices with up to 4', () => {
    expect(formatUnitPrice(asMicros(500_000))).toBe('$0.50');
    expect(formatUnitPrice(asMicros(125_000))).toBe('$0.125');
    expect(formatUnitPrice(asMicros(12_500))).toBe('$0.0125');
    expect(formatUnitPrice(asMicros(12_345_670_000))).toBe('$12,345.67');
    expect(formatUnitPrice(asMicros(1_250))).toBe('$0.0013');
    expect(formatUnitPrice(asMicros(0))).toBe('$0.00');
  });
});
