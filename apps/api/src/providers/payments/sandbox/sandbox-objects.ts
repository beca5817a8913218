import { asCents } from '@app/contracts';
import type {
  sandboxAccounts,
  sandboxCards,
  sandboxCharges,
  sandboxCustomers,
  sandboxRefunds,
  sandboxTransfers,
} from '@app/db';
import {
  accountStatusOf,
  type Card,
  type CardAddress,
  type Charge,
  type ConnectedAccount,
  type Customer,
  type Refund,
  type Transfer,
} from '../gateway.js';

/** Rows of the sandbox tables as the port's objects, and as the Stripe-shaped objects its events carry. */

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

export const customerOf = (row: Row<typeof sandboxCustomers>): Customer => ({
  id: row.id,
  email: row.email,
  name: row.name,
  connectedAccountId: row.accountId,
});

export const cardOf = (row: Row<typeof sandboxCards>): Card => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  holderName: row.holderName,
  address: (row.address as CardAddress | null) ?? null,
});

export const chargeOf = (row: Row<typeof sandboxCharges>, cardLast4: string): Charge => ({
  id: row.id,
  amount: asCents(row.amount),
  amountRefunded: asCents(row.amountRefunded),
  applicationFee: row.applicationFee === null ? null : asCents(row.applicationFee),
  currency: 'usd',
  status: 'succeeded',
  customerId: row.customerId,
  connectedAccountId: row.accountId,
  cardLast4,
  created: row.createdAt,
});

export const refundOf = (row: Row<typeof sandboxRefunds>): Refund => ({
  id: row.id,
  chargeId: row.chargeId,
  amount: asCents(row.amount),
  status: 'succeeded',
  created: row.createdAt,
});

export const transferOf = (row: Row<typeof sandboxTransfers>): Transfer => ({
  id: row.id,
  destinationAccountId: row.destinationAccountId,
  amount: asCents(row.amount),
  created: row.createdAt,
});

export function accountOf(row: Row<typeof sandboxAccounts>): ConnectedAccount {
  const flags = {
    detailsSubmitted: row.detailsSubmitted,
    chargesEnabled: row.chargesEnabled,
    payoutsEnabled: row.payoutsEnabled,
    requirements: {
      currentlyDue: row.currentlyDue,
      pastDue: row.pastDue,
      pendingVerification: row.pendingVerification,
      disabledReason: row.disabledReason,
    },
  };
  return { id: row.id, email: row.email, metadata: row.metadata, status: accountStatusOf(flags), ...flags };
}

/** An account as a Stripe `account` object (what `account.updated` carries). */
export const stripeShapedAccount = (row: Row<typeof sandboxAccounts>) => ({
  id: row.id,
  object: 'account',
  email: row.email,
  business_profile: { name: row.businessName },
  country: row.country,
  details_submitted: row.detailsSubmitted,
  charges_enabled: row.chargesEnabled,
  payouts_enabled: row.payoutsEnabled,
  requirements: {
    currently_due: row.currentlyDue,
    past_due: row.pastDue,
    pending_verification: row.pendingVerification,
    disabled_reason: row.disabledReason,
  },
  metadata: row.metadata,
});

/** A charge as a Stripe `charge` object (what `charge.succeeded` / `charge.refunded` carry). */
export const stripeShapedCharge = (row: Row<typeof sandboxCharges>) => ({
  id: row.id,
  object: 'charge',
  amount: row.amount,
  amount_refunded: row.amountRefunded,
  application_fee_amount: row.applicationFee,
  currency: 'usd',
  customer: row.customerId,
  status: 'succeeded',
  paid: true,
  refunded: row.amountRefunded === row.amount,
  description: row.description,
  metadata: row.metadata,
  created: Math.floor(row.createdAt.getTime() / 1000),
});

export const stripeShapedTransfer = (row: Row<typeof sandboxTransfers>) => ({
  id: row.id,
  object: 'transfer',
  amount: row.amount,
  currency: 'usd',
  destination: row.destinationAccountId,
  description: row.description,
});
