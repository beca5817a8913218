import { asCents, asMicros } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { applicationFeeBack, prepaidRefund, type RefundableBlock } from './prepaid-refund.js';

const c = asCents;
/** A block of 100 leads at $1.50 to the client, $0.60 wholesale, paid by the client's direct charge. */
const block = (lotId: number, over: Partial<RefundableBlock> = {}): RefundableBlock => ({
  lotId,
  leads: 100,
  clientPriceMicros: asMicros(1_500_000),
  wholesaleMicros: asMicros(600_000),
  paidBy: 'client',
  payerCharge: { amount: c(15_000), applicationFee: c(6_000) },
  platformPartCharge: null,
  ...over,
});

describe('prepaidRefund: the unused leads, newest block first, at the prices they were bought at', () => {
  it('refunds the client its unused leads and the platform its fee in proportion', () => {
    const r = prepaidRefund([block(1), block(2)], 130);
    expect(r.blocks).toEqual([
      {
        lotId: 1,
        unusedLeads: 30,
        payerRefundCents: 4_500,
        applicationFeeBackCents: 1_800,
        platformPartRefundCents: 0,
        clientRefundCents: 4_500,
        agencyCardRefundCents: 0,
      },
      {
        lotId: 2,
        unusedLeads: 100,
        payerRefundCents: 15_000,
        applicationFeeBackCents: 6_000,
        platformPartRefundCents: 0,
        clientRefundCents: 15_000,
        agencyCardRefundCents: 0,
      },
    ]);
    expect(r).toMatchObject({
      unusedLeads: 130,
      clientCents: 19_500,
      agencyCardCents: 0,
      wholesaleBackCents: 7_800,
      agencyMarkupBackCents: 11_700,
    });
  });

  it('nothing left: nothing back', () => {
    expect(prepaidRefund([block(1)], 0)).toMatchObject({ blocks: [], clientCents: 0, wholesaleBackCents: 0 });
  });

  it('rounds every refund down to whole cents', () => {
    // 7 leads at $0.333 333 = $2.333 331 → $2.33; the fee 40 % of it: 93.2 → 93 cents.
    const r = prepaidRefund(
      [
        block(1, {
          clientPriceMicros: asMicros(333_333),
          payerCharge: { amount: c(3_333), applicationFee: c(1_333) },
        }),
      ],
      7,
    );
    expect(r.blocks[0]).toMatchObject({ payerRefundCents: 233, applicationFeeBackCents: 93 });
    expect(applicationFeeBack({ amount: c(3_333), applicationFee: c(1_333) }, c(233))).toBe(93);
  });

  it('never refunds more than the charge, whose amount may include a setup fee', () => {
    // An activation charge of $200 (setup $50 + 100 leads at $1.50), fee $90: 100 unused → $150 back, fee 150/200 of 90.
    const r = prepaidRefund(
      [block(1, { payerCharge: { amount: c(20_000), applicationFee: c(9_000) } })],
      100,
    );
    expect(r.blocks[0]).toMatchObject({ payerRefundCents: 15_000, applicationFeeBackCents: 6_750 });
    const capped = prepaidRefund(
      [block(1, { payerCharge: { amount: c(1_000), applicationFee: c(400) } })],
      100,
    );
    expect(capped.blocks[0]).toMatchObject({ payerRefundCents: 1_000, applicationFeeBackCents: 400 });
  });

  it('a client priced below cost: the agency card gets back the wholesale the fee did not cover', () => {
    // 100 leads at $0.50 to the client, $0.60 wholesale: the client's $50 all fee, the agency paid $10.
    const below = block(1, {
      clientPriceMicros: asMicros(500_000),
      payerCharge: { amount: c(5_000), applicationFee: c(5_000) },
      platformPartCharge: { amount: c(1_000), applicationFee: null },
    });
    const r = prepaidRefund([below], 50);
    expect(r.blocks[0]).toMatchObject({
      payerRefundCents: 2_500,
      applicationFeeBackCents: 2_500,
      platformPartRefundCents: 500,
    });
    expect(r).toMatchObject({
      clientCents: 2_500,
      agencyCardCents: 500,
      wholesaleBackCents: 3_000,
      agencyMarkupBackCents: 0,
    });
  });

  it('manual bill: the agency card gets back the unused leads at wholesale', () => {
    const manual = block(1, { paidBy: 'agency', payerCharge: { amount: c(6_000), applicationFee: null } });
    const r = prepaidRefund([manual], 25);
    expect(r.blocks[0]).toMatchObject({ payerRefundCents: 1_500, applicationFeeBackCents: 0 });
    expect(r).toMatchObject({ clientCents: 0, agencyCardCents: 1_500, wholesaleBackCents: 1_500 });
  });

  it('refuses a balance that is not a count, or more than was bought', () => {
    expect(() => prepaidRefund([block(1)], -1)).toThrow(RangeError);
    expect(() => prepaidRefund([block(1)], 101)).toThrow('101 leads left of 100 bought');
  });
});
