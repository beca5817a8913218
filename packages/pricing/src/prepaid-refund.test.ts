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
  it('refunds the client its unused leads and the platform its wholesale of them', () => {
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
        agencyWalletRefundCents: 0,
      },
      {
        lotId: 2,
        unusedLeads: 100,
        payerRefundCents: 15_000,
        applicationFeeBackCents: 6_000,
        platformPartRefundCents: 0,
        clientRefundCents: 15_000,
        agencyCardRefundCents: 0,
        agencyWalletRefundCents: 0,
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
    // 7 leads at $0.333 333 = $2.333 331 → $2.33; at $0.123 457 wholesale = $0.864 199 → 86 cents.
    const r = prepaidRefund(
      [
        block(1, {
          clientPriceMicros: asMicros(333_333),
          wholesaleMicros: asMicros(123_457),
          payerCharge: { amount: c(3_333), applicationFee: c(1_333) },
        }),
      ],
      7,
    );
    expect(r.blocks[0]).toMatchObject({ payerRefundCents: 233, applicationFeeBackCents: 86 });
    expect(applicationFeeBack({ amount: c(3_333), applicationFee: c(1_333) }, c(233), c(86))).toBe(86);
  });

  it('never refunds more than the charge, whose amount may include a setup fee', () => {
    // An activation charge of $200 (setup $50 + 100 leads at $1.50), fee $90 (setup $30 + leads $60):
    // 100 unused → $150 back, of which the platform's wholesale of the leads, $60 (its setup stays).
    const r = prepaidRefund(
      [block(1, { payerCharge: { amount: c(20_000), applicationFee: c(9_000) } })],
      100,
    );
    expect(r.blocks[0]).toMatchObject({ payerRefundCents: 15_000, applicationFeeBackCents: 6_000 });
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

  it("setup priced below cost: the client's charge was all fee, yet only the leads' wholesale goes back", () => {
    // 20 leads at $1.50 ($30, no setup) to the client; the platform's part is $49 setup + 20 × $0.75 = $64:
    // the client's $30 all application fee, the agency's card $34. Refunding the 20 leads gives the client
    // its $30; the platform gives back its $15 of wholesale (not its whole $30 fee, half of which was the
    // setup's); the agency's account gives back the other $15 (its markup); its card paid no lead's part.
    const r = prepaidRefund(
      [
        block(1, {
          leads: 20,
          clientPriceMicros: asMicros(1_500_000),
          wholesaleMicros: asMicros(750_000),
          payerCharge: { amount: c(3_000), applicationFee: c(3_000) },
          platformPartCharge: { amount: c(3_400), applicationFee: null },
        }),
      ],
      20,
    );
    expect(r.blocks[0]).toEqual({
      lotId: 1,
      unusedLeads: 20,
      payerRefundCents: 3_000,
      applicationFeeBackCents: 1_500,
      platformPartRefundCents: 0,
      clientRefundCents: 3_000,
      agencyCardRefundCents: 0,
      agencyWalletRefundCents: 0,
    });
    expect(r).toMatchObject({
      clientCents: 3_000,
      agencyCardCents: 0,
      wholesaleBackCents: 1_500,
      agencyMarkupBackCents: 1_500,
    });
  });

  it('lead price below cost with a client setup fee: the client its leads, the agency card its shortfall', () => {
    // Setup $30 + 20 × $0.50 = $40 to the client, all fee; the part $49 + 20 × $0.75 = $64, the card $24.
    // 20 unused: the client $10 (all the platform's, out of the fee), the card the leads' $5 shortfall.
    const r = prepaidRefund(
      [
        block(1, {
          leads: 20,
          clientPriceMicros: asMicros(500_000),
          wholesaleMicros: asMicros(750_000),
          payerCharge: { amount: c(4_000), applicationFee: c(4_000) },
          platformPartCharge: { amount: c(2_400), applicationFee: null },
        }),
      ],
      20,
    );
    expect(r.blocks[0]).toMatchObject({
      payerRefundCents: 1_000,
      applicationFeeBackCents: 1_000,
      platformPartRefundCents: 500,
    });
    expect(r).toMatchObject({
      clientCents: 1_000,
      agencyCardCents: 500,
      wholesaleBackCents: 1_500,
      agencyMarkupBackCents: 0,
    });
  });

  it('manual bill: the agency card gets back the unused leads at wholesale', () => {
    const manual = block(1, { paidBy: 'agency', payerCharge: { amount: c(6_000), applicationFee: null } });
    const r = prepaidRefund([manual], 25);
    expect(r.blocks[0]).toMatchObject({ payerRefundCents: 1_500, applicationFeeBackCents: 0 });
    expect(r).toMatchObject({ clientCents: 0, agencyCardCents: 1_500, wholesaleBackCents: 1_500 });
  });

  it('manual bill paid from the Data Wallet: the same wholesale goes back into the wallet, none to a card', () => {
    const manual = block(1, {
      paidBy: 'agency',
      payerCharge: { amount: c(6_000), applicationFee: null, paidFrom: 'wallet' },
    });
    const r = prepaidRefund([manual], 25);
    expect(r.blocks[0]).toMatchObject({
      payerRefundCents: 1_500,
      agencyCardRefundCents: 0,
      agencyWalletRefundCents: 1_500,
    });
    expect(r).toMatchObject({
      clientCents: 0,
      agencyCardCents: 0,
      agencyWalletCents: 1_500,
      wholesaleBackCents: 1_500,
      agencyMarkupBackCents: 0,
    });
  });

  it("a client's card and a wallet-paid platform part: the client its card, the wallet the part", () => {
    // 20 leads at $0.50 ($10, all fee); the platform part $49 + 20 × $0.75 - $10 = $54 paid from the
    // wallet. 16 unused: the client $8 (out of the fee), the wallet the leads' $4 shortfall.
    const mixed = block(1, {
      leads: 20,
      clientPriceMicros: asMicros(500_000),
      wholesaleMicros: asMicros(750_000),
      payerCharge: { amount: c(1_000), applicationFee: c(1_000) },
      platformPartCharge: { amount: c(5_400), applicationFee: null, paidFrom: 'wallet' },
    });
    const r = prepaidRefund([mixed], 16);
    expect(r.blocks[0]).toEqual({
      lotId: 1,
      unusedLeads: 16,
      payerRefundCents: 800,
      applicationFeeBackCents: 800,
      platformPartRefundCents: 400,
      clientRefundCents: 800,
      agencyCardRefundCents: 0,
      agencyWalletRefundCents: 400,
    });
    expect(r).toMatchObject({
      clientCents: 800,
      agencyCardCents: 0,
      agencyWalletCents: 400,
      wholesaleBackCents: 1_200,
      agencyMarkupBackCents: 0,
    });
    // Blocks paid differently add up each to its own place: a card-paid block beside it.
    const both = prepaidRefund(
      [block(0, { paidBy: 'agency', payerCharge: { amount: c(6_000), applicationFee: null } }), mixed],
      30,
    );
    expect(both).toMatchObject({ agencyCardCents: 600, agencyWalletCents: 500 });
  });

  it('refuses a balance that is not a count, or more than was bought', () => {
    expect(() => prepaidRefund([block(1)], -1)).toThrow(RangeError);
    expect(() => prepaidRefund([block(1)], 101)).toThrow('101 leads left of 100 bought');
  });
});
