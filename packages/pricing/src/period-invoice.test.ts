import { asCents, asMicros } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { periodInvoice } from './period-invoice.js';

const leads = (count: number, client: number, wholesale: number, root = 0) => ({
  count,
  clientMicros: asMicros(client),
  wholesaleMicros: asMicros(wholesale),
  rootFeeMicros: asMicros(root),
});
const fees = { client: asCents(4_900), wholesale: asCents(2_000), root: asCents(0) };

describe('periodInvoice', () => {
  it('bills the client its leads by unit price, rounded once per line, and the next period fee', () => {
    const invoice = periodInvoice({
      leads: [leads(3, 1_250_000, 500_000), leads(7, 333_333, 100_000), leads(2, 1_250_000, 500_000)],
      periodFee: fees,
      manualBill: false,
    });
    expect(invoice.payer).toBe('client');
    expect(invoice.lines).toEqual([
      { kind: 'leads', quantity: 5, unitPriceMicros: 1_250_000, amount: 625, platformPart: 250 },
      { kind: 'leads', quantity: 7, unitPriceMicros: 333_333, amount: 233, platformPart: 70 },
      { kind: 'period_fee', quantity: 1, unitPriceMicros: 49_000_000, amount: 4_900, platformPart: 2_000 },
    ]);
    expect(invoice.total).toBe(625 + 233 + 4_900);
    expect(invoice.leadCount).toBe(12);
    // Wholesale: 5 × $0.50 + 7 × $0.10 + $20 = 2,320 cents, carried by the client's charge.
    expect(invoice.wholesaleTotal).toBe(2_320);
    expect(invoice.platformPart).toBe(2_320);
    expect(invoice.applicationFee).toBe(2_320);
    expect(invoice.agencyCharge).toBe(0);
  });

  it("charges the agency's card what a client priced below the agency's cost cannot carry", () => {
    const invoice = periodInvoice({ leads: [leads(10, 0, 500_000)], periodFee: null, manualBill: false });
    expect(invoice.total).toBe(0);
    expect(invoice.lines).toEqual([
      { kind: 'leads', quantity: 10, unitPriceMicros: 0, amount: 0, platformPart: 500 },
    ]);
    expect(invoice.applicationFee).toBe(0);
    expect(invoice.agencyCharge).toBe(500);
  });

  it('bills the agency the platform part on manual bill, at the root fee when it is larger', () => {
    const wholesale = periodInvoice({
      leads: [leads(4, 2_000_000, 750_000)],
      periodFee: fees,
      manualBill: true,
    });
    expect(wholesale).toMatchObject({
      payer: 'agency',
      total: 2_300,
      platformPart: 2_300,
      agencyCharge: 2_300,
    });
    const root = periodInvoice({
      leads: [leads(4, 2_000_000, 100_000, 900_000)],
      periodFee: { ...fees, wholesale: asCents(0) },
      manualBill: true,
    });
    expect(root.total).toBe(360);
    expect(root.lines[0]).toMatchObject({ unitPriceMicros: 900_000, amount: 360 });
  });

  it('is empty and zero for a window without leads and no fee', () => {
    const invoice = periodInvoice({ leads: [], periodFee: null, manualBill: false });
    expect(invoice).toMatchObject({ lines: [], total: 0, platformPart: 0, leadCount: 0 });
  });

  it('refuses a count that is not whole', () => {
    expect(() => periodInvoice({ leads: [leads(1.5, 1, 1)], periodFee: null, manualBill: false })).toThrow(
      RangeError,
    );
  });
});
