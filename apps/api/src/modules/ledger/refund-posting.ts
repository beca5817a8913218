import { asCents, type Cents } from '@app/contracts';
import type { Executor } from '@app/db';
import type { Ledger } from './ledger-service.js';

/** A gateway refund of the platform's money, as the ledger records it. */
export interface GatewayRefund {
  systemId: number;
  /** The payer whose card gets it back. */
  companyId: number;
  /** The platform's part refunded (a direct charge's application fee back, or a platform charge's amount). */
  amount: Cents;
  gateway: string;
  refundId: string;
  /** Once per refund: `refund:<charge id>` for one refund of a charge, or a key of the operation. */
  businessKey: string;
  description: string;
}

/**
 * The money lines of one gateway refund: credited to the payer (set against the system's refunds),
 * then paid back to its card out of the clearing account — as a charge is owed, then paid. Nothing
 * for an amount of 0 (a direct refund that gave no fee back).
 */
export async function postGatewayRefund(ledger: Ledger, r: GatewayRefund, tx: Executor): Promise<void> {
  if (r.amount === 0) return;
  const system = { type: 'system' } as const;
  const [refunds, clearing, receivable] = await Promise.all([
    ledger.accountFor({ systemId: r.systemId, kind: 'refunds', owner: system }, tx),
    ledger.accountFor({ systemId: r.systemId, kind: 'gateway_clearing', owner: system }, tx),
    ledger.accountFor(
      { systemId: r.systemId, kind: 'receivable', owner: { type: 'company', companyId: r.companyId } },
      tx,
    ),
  ]);
  const cents = asCents(r.amount);
  const back = asCents(-r.amount);
  await ledger.post(
    {
      systemId: r.systemId,
      cause: {
        kind: 'refund',
        description: r.description,
        businessKey: r.businessKey,
        companyId: r.companyId,
      },
      gateway: { name: r.gateway, objectId: r.refundId },
      lines: [
        { accountId: refunds.id, amount: cents },
        { accountId: receivable.id, amount: back },
        { accountId: receivable.id, amount: cents },
        { accountId: clearing.id, amount: back },
      ],
    },
    tx,
  );
}
