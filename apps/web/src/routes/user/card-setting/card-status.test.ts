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

  it('flags a failed payment from the setup check', () => {
    const client = USERS.client();
    expect(cardStatus(client, makeSetup({ accessmodule: 'paymentfailed' })).paymentFailed).toBe(true);
    expect(cardStatus(client, makeSetup()).paymentFailed).toBe(false);
  });
});
