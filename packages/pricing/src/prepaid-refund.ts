import { asCents, type Cents, centsFromBigInt, MICROS_PER_CENT, type Micros } from '@app/contracts';

/*
 * The refund of a stopped prepaid campaign's unused leads (issue 21, decision 0078). Leads are used
 * oldest block first, so the leads left belong to the newest blocks: each block's unused part is
 * taken newest first. What each block's charges give back:
 *
 * - paid by the client (a direct charge on the agency's connected account): the unused leads at the
 *   client price the block was bought at, never more than the charge left to refund. Of that refund
 *   the platform gives back its wholesale of the unused leads out of the application fee — never more
 *   than the client gets back, nor than the fee it took (decision 0082: a fee "in proportion" gave
 *   back, on a block whose client charge was all fee because the agency priced below cost, fee the
 *   platform had taken for the setup, not for these leads); the agency's account gives back the rest
 *   (its markup). When the agency's card paid a platform part besides (the client's price below the
 *   wholesale), the card gets back the unused leads' wholesale the client's refund did not carry.
 * - paid by the agency (manual bill): the unused leads at the wholesale price, to the agency's card.
 *
 * What the agency paid from its Data Wallet instead of its card (decision 0085: a manual-bill block,
 * or the platform part) goes back the same way it would to the card, but into the wallet (decision
 * 0087). A client's direct charge is never paid from the wallet.
 *
 * Rounding: every refund is rounded DOWN to whole cents (the payer never gets back more than it paid
 * for the unused leads; the sub-cent rest stays with whoever charged it), and capped by what the
 * charge has left to refund.
 */

/** A charge that paid for a block, as the payment operation recorded it. */
export interface BlockCharge {
  amount: Cents;
  /** The platform's application fee on a direct charge; null on a charge of the platform's own. */
  applicationFee: Cents | null;
  /** What paid it: a card (the default), or the agency's Data Wallet (decision 0085). */
  paidFrom?: 'card' | 'wallet';
}

export interface RefundableBlock {
  /** The block's lot, named in the result. */
  lotId: number;
  leads: number;
  clientPriceMicros: Micros;
  wholesaleMicros: Micros;
  paidBy: 'client' | 'agency';
  /** The payer's charge: the client's direct charge, or the agency's card under manual bill. */
  payerCharge: BlockCharge;
  /** The agency's card's platform part, when the client's charge could not carry the wholesale. */
  platformPartCharge: BlockCharge | null;
}

export interface BlockRefund {
  lotId: number;
  unusedLeads: number;
  /** Given back on the payer's charge (to the client's card, or the agency's under manual bill). */
  payerRefundCents: Cents;
  /** Of that refund, what the platform gives back of its application fee (direct charges only). */
  applicationFeeBackCents: Cents;
  /** Given back on the agency's platform-part charge. */
  platformPartRefundCents: Cents;
  /** To the client's card, and to the agency's (manual bill's payer refund, or the platform part). */
  clientRefundCents: Cents;
  agencyCardRefundCents: Cents;
  /** The same agency refund when the Data Wallet paid it instead of the card: back into the wallet. */
  agencyWalletRefundCents: Cents;
}

export interface PrepaidRefund {
  unusedLeads: number;
  blocks: BlockRefund[];
  /** What the client gets back in all (0 under manual bill). */
  clientCents: Cents;
  /** What the agency gets back on its own card (manual bill, or platform parts). */
  agencyCardCents: Cents;
  /** What the agency gets back into its Data Wallet (what the wallet paid of those). */
  agencyWalletCents: Cents;
  /** What the platform gives back of its wholesale (fees refunded, platform parts, the wallet's). */
  wholesaleBackCents: Cents;
  /** What the agency gives back out of its own account: the client's refund less the fees returned. */
  agencyMarkupBackCents: Cents;
}

const floorCents = (leads: number, unitPrice: Micros): Cents =>
  centsFromBigInt((BigInt(leads) * BigInt(unitPrice)) / BigInt(MICROS_PER_CENT));
