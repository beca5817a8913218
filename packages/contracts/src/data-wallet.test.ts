import { describe, expect, it } from 'vitest';
import {
  chargeDataWalletRequestSchema,
  DATA_WALLET_NOT_A_PRESET,
  DATA_WALLET_REQUEST_ID_INVALID,
  dataWalletAmountProblem,
  saveDataWalletRequestSchema,
} from './data-wallet.js';
import { asCents, FEE_AMOUNT_INVALID } from './money.js';

describe('dataWalletAmountProblem (spec 2 §4, §5, §9)', () => {
  it.each([
    [0, false, null],
    [25_000, false, null],
    [50_000, false, null],
    [100_000, false, null],
    [30_000, false, DATA_WALLET_NOT_A_PRESET],
    [-1, false, 'The minimum amount is $0'],
    [250_000, true, null],
    [250_050, true, null],
    [249_999, true, 'The minimum amount is $2500'],
    [0, true, 'The minimum amount is $2500'],
    [99_999_999, true, null],
    [100_000_000, true, 'The maximum amount is $999,999.99'],
    [999_999_999, true, 'The maximum amount is $999,999.99'],
  ])('%i cents, custom %s → %s', (cents, custom, problem) => {
    expect(dataWalletAmountProblem(asCents(cents), custom)).toBe(problem);
  });
});

describe('the save and charge bodies', () => {
  const body = { company_id: 7, amount: '2500', custom_amount: 'T', stop_continual: 'F' };
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : result.error?.issues[0]?.message;

  it('reads a dollar string into cents', () => {
    expect(saveDataWalletRequestSchema.parse({ ...body, amount: '2500.5' }).amount).toBe(250_050);
  });
  it('refuses an amount below its mode’s minimum with the spec’s text', () => {
    expect(messageOf(saveDataWalletRequestSchema.safeParse({ ...body, amount: '2499.99' }))).toBe(
      'The minimum amount is $2500',
    );
    expect(
      messageOf(saveDataWalletRequestSchema.safeParse({ ...body, custom_amount: 'F', amount: '-5' })),
    ).toBe('The minimum amount is $0');
  });
  it('refuses what is not digits and one decimal point, and unknown fields', () => {
    for (const amount of ['1e3', '2,500', '25O0', '2500.001', ''])
      expect(messageOf(saveDataWalletRequestSchema.safeParse({ ...body, amount }))).toBe(FEE_AMOUNT_INVALID);
    expect(saveDataWalletRequestSchema.safeParse({ ...body, balance: '1' }).success).toBe(false);
  });
  it('the charge takes the spec’s extra fields and its request id, nothing else', () => {
    const extra = {
      ip_user: '192.0.2.1',
      timezone: 'America/Chicago',
      payment_type: 'credit_card',
      request_id: '0f6c2a9e4b1d4c7a9e2b3c4d5e6f7a8b',
    };
    expect(chargeDataWalletRequestSchema.safeParse({ ...body, ...extra }).success).toBe(true);
    expect(chargeDataWalletRequestSchema.safeParse({ ...body, ...extra, payment_type: 'cash' }).success).toBe(
      false,
    );
    expect(messageOf(chargeDataWalletRequestSchema.safeParse(body))).toBe(DATA_WALLET_REQUEST_ID_INVALID);
    expect(chargeDataWalletRequestSchema.safeParse({ ...body, request_id: 'a b c d e f g h' }).success).toBe(
      false,
    );
  });
});
