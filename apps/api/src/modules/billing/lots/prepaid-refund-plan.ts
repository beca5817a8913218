import {
  asCents,
  asMicros,
  type Cents,
  centsToDollars,
  microsToDollars,
  type RefundEstimate,
} from '@app/contracts';
import type { PrepaidRefundCall } from '@app/db';
import { type BlockCharge, type PrepaidRefund, prepaidRefund, type RefundableBlock } from '@app/pricing';
import type { PaymentOperationRow } from '../../payments/index.js';
import type { LotRow } from './lot-repository.js';

/** The succeeded charge that paid an obligation (`payments.charges.paidFor`). */
export type PaidFor = (obligationKey: string) => Promise<PaymentOperationRow | null>;

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
  payer: PaymentOperationRow | null;
  platformPart: PaymentOperationRow | null;
}

/** Each lot with the charges that paid it (read once before the refund's transaction: paid charges never change). */
export async function paidBlocks(lots: readonly LotRow[], paidFor: PaidFor): Promise<PaidBlock[]> {
  return Promise.all(
    lots.map(async (lot) => {
      const keys = obligationKeysOf(lot.sourceKey);
      const [payer, platformPart] = await Promise.all([paidFor(keys.payer), paidFor(keys.platformPart)]);
      return { lot, payer, platformPart };
    }),
  );
}

const chargeOf = (op: PaymentOperationRow | null): BlockCharge | null =>
  op && { amount: op.amount, applicationFee: op.applicationFee };

const toBlock = (b: PaidBlock): RefundableBlock => ({
  lotId: b.lot.id,
  leads: b.lot.quantity,
  clientPriceMicros: b.lot.clientPriceMicros ?? asMicros(0),
  wholesaleMicros: b.lot.wholesaleMicros ?? asMicros(0),
  // A direct charge on the agency's account is the client's card; a charge on the platform, the agency's.
  paidBy: b.payer && b.payer.connectedAccountId === null ? 'agency' : 'client',
  payerCharge: chargeOf(b.payer) ?? { amount: asCents(0), applicationFee: null },
  platformPartCharge: chargeOf(b.platformPart),
});

export interface RefundPlan {
  refund: PrepaidRefund;
  /** The gateway refunds to make, keyed under the refund's business key (added when it is known). */
  calls: Omit<PrepaidRefundCall, 'key'>[];
}

/** What refunding `leadsLeft` of these blocks gives back, and the gateway refunds that make it. */
export function planRefund(blocks: readonly PaidBlock[], leadsLeft: number): RefundPlan {
  const refund = prepaidRefund(blocks.map(toBlock), leadsLeft);
  const calls: RefundPlan['calls'] = [];
  const call = (op: PaymentOperationRow | null, amount: Cents, feeBack: Cents) => {
    if (!op || amount === 0 || op.chargeId === null || op.companyId === null) return;
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
  return { refund, calls };
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
      };
    }),
  };
}