const min = (a: Cents, b: Cents): Cents => (a < b ? a : b);
const zero = asCents(0);

/** An agency refund of `back` on `charge`: to the card, or into the wallet that paid it. */
const agencyBack = (charge: BlockCharge, back: Cents) =>
  charge.paidFrom === 'wallet'
    ? { agencyCardRefundCents: zero, agencyWalletRefundCents: back }
    : { agencyCardRefundCents: back, agencyWalletRefundCents: zero };

/**
 * What the platform gives back of a direct charge's application fee when `clientRefund` of the
 * charge goes back for leads whose wholesale is `unusedWholesale`: that wholesale, but never more than
 * the client gets back (the rest of it was the agency's card's part) nor than the fee it took.
 */
export function applicationFeeBack(charge: BlockCharge, clientRefund: Cents, unusedWholesale: Cents): Cents {
  if (!charge.applicationFee) return asCents(0);
  return min(min(clientRefund, unusedWholesale), charge.applicationFee);
}

/** `blocks` oldest first (as bought); `leadsLeft` the campaign's prepaid balance (a ledger sum). */
export function prepaidRefund(blocks: readonly RefundableBlock[], leadsLeft: number): PrepaidRefund {
  if (!Number.isSafeInteger(leadsLeft) || leadsLeft < 0)
    throw new RangeError(`Not a count of leads left: ${leadsLeft}`);
  const bought = blocks.reduce((sum, b) => sum + b.leads, 0);
  if (leadsLeft > bought) throw new RangeError(`${leadsLeft} leads left of ${bought} bought`);
  let rest = leadsLeft;
  const refunds: BlockRefund[] = [];
  for (const block of [...blocks].reverse()) {
    if (rest === 0) break;
    const unused = Math.min(rest, block.leads);
    rest -= unused;
    if (block.paidBy === 'agency') {
      const back = min(floorCents(unused, block.wholesaleMicros), block.payerCharge.amount);
      refunds.push({
        lotId: block.lotId,
        unusedLeads: unused,
        payerRefundCents: back,
        applicationFeeBackCents: zero,
        platformPartRefundCents: zero,
        clientRefundCents: zero,
        ...agencyBack(block.payerCharge, back),
      });
      continue;
    }
    const payer = min(floorCents(unused, block.clientPriceMicros), block.payerCharge.amount);
    const wholesale = floorCents(unused, block.wholesaleMicros);
    const fee = applicationFeeBack(block.payerCharge, payer, wholesale);
    const part = block.platformPartCharge
      ? min(asCents(Math.max(0, wholesale - fee)), block.platformPartCharge.amount)
      : zero;
    refunds.push({
      lotId: block.lotId,
      unusedLeads: unused,
      payerRefundCents: payer,
      applicationFeeBackCents: fee,
      platformPartRefundCents: part,
      clientRefundCents: payer,
      ...(block.platformPartCharge
        ? agencyBack(block.platformPartCharge, part)
        : { agencyCardRefundCents: zero, agencyWalletRefundCents: zero }),
    });
  }
  const sum = (pick: (r: BlockRefund) => Cents) => asCents(refunds.reduce((s, r) => s + pick(r), 0));
  const clientCents = sum((r) => r.clientRefundCents);
  const agencyCardCents = sum((r) => r.agencyCardRefundCents);
  const agencyWalletCents = sum((r) => r.agencyWalletRefundCents);
  const fees = sum((r) => r.applicationFeeBackCents);
  return {
    unusedLeads: leadsLeft,
    blocks: refunds.reverse(),
    clientCents,
    agencyCardCents,
    agencyWalletCents,
    // The platform gives back every fee, and all the agency gets on its card or in its wallet (its wholesale).
    wholesaleBackCents: asCents(fees + agencyCardCents + agencyWalletCents),
    agencyMarkupBackCents: asCents(clientCents - fees),
  };
}
