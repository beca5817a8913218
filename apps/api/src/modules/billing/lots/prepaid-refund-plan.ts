import {
  asCents,
  asMicros,
  type Cents,
  centsToDollars,
  microsToDollars,
  type RefundEstimate,
} from '@app/contracts';
import type { PrepaidRefundCall, PrepaidRefundWalletPart } from '@app/db';
import { type BlockCharge, type PrepaidRefund, prepaidRefund, type RefundableBlock } from '@app/pricing';
import type { PaymentOperationRow } from '../../payments/index.js';
import type { WalletPaidFor } from '../wallet/wallet-payment.js';
import type { LotRow } from './lot-repository.js';

/** The succeeded charge that paid an obligation (`payments.charges.paidFor`). */
export type PaidFor = (obligationKey: string) => Promise<PaymentOperationRow | null>;

/** What paid an obligation: a card charge, or the agency's Data Wallet (decision 0085). */
export type BlockPayment =
  | { from: 'card'; operation: PaymentOperationRow }
  | { from: 'wallet'; amount: Cents; agencyId: number; postingId: number };

/** The keys a block's charges paid: the payer's, and the platform part's (decision 0065). */
export function obligationKeysOf(sourceKey: string) {
  const activation = /^campaign-activation:(\d+):(\d+)$/.exec(sourceKey);
  return {
    payer: sourceKey,
    platformPart: activation
      ? `campaign-platform-part:${activation[1]}:${activation[2]}`
      : `${sourceKey}:platform-part`,
  };
}

interface PaidBlock {
  lot: LotRow;
  payer: BlockPayment | null;
  platformPart: BlockPayment | null;
}

/**
 * Each lot with what paid it: the charge, or else the Data Wallet's payment, of each of its
 * obligations (read once before the refund's transaction: payments made never change).
 */
export async function paidBlocks(
  lots: readonly LotRow[],
  paid: { paidFor: PaidFor; walletPaidFor: WalletPaidFor },
): Promise<PaidBlock[]> {
  const paymentOf = async (obligationKey: string): Promise<BlockPayment | null> => {
    const operation = await paid.paidFor(obligationKey);
    if (operation) return { from: 'card', operation };
    const wallet = await paid.walletPaidFor(obligationKey);
    return wallet && { from: 'wallet', ...wallet };
  };
  return Promise.all(
    lots.map(async (lot) => {
      const keys = obligationKeysOf(lot.sourceKey);
      const [payer, platformPart] = await Promise.all([paymentOf(keys.payer), paymentOf(keys.platformPart)]);
      return { lot, payer, platformPart };
    }),
  );
}

const chargeOf = (paid: BlockPayment | null): BlockCharge | null => {
  if (!paid) return null;
  if (paid.from === 'wallet') return { amount: paid.amount, applicationFee: null, paidFrom: 'wallet' };
  return { amount: paid.operation.amount, applicationFee: paid.operation.applicationFee, paidFrom: 'card' };
};

/**
 * Who paid a block: the agency when its own card (a charge on the platform) or its wallet did (manual
 * bill); the client when its card paid by a direct charge on the agency's account.
 */
const payerOf = (paid: BlockPayment | null): RefundableBlock['paidBy'] =>
  paid?.from === 'wallet' || (paid?.from === 'card' && paid.operation.connectedAccountId === null)
    ? 'agency'
    : 'client';

const toBlock = (b: PaidBlock): RefundableBlock => ({
  lotId: b.lot.id,
  leads: b.lot.quantity,
  clientPriceMicros: b.lot.clientPriceMicros ?? asMicros(0),
  wholesaleMicros: b.lot.wholesaleMicros ?? asMicros(0),
  paidBy: payerOf(b.payer),
  payerCharge: chargeOf(b.payer) ?? { amount: asCents(0), applicationFee: null },
  platformPartCharge: chargeOf(b.platformPart),
});

export interface RefundPlan {
  refund: PrepaidRefund;
  /** The gateway refunds to make, keyed under the refund's business key (added when it is known). */
  calls: Omit<PrepaidRefundCall, 'key'>[];
  /** What goes back into the agency's Data Wallet (decision 0087), and whose; null: nothing. */
  wallet: { agencyId: number; amount: Cents } | null;
  /**
   * What goes back into the wallet of each wallet spend that paid a block (its posting): the sales
   * commissions earned on that spend are reversed on it (decision 0089).
   */
  walletParts: PrepaidRefundWalletPart[];
}

/** What refunding `leadsLeft` of these blocks gives back: the gateway refunds, and the wallet's credit. */
export function planRefund(blocks: readonly PaidBlock[], leadsLeft: number): RefundPlan {
  const refund = prepaidRefund(blocks.map(toBlock), leadsLeft);
  const calls: RefundPlan['calls'] = [];
  const walletParts: PrepaidRefundWalletPart[] = [];
  const wallets = new Set<number>();
  const call = (paid: BlockPayment | null, amount: Cents, feeBack: Cents) => {
    if (paid?.from === 'wallet' && amount > 0) {
      wallets.add(paid.agencyId);
      walletParts.push({ spendPostingId: paid.postingId, amount });
    }
    if (paid?.from !== 'card' || amount === 0) return;
    const op = paid.operation;
    if (op.chargeId === null || op.companyId === null) return;
    calls.push({
      gateway: op.gateway,
      chargeId: op.chargeId,
      connectedAccountId: op.connectedAccountId,
      companyId: op.companyId,
      amount,
      applicationFeeBack: feeBack,
      refundId: null,
    });
  };
  for (const r of refund.blocks) {
    const b = blocks.find((x) => x.lot.id === r.lotId);
    if (!b) continue;
    call(b.payer, r.payerRefundCents, r.applicationFeeBackCents);
    call(b.platformPart, r.platformPartRefundCents, asCents(0));
  }
  // The wallet pays only what the campaign's own agency owes (decision 0085): one wallet at most.
  if (wallets.size > 1) throw new Error(`a prepaid refund names ${wallets.size} Data Wallets`);
  const [agencyId] = wallets;
  const wallet =
    agencyId !== undefined && refund.agencyWalletCents > 0
      ? { agencyId, amount: refund.agencyWalletCents }
      : null;
  return { refund, calls, wallet, walletParts: wallet ? walletParts : [] };
}

/** The estimate on the wire. */
export function estimateOnWire(
  publicId: string,
  blocks: readonly PaidBlock[],
  plan: RefundPlan,
  refusal: string | null,
): RefundEstimate {
  const { refund } = plan;
  return {
    leadspeek_api_id: publicId,
    refusal,
    leads_left: refund.unusedLeads,
    client_refund: centsToDollars(refund.clientCents),
    agency_card_refund: centsToDollars(refund.agencyCardCents),
    agency_wallet_refund: centsToDollars(refund.agencyWalletCents),
    wholesale_back: centsToDollars(refund.wholesaleBackCents),
    agency_markup_back: centsToDollars(refund.agencyMarkupBackCents),
    blocks: refund.blocks.map((r) => {
      const lot = blocks.find((b) => b.lot.id === r.lotId)?.lot;
      return {
        unused_leads: r.unusedLeads,
        client_price: microsToDollars(lot?.clientPriceMicros ?? asMicros(0)),
        wholesale_price: microsToDollars(lot?.wholesaleMicros ?? asMicros(0)),
        client_refund: centsToDollars(r.clientRefundCents),
        application_fee_back: centsToDollars(r.applicationFeeBackCents),
        agency_card_refund: centsToDollars(r.agencyCardRefundCents),
        agency_wallet_refund: centsToDollars(r.agencyWalletRefundCents),
      };
    }),
  };
}
