import { makeSetup, makeUser, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { CARD_MISSING, cardStatus } from './card-status';

describe('card status', () => {
  it('reports a card on file', () => {
    const status = cardStatus(makeUser({ customer_card_id: 'card_1' }), makeSetup());
    expect(status).toMatchObject({ hasCard: true, required: true, manualBill: false, paymentFailed: false });
    expect(status.headline).toMatch(/on file/);
  });

  it('reports a missing card where one is required', () => {
    const status = cardStatus(makeUser({ customer_card_id: null }), makeSetup());
    expect(status).toMatchObject({ hasCard: false, required: true });
    expect(status.headline).toBe(CARD_MISSING);
  });

  it('needs no card for a client of a manual-bill agency, nor for system and sales users', () => {
    const client = cardStatus(
      makeUser({ user_type: 'client', customer_card_id: null, manual_bill: 'T' }),
      null,
    );
    expect(client).toMatchObject({ hasCard: false, required: false, manualBill: true });
    expect(client.headline).toMatch(/agency bills you/);
    expect(cardStatus(USERS.root(), null).required).toBe(false);
    expect(cardStatus(USERS.salesRep(), null).headline).toMatch(/not charged/);
  });

  it('flags a failed payment from the setup check, saying what failed and what opens access again', () => {
    const client = USERS.client();
    const failed = makeSetup({ accessmodule: 'paymentfailed', fcampid: ['40010005'], finamt: '1080.00' });
    expect(cardStatus(client, failed)).toMatchObject({
      paymentFailed: true,
      failedText:
        'A payment of $1,080.00 for campaign 40010005 was declined. Replace the card below; your agency then starts the campaign again, and access opens as soon as that payment goes through.',
    });
    expect(cardStatus(client, makeSetup())).toMatchObject({ paymentFailed: false, failedText: null });
    const agency = cardStatus(
      USERS.userdownline(),
      makeSetup({ paymentStatusFailed: true, finamt: '38.00' }),
    );
    expect(agency.failedText).toBe(
      'A payment of $38.00 was declined. Replace the card below, then start the campaign again: access opens as soon as that payment goes through.',
    );
  });

  it("shows the manual-bill switch to the agency's people only", () => {
    expect(cardStatus(USERS.client(), makeSetup()).showsManualBill).toBe(false);
    expect(cardStatus(USERS.userdownline(), makeSetup()).showsManualBill).toBe(true);
  });

  it('lets the account’s own people change the card, not a stand-in', () => {
    expect(cardStatus(USERS.client(), makeSetup()).mayChange).toBe(true);
    expect(cardStatus({ ...USERS.client(), actor_user_id: 1 }, makeSetup()).mayChange).toBe(false);
  });
});
