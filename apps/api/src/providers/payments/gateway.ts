import type { Cents } from '@app/contracts';

/**
 * The payment gateway port: what the product asks of a card processor (Stripe, or the sandbox that
 * behaves like Stripe's test mode). Object inputs, typed results, amounts in `Cents`, USD only.
 *
 * Every mutating call takes an `idempotencyKey` derived by the caller from the business operation
 * (e.g. `onboarding:<companyId>`): the same key with the same input returns the first result, the
 * same key with another input fails with `idempotency_mismatch`. No database transaction may be open
 * across a call: record the intent, call, record the result.
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** The (lower-case) request header carrying a webhook's signature. */
  readonly signatureHeader: string;

  createCustomer(input: CreateCustomerInput): Promise<Customer>;
  /** Attaches a card (a token from the card form) and makes it the customer's default. */
  attachCard(input: AttachCardInput): Promise<Card>;
  /**
   * A SetupIntent for the card form's Stripe Elements (decision 0039): the browser confirms it with the
   * card, and the payment method it yields is attached with `attachCard`. The sandbox has none (its
   * own test-card form makes tokens) and refuses with `invalid_request`.
   */
  createSetupIntent(input: SetupIntentInput): Promise<SetupIntent>;
  /** The customer's default card, or null. */
  getCard(input: { customerId: string; connectedAccountId?: string }): Promise<Card | null>;

  /**
   * Charges a customer's default card. With `connectedAccountId` it is a direct charge on that
   * account (its customer), and `applicationFee` goes to the platform (the agency keeps the rest).
   */
  createCharge(input: CreateChargeInput): Promise<Charge>;
  refund(input: RefundInput): Promise<Refund>;
  /** Moves platform funds to a connected account (sales commissions). */
  transfer(input: TransferInput): Promise<Transfer>;

  createConnectedAccount(input: CreateAccountInput): Promise<ConnectedAccount>;
  /** Where the account holder completes onboarding; `returnUrl` is where they land afterwards. */
  createOnboardingLink(input: OnboardingLinkInput): Promise<{ url: string; expiresAt: Date }>;

  /** Reads an object by id; null when the gateway does not know it (reconciliation asks this). */
  retrieve<K extends keyof RetrievableObjects>(
    kind: K,
    id: string,
    options?: { connectedAccountId?: string },
  ): Promise<RetrievableObjects[K] | null>;
  /** The charge made with this idempotency key, or null when none was made (the janitor's question). */
  findChargeByIdempotencyKey(input: {
    idempotencyKey: string;
    connectedAccountId?: string;
  }): Promise<Charge | null>;

  /**
   * The gateway's money records (charges, refunds, transfers) created since `since` (all when null),
   * oldest first: the platform's and those of the given connected accounts (direct charges). What
   * reconciliation compares the ledger with (decision 0079).
   */
  listRecords(input: {
    since: Date | null;
    connectedAccountIds: readonly string[];
  }): Promise<GatewayRecord[]>;

  /** Checks a webhook's `t=…,v1=…` signature and its age; returns the event or throws `WebhookSignatureError`. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): Promise<GatewayEvent>;
}

export type GatewayName = 'sandbox' | 'stripe';
export const GATEWAY_NAMES: readonly GatewayName[] = ['sandbox', 'stripe'];

interface Mutation {
  idempotencyKey: string;
}

export interface CreateCustomerInput extends Mutation {
  email: string;
  name: string;
  /** A customer of a connected account (a client paying its agency), else of the platform. */
  connectedAccountId?: string;
  metadata?: Record<string, string>;
}
export interface Customer {
  id: string;
  email: string;
  name: string;
  connectedAccountId: string | null;
}

export interface CardAddress {
  line1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}
export interface AttachCardInput extends Mutation {
  customerId: string;
  connectedAccountId?: string;
  /**
   * From the card form: a payment method a confirmed SetupIntent yielded (`pm_…`, Stripe Elements), or
   * a single-use card token (`tok_…`, the sandbox test-card form's, or Stripe's legacy tokens).
   */
  cardToken: string;
}
export interface SetupIntentInput extends Mutation {
  customerId: string;
  /** The customer of a connected account (a client's card on its agency's account). */
  connectedAccountId?: string;
}
export interface SetupIntent {
  id: string;
  /** What Stripe.js confirms the card with; given to the person's browser only. */
  clientSecret: string;
}

export interface Card {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
  address: CardAddress | null;
}

export interface CreateChargeInput extends Mutation {
  customerId: string;
  amount: Cents;
  currency: 'usd';
  description: string;
  /** Direct charge on this connected account. */
  connectedAccountId?: string;
  /** The platform's part of a direct charge; at most `amount`. */
  applicationFee?: Cents;
  metadata?: Record<string, string>;
}
export interface Charge {
  id: string;
  amount: Cents;
  amountRefunded: Cents;
  applicationFee: Cents | null;
  currency: 'usd';
  status: 'succeeded';
  customerId: string;
  connectedAccountId: string | null;
  cardLast4: string;
  created: Date;
}

