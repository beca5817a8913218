import { asCents } from '@app/contracts';
import { companies, eq, paymentFailures, paymentOperations } from '@app/db';
import type { TestRuntime } from '../harness.js';

let counter = 0;

/**
 * A declined charge the company still owes, stored as `chargeOnce` stores one (decision 0065): a failed
 * operation for an obligation and its open failure. For tests that need a payment-failed company
 * without walking a card through a decline.
 */
export async function declinedCharge(
  rt: TestRuntime,
  companyId: number,
  options: { campaignId?: number; cents?: number } = {},
) {
  const db = rt.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new Error(`no company ${companyId}`);
  const key = `test-obligation:${process.pid}:${++counter}`;
  const amount = asCents(options.cents ?? 6_000);
  const [operation] = await db
    .insert(paymentOperations)
    .values({
      systemId: company.systemId,
      businessKey: key,
      causeKind: 'charge',
      description: 'A declined test charge',
      companyId,
      gateway: 'sandbox',
      customerId: 'cus_test',
      amount,
      obligationKey: key,
      status: 'failed',
      failureCode: 'card_declined',
      failureMessage: 'Your card was declined.',
      settledAt: new Date(),
    })
    .returning();
  if (!operation) throw new Error('operation not stored');
  await db.insert(paymentFailures).values({
    systemId: company.systemId,
    payerCompanyId: companyId,
    agencyId: company.kind === 'agency' ? company.id : (company.parentId ?? company.id),
    campaignId: options.campaignId ?? null,
    obligationKey: key,
    amount,
    reason: 'Your card was declined.',
    lastOperationId: operation.id,
    failedAt: new Date(),
  });
  return { obligationKey: key, operationId: operation.id };
}
