import { asCents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { GatewayRecord } from '../../../providers/payments/gateway.js';
import { matchRecords, type OperationSide, type PostingSide } from './match-records.js';

const SYSTEM = 7;
const at = new Date('2026-11-01T10:00:00Z');
const charge = (over: Partial<GatewayRecord> = {}): GatewayRecord => ({
  kind: 'charge',
  id: 'ch_1',
  idempotencyKey: 'onboarding:12',
  chargeId: null,
  connectedAccountId: null,
  amount: asCents(10_000),
  applicationFee: null,
  currency: 'usd',
  status: 'succeeded',
  metadata: { system_id: String(SYSTEM) },
  created: at,
  ...over,
});
const operation = (over: Partial<OperationSide> = {}): OperationSide => ({
  businessKey: 'onboarding:12',
  status: 'succeeded',
  chargeId: 'ch_1',
  amount: asCents(10_000),
  applicationFee: null,
  connectedAccountId: null,
  companyId: 12,
  ...over,
});
const posting = (over: Partial<PostingSide> = {}): PostingSide => ({
  postingId: 1,
  businessKey: 'onboarding:12',
  gatewayObjectId: 'ch_1',
  companyId: 12,
  clearing: asCents(10_000),
  ...over,
});
const kindsOf = (result: ReturnType<typeof matchRecords>) => result.differences.map((d) => d.kind);

describe('matchRecords', () => {
  it('finds nothing when a charge, its operation and its posting agree, and the totals match', () => {
    const result = matchRecords({
      systemId: SYSTEM,
      records: [charge()],
      operations: [operation()],
      postings: [posting()],
    });
    expect(result.differences).toEqual([]);
    expect(result.checked).toBe(1);
    expect(result.gateway.net).toBe(10_000);
    expect(result.ledger.net).toBe(10_000);
    expect(result.parties).toEqual([{ companyId: 12, gateway: 10_000, ledger: 10_000 }]);
  });

  it('counts a direct charge by its application fee, and a refund of it by the fee given back', () => {
    const direct = { connectedAccountId: 'acct_1', applicationFee: asCents(3_000) };
    const result = matchRecords({
      systemId: SYSTEM,
      records: [
        charge(direct),
        charge({
          ...direct,
          kind: 'refund',
          id: 're_1',
          chargeId: 'ch_1',
          idempotencyKey: null,
          amount: asCents(5_000),
          applicationFee: asCents(1_500),
        }),
      ],
      operations: [operation(direct)],
      postings: [
        posting({ clearing: asCents(3_000) }),
        posting({
          postingId: 2,
          businessKey: 'refund:ch_1',
          gatewayObjectId: 're_1',
          clearing: asCents(-1_500),
        }),
      ],
    });
    expect(result.differences).toEqual([]);
    expect(result.gateway).toEqual({
      charges: 10_000,
      refunds: 5_000,
      transfers: 0,
      applicationFees: 1_500,
      net: 1_500,
    });
    expect(result.ledger.net).toBe(1_500);
  });

  it('lists a gateway record of the system with no operation and no posting, with its key', () => {
    const result = matchRecords({
      systemId: SYSTEM,
      records: [charge({ id: 'ch_stray', idempotencyKey: 'stray:1' })],
      operations: [],
      postings: [],
    });
    expect(result.differences).toEqual([
      {
        kind: 'gateway_record_without_operation',
        operationKey: 'stray:1',
        gatewayObjectId: 'ch_stray',
        companyId: null,
        ours: null,
        gateway: 10_000,
      },
    ]);
  });

  it("leaves another system's records out", () => {
    const result = matchRecords({
      systemId: SYSTEM,
      records: [charge({ metadata: { system_id: '8' }, idempotencyKey: 'other:1' })],
      operations: [],
      postings: [],
    });
    expect(result).toMatchObject({ checked: 0, differences: [] });
  });

  it('lists a succeeded operation the gateway has no record of', () => {
    const result = matchRecords({
      systemId: SYSTEM,
      records: [],
      operations: [operation()],
      postings: [posting()],
    });
    expect(kindsOf(result)).toEqual([
      'operation_without_gateway_record',
      'ledger_posting_without_gateway_record',
    ]);
    expect(result.differences[0]).toMatchObject({
      operationKey: 'onboarding:12',
      ours: 10_000,
      gateway: null,
    });
  });

  it('lists an amount and an application fee that differ from the operation', () => {
    const result = matchRecords({
      systemId: SYSTEM,
      records: [
        charge({ amount: asCents(9_000), connectedAccountId: 'acct_1', applicationFee: asCents(900) }),
      ],
      operations: [operation({ connectedAccountId: 'acct_1', applicationFee: asCents(1_000) })],
      postings: [posting({ clearing: asCents(900) })],
    });
    expect(result.differences).toEqual([
      expect.objectContaining({ kind: 'amount_mismatch', ours: 10_000, gateway: 9_000 }),
      expect.objectContaining({ kind: 'application_fee_mismatch', ours: 1_000, gateway: 900 }),
    ]);
  });

  it('lists a charge whose ledger posting is missing or moved another amount', () => {
    const missing = matchRecords({
      systemId: SYSTEM,
      records: [charge()],
      operations: [operation()],
      postings: [],
    });
    expect(missing.differences).toEqual([
      expect.objectContaining({
        kind: 'ledger_posting_missing',
        operationKey: 'onboarding:12',
        ours: null,
        gateway: 10_000,
      }),
    ]);
    const different = matchRecords({
      systemId: SYSTEM,
      records: [charge()],
      operations: [operation()],
      postings: [posting({ clearing: asCents(9_999) })],
    });
    expect(different.differences).toEqual([
      expect.objectContaining({ kind: 'ledger_amount_mismatch', ours: 9_999, gateway: 10_000 }),
    ]);
    expect(different.parties).toEqual([{ companyId: 12, gateway: 10_000, ledger: 9_999 }]);
  });

  it('lists an operation recorded as failed that the gateway charged', () => {
    const result = matchRecords({
      systemId: SYSTEM,
      records: [charge()],
      operations: [operation({ status: 'failed', chargeId: null })],
      postings: [],
    });
    expect(kindsOf(result)).toEqual(['operation_failed_but_charged', 'ledger_posting_missing']);
  });

  it('leaves an operation still pending to the janitor', () => {
    const result = matchRecords({
      systemId: SYSTEM,
      records: [charge()],
      operations: [operation({ status: 'pending', chargeId: null })],
      postings: [],
    });
    expect(result).toMatchObject({ checked: 1, differences: [] });
  });

  it('needs no posting for a direct charge whose application fee is zero', () => {
    const direct = { connectedAccountId: 'acct_1', applicationFee: asCents(0) };
    const result = matchRecords({
      systemId: SYSTEM,
      records: [charge(direct)],
      operations: [operation(direct)],
      postings: [],
    });
    expect(result.differences).toEqual([]);
  });

  it('counts no money for a declined charge the gateway keeps (Stripe lists failed charges)', () => {
    const result = matchRecords({
      systemId: SYSTEM,
      records: [charge({ status: 'failed' })],
      operations: [operation({ status: 'failed', chargeId: null })],
      postings: [],
    });
    expect(result).toMatchObject({ checked: 0, differences: [] });
    expect(result.gateway.net).toBe(0);
  });
});