export interface RefundInput extends Mutation {
  chargeId: string;
  connectedAccountId?: string;
  /** Defaults to what is left to refund. */
  amount?: Cents;
  /** On a direct charge: give the application fee back in proportion. */
  refundApplicationFee?: boolean;
  /**
   * On a direct charge: give exactly this much of the application fee back (at most what is left of
   * it), instead of in proportion — what a refund of leads owes of the platform's wholesale (decision 0082).
   */
  applicationFeeBack?: Cents;
}
export interface Refund {
  id: string;
  chargeId: string;
  amount: Cents;
  status: 'succeeded';
  created: Date;
}

export interface TransferInput extends Mutation {
  destinationAccountId: string;
  amount: Cents;
  currency: 'usd';
  description: string;
}
export interface Transfer {
  id: string;
  destinationAccountId: string;
  amount: Cents;
  created: Date;
}

export interface CreateAccountInput extends Mutation {
  email: string;
  businessName: string;
  country: string;
  /** Who the account belongs to, e.g. `{ company_id: '12' }`; echoed in account events. */
  metadata: Record<string, string>;
}
export interface OnboardingLinkInput extends Mutation {
  accountId: string;
  returnUrl: string;
  refreshUrl: string;
}

/** The spec's statuses of a connected payment account (spec 2 §2), `empty` being "none yet". */
export type AccountStatus = 'pending' | 'inverification' | 'completed' | 'failed';
export interface AccountRequirements {
  currentlyDue: string[];
  pastDue: string[];
  pendingVerification: string[];
  disabledReason: string | null;
}
export interface ConnectedAccount {
  id: string;
  email: string;
  status: AccountStatus;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirements: AccountRequirements;
  metadata: Record<string, string>;
}

/** Why charges are off while the provider is still checking (as opposed to waiting on the holder). */
const STILL_CHECKING = new Set(['requirements.pending_verification', 'under_review']);

/**
 * One reading of a provider's account flags as the spec's status, shared by every adapter: rejected →
 * failed; details not yet submitted → pending; charges on → completed; charges off while the provider
 * checks → in verification; charges off for information past due (Stripe's "restricted") → completed
 * with charges disabled, which is what raises the 'Action Required' banner.
 */
export function accountStatusOf(
  account: Omit<ConnectedAccount, 'status' | 'id' | 'email' | 'metadata'>,
): AccountStatus {
  const reason = account.requirements.disabledReason;
  if (reason?.startsWith('rejected')) return 'failed';
  if (!account.detailsSubmitted) return 'pending';
  if (account.chargesEnabled) return 'completed';
  const restricted =
    reason !== null && !STILL_CHECKING.has(reason) && account.requirements.pastDue.length > 0;
  return restricted ? 'completed' : 'inverification';
}

/** One money movement at the gateway, as reconciliation reads it. */
export interface GatewayRecord {
  kind: 'charge' | 'refund' | 'transfer';
  id: string;
  /** The idempotency key it was made with (our business key), when the gateway keeps it. */
  idempotencyKey: string | null;
  /** A refund's charge. */
  chargeId: string | null;
  /** The connected account of a direct charge (or of a refund of one); a transfer's destination. */
  connectedAccountId: string | null;
  amount: Cents;
  /** A charge's application fee, or the part of it a refund gave back; null when none. */
  applicationFee: Cents | null;
  currency: string;
  status: string;
  /** A charge's metadata (a refund carries its charge's): `system_id`, `business_key`, … */
  metadata: Record<string, string>;
  created: Date;
}

export interface RetrievableObjects {
  customer: Customer;
  charge: Charge;
  refund: Refund;
  transfer: Transfer;
  account: ConnectedAccount;
}

/** A webhook event as every adapter hands it over: the provider's id, type, time and object. */
export interface GatewayEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, as the provider stamped it (orders events of one object). */
  created: number;
  /** The connected account the event happened on, if any. */
  account: string | null;
  /** The object the event is about (a charge, an account…), in the provider's own shape. */
  object: { id: string; object: string } & Record<string, unknown>;
}

export type DeclineCode = 'generic_decline' | 'insufficient_funds' | 'expired_card';
export type GatewayErrorCode =
  | 'card_declined'
  | 'authentication_required'
  | 'idempotency_mismatch'
  | 'not_found'
  | 'invalid_request';

/** Every failure a gateway reports on purpose; anything else is an outage (retry later). */
export class GatewayError extends Error {
  constructor(
    readonly code: GatewayErrorCode,
    message: string,
    readonly declineCode: DeclineCode | null = null,
    /** The request field at fault, for invalid requests. */
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** A webhook whose signature or timestamp does not hold (the endpoint answers 400 with the message). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}
